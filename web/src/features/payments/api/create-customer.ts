import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';
import type { Country } from '@/features/payments/lib/country';

/** CustomerPayload is the body of POST /api/create-customer for a new payer (all of step 1). */
export type CustomerPayload = components['schemas']['NewCustomer'] & {
  identity_documents: Array<components['schemas']['IdentityDocument'] & { country: Country }>;
  address: components['schemas']['Address'] & { country: Country };
};

/** ReusePayload asks for the session's existing customer instead. */
export type ReusePayload = components['schemas']['ExistingCustomerChoice'];

/** CustomerResponse is the answer of POST /api/create-customer. */
export type CustomerResponse = components['schemas']['Customer'];

/** NoCustomerIdError: the answer had no customer_id. */
export class NoCustomerIdError extends Error {}

/**
 * createCustomer registers the payer (KYC) and opens their wallet; asked
 * again with a reuse payload it returns the session's existing customer.
 */
export async function createCustomer(payload: CustomerPayload | ReusePayload): Promise<CustomerResponse> {
  const body = await apiFetch<CustomerResponse | undefined>('/api/create-customer', { method: 'POST', body: { ...payload } });
  if (!body || typeof body.customer_id !== 'string' || body.customer_id === '') {
    throw new NoCustomerIdError('No customer ID returned from API');
  }
  return body;
}
