// GET /api/ops/me: who is using the console. Anyone who is not an operator
// gets the 404 of a path that does not exist; an operator whose sign-in did
// not pass two-factor authentication recently gets 403 two_factor_required.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';

export type Operator = components['schemas']['Operator'];
export type Role = Operator['role'];

export const opsKey = ['ops'] as const;

const roles: readonly string[] = ['support', 'finance', 'admin'] satisfies Role[];

export const opsMeQuery = () =>
  queryOptions({
    queryKey: [...opsKey, 'me'],
    queryFn: async () => {
      const me = await apiFetch<Operator>('/api/ops/me');
      if (!me || typeof me.email !== 'string' || !roles.includes(me.role)) throw new Error('Unexpected operator answer');
      return me;
    },
    retry: false,
    staleTime: 60_000,
  });

export const useOpsMe = () => useQuery(opsMeQuery());
