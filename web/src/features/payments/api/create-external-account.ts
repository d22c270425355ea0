import { useMutation } from '@tanstack/react-query';
import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';

/** ExternalAccountPayload is the body of POST /api/create-external-account (the contract's). */
export type ExternalAccountPayload = components['schemas']['ExternalAccountInput'];

export type ExternalAccountResponse = components['schemas']['ExternalAccount'];

/** createExternalAccount registers the payer's US bank account; only the last 4 digits come back. */
export async function createExternalAccount(payload: ExternalAccountPayload): Promise<ExternalAccountResponse> {
  const body = await apiFetch<Partial<ExternalAccountResponse>>('/api/create-external-account', {
    method: 'POST',
    body: { ...payload, address: { ...payload.address } },
  });
  if (!body || typeof body.external_account_id !== 'string' || body.external_account_id === '') {
    throw new Error('Failed to create external account');
  }
  return {
    external_account_id: body.external_account_id,
    bank_name: body.bank_name ?? payload.bank_name,
    account_last4: body.account_last4 ?? payload.bank_account_number.slice(-4),
    bank_account_number: body.bank_account_number ?? '',
  };
}

export function useCreateExternalAccount() {
  return useMutation({ mutationFn: createExternalAccount });
}
