import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, type Answer } from '@/lib/api-client';
import type { components } from '@contract/api-types';
import type { FilterSet } from './types';

const key = ['scholarships', 'filter-sets'];

/** useFilterSets lists the visitor's saved filter sets. */
export function useFilterSets() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiFetch<components['schemas']['FilterSetList']>('/api/scholarships/filter-sets', { signal }),
  });
}

/** useCreateFilterSet saves the current filters under a name. */
export function useCreateFilterSet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: components['schemas']['FilterSetRequest']) => apiFetch<FilterSet>('/api/scholarships/filter-sets', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/** useDeleteFilterSet deletes one of them. */
export function useDeleteFilterSet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<Answer<'deleteFilterSet'>>(`/api/scholarships/filter-sets/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
