// GET /api/ops/people?email=: the account and the guest payer profiles with an e-mail address.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';
import { opsKey } from './ops-me';

export type Person = components['schemas']['Person'];

export const findPeopleQuery = (email: string) =>
  queryOptions({
    queryKey: [...opsKey, 'people', email],
    queryFn: async () => {
      const r = await apiFetch<{ people: Person[] }>(`/api/ops/people?email=${encodeURIComponent(email)}`);
      if (!r || !Array.isArray(r.people)) throw new Error('Unexpected people answer');
      return r.people;
    },
    enabled: email !== '',
    retry: false,
  });

export const useFindPeople = (email: string) => useQuery(findPeopleQuery(email));
