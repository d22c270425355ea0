import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';

/** PartnerTerms is where the session stands with the payment partner's terms. */
export type PartnerTerms = components['schemas']['PartnerTerms'];

/** partnerTermsKey is the query key of GET /api/partner-terms. */
export const partnerTermsKey = ['partner-terms'] as const;

/** getPartnerTerms asks whether the partner wants its terms accepted first, and whether they were. */
export function getPartnerTerms(): Promise<PartnerTerms> {
  return apiFetch<PartnerTerms>('/api/partner-terms');
}

/** startPartnerTerms opens an acceptance; the answer's url is the partner's page. */
export function startPartnerTerms(returnPath: string): Promise<PartnerTerms> {
  return apiFetch<PartnerTerms>('/api/partner-terms', { method: 'POST', body: { return_path: returnPath } });
}
