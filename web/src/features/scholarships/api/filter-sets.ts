import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { FilterSet } from './types';

const key = ['scholarships', 'filter-sets'];

/** useFilterSets lists the visitor's saved filter sets. */
export function useFilterSets() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiFetch<{ filter_sets: FilterSet[] }>('/api/scholarships/filter-sets', { signal }),
  });
}

/** useCreateFilterSet saves the current filters under a name. */
export function useCreateFilterSet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; params: string }) => apiFetch<FilterSet>('/api/scholarships/filter-sets', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/** useDeleteFilterSet deletes one of them. */
export function useDeleteFilterSet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ deleted: boolean }>(`/api/scholarships/filter-sets/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
