// The operators (admins only; anyone else gets 404): GET /api/ops/operators,
// PUT /api/ops/operators (add or change a role), POST /api/ops/operators/remove.
// Each change is written to the audit log with its reason.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';
import { opsKey, type Role } from './ops-me';

export type OperatorRow = components['schemas']['OperatorRow'];

export const operatorsQuery = () =>
  queryOptions({
    queryKey: [...opsKey, 'operators'],
    queryFn: async () => {
      const r = await apiFetch<{ operators: OperatorRow[] }>('/api/ops/operators');
      if (!r || !Array.isArray(r.operators)) throw new Error('Unexpected operators answer');
      return r.operators;
    },
    retry: false,
  });

export const useOperators = () => useQuery(operatorsQuery());

export interface SetOperatorInput {
  email: string;
  role: Role;
  reason: string;
}

export interface RemoveOperatorInput {
  email: string;
  reason: string;
}

/** useChangeOperators gives the two changes; each refreshes the list and the log. */
export function useChangeOperators() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: opsKey });
  const set = useMutation({
    mutationFn: (input: SetOperatorInput) => apiFetch<void>('/api/ops/operators', { method: 'PUT', body: { ...input } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (input: RemoveOperatorInput) => apiFetch<void>('/api/ops/operators/remove', { method: 'POST', body: { ...input } }),
    onSuccess: refresh,
  });
  return { set, remove };
}
