// GET /api/ops/health: what needs an operator now (any operator).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Answer } from '@/lib/api-client';
import { apiFetch } from '@/lib/api-client';
import { opsKey } from './ops-me';

export type Health = Answer<'opsHealth'>;

export const healthQuery = () =>
  queryOptions({
    queryKey: [...opsKey, 'health'],
    queryFn: async () => {
      const h = await apiFetch<Health>('/api/ops/health');
      if (!h || typeof h.ledger?.ok !== 'boolean' || !Array.isArray(h.stuck_payments)) throw new Error('Unexpected health answer');
      return h;
    },
    retry: false,
  });

export const useHealth = () => useQuery(healthQuery());
