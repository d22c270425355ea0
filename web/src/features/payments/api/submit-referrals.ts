// The one submitReferrals: POST /api/referrals. It reports what the server
// stored (its `sent` count and message), never how many were asked for.

import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';
import type { components } from '@contract/api-types';

export type ReferralRequest = components['schemas']['ReferralRequest'];
export type Referred = components['schemas']['Referred'];

export async function submitReferrals(input: ReferralRequest): Promise<Referred> {
  const body = await apiFetch<Partial<Referred>>('/api/referrals', {
    body: { customer_id: input.customer_id, emails: input.emails },
  });
  if (typeof body?.sent !== 'number') throw new ApiError(200, 'The server did not confirm the referrals.');
  return { sent: body.sent, message: typeof body.message === 'string' ? body.message : '' };
}

export function useSubmitReferrals() {
  return useMutation({ mutationFn: submitReferrals });
}
