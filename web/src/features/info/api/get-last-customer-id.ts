import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch, type Answer } from '@/lib/api-client';

/** getLastCustomerId asks for the payment profile of this browser's session. */
export async function getLastCustomerId(): Promise<string> {
  const body = await apiFetch<Partial<Answer<'lastCustomerId'>>>('/api/last-customer-id');
  if (typeof body?.customer_id !== 'string' || body.customer_id === '') {
    throw new ApiError(404, 'No customer ID found in session');
  }
  return body.customer_id;
}

export const lastCustomerIdQuery = () =>
  queryOptions({
    queryKey: ['last-customer-id'],
    queryFn: getLastCustomerId,
    staleTime: 0,
    // A 404 means "no payment profile yet", an answer rather than a failure.
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });

/** useLastCustomerId loads the session's customer id (404 when there is none). */
export function useLastCustomerId() {
  return useQuery(lastCustomerIdQuery());
}
