// GET /api/ops/payments/{transaction_id}: one payment's whole story.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';
import { opsKey } from './ops-me';

export type Explanation = components['schemas']['Explanation'];

export const explainPaymentQuery = (id: string) =>
  queryOptions({
    queryKey: [...opsKey, 'payment', id],
    queryFn: async () => {
      const e = await apiFetch<Explanation>(`/api/ops/payments/${encodeURIComponent(id)}`);
      if (!e || typeof e.payment?.transaction_id !== 'string') throw new Error('Unexpected explanation answer');
      return e;
    },
    retry: false,
  });

export const useExplainPayment = (id: string) => useQuery(explainPaymentQuery(id));
