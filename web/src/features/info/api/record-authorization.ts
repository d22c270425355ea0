import { useMutation } from '@tanstack/react-query';
import type { components } from '@contract/api-types';
import { ApiError, apiFetch } from '@/lib/api-client';

/** AuthorizationRecord is the server's receipt for a confirmed authorization. */
export type AuthorizationRecord = components['schemas']['Consent'];

/**
 * recordAuthorization stores the visitor's confirmation of the payment
 * authorization; the server adds the time, IP address and user agent.
 */
export async function recordAuthorization(): Promise<AuthorizationRecord> {
  const body = await apiFetch<Partial<AuthorizationRecord>>('/api/payment-authorization', {
    method: 'POST',
    body: { accepted: true },
  });
  if (typeof body?.id !== 'string' || typeof body.recorded_at !== 'string') {
    throw new ApiError(200, 'The server did not confirm the authorization.');
  }
  return { id: body.id, recorded_at: body.recorded_at };
}

/** useRecordAuthorization is the mutation behind 'Confirm Authorization'. */
export function useRecordAuthorization() {
  return useMutation({ mutationFn: recordAuthorization });
}
