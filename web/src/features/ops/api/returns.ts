// The Returns queue (finance and admins; anyone else gets 404):
// GET /api/ops/returns (the money owed back to payers, oldest first, and the
// payouts that came back or failed) and POST /api/ops/returns/{id}/record
// (the partner returned the money; asks for the operator's password again,
// and the payer is e-mailed).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components, operations } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';
import { opsKey } from './ops-me';

export type ReturnsQueue = components['schemas']['ReturnsQueue'];
export type OwedReturn = ReturnsQueue['owed'][number];
export type ReturnedPayout = ReturnsQueue['payouts'][number];
export type ExplainedReturn = components['schemas']['ExplainedReturn'];

export const returnsQuery = () =>
  queryOptions({
    queryKey: [...opsKey, 'returns'],
    queryFn: async () => {
      const r = await apiFetch<ReturnsQueue>('/api/ops/returns');
      if (!r || !Array.isArray(r.owed) || !Array.isArray(r.payouts)) throw new Error('Unexpected returns answer');
      return r;
    },
    retry: false,
  });

export const useReturns = () => useQuery(returnsQuery());

/** RecordReturnInput is the return's id and the body of POST /api/ops/returns/{id}/record. */
export type RecordReturnInput = { id: string } & operations['opsRecordReturn']['requestBody']['content']['application/json'];

/** useRecordReturn records a return; it refreshes the queue, the payment's story and the audit log. */
export function useRecordReturn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: RecordReturnInput) => {
      const r = await apiFetch<ExplainedReturn>(`/api/ops/returns/${encodeURIComponent(id)}/record`, { method: 'POST', body });
      if (!r || typeof r.id !== 'string') throw new Error('Unexpected record answer');
      return r;
    },
    // Not awaited: the form's own callbacks run at once, before the refetch removes the owed return from the page.
    onSuccess: () => void client.invalidateQueries({ queryKey: opsKey }),
  });
}
