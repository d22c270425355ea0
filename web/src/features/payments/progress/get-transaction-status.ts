import type { components } from '@contract/api-types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';

type Schemas = components['schemas'];

export type Stage = Schemas['Stage'];

/** TransactionStatus is the answer of GET /api/transaction-status (details, rail_reference and
 * receipt_url for the owner only). */
export type TransactionStatus = Schemas['TransactionStatus'];

export type TransactionDetails = NonNullable<TransactionStatus['details']>;

/** finalStatuses end a payment; the page stops polling there. */
export const finalStatuses = new Set(['completed', 'check_mailed', 'expired', 'failed', 'refunded', 'payin_mismatch']);

/** POLL_MS is how often an unfinished payment is checked again. */
export const POLL_MS = 4000;

function isStatus(b: unknown): b is TransactionStatus {
  if (!b || typeof b !== 'object') return false;
  const s = b as Record<string, unknown>;
  return (
    typeof s.transaction_id === 'string' &&
    typeof s.status === 'string' &&
    Array.isArray(s.stages) &&
    s.stages.every((g) => g && typeof g === 'object' && typeof (g as Stage).status === 'string')
  );
}

/** getTransactionStatus looks up one payment by its transaction id. */
export async function getTransactionStatus(id: string, signal?: AbortSignal): Promise<TransactionStatus> {
  const body = await apiFetch<unknown>(`/api/transaction-status?transaction_id=${encodeURIComponent(id)}`, { signal });
  if (!isStatus(body)) throw new ApiError(200, 'The server sent an unexpected answer.');
  return {
    ...body,
    amount_local: Number(body.amount_local),
    amount_usd: Number(body.amount_usd),
    effective_rate: Number(body.effective_rate),
  };
}

/** transactionStatusQuery polls an unfinished payment unless a live stream pushes its changes. */
export const transactionStatusQuery = (id: string, live = false) =>
  queryOptions({
    queryKey: ['transaction-status', id],
    queryFn: ({ signal }) => getTransactionStatus(id, signal),
    enabled: id !== '',
    staleTime: 0,
    // An unknown id (4xx) is an answer; only network and server errors are retried.
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1,
    refetchInterval: (q) => (!live && q.state.data && !finalStatuses.has(q.state.data.status) ? POLL_MS : false),
  });

/** useTransactionStatus loads a payment's status and keeps it fresh until it ends. */
export function useTransactionStatus(id: string, live = false) {
  return useQuery(transactionStatusQuery(id, live));
}
