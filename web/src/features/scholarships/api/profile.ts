import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { EligibilityForm, QuickMatch } from './types';

/** useQuickMatch reads the visitor's own saved Quick Match profile. */
export function useQuickMatch() {
  return useQuery({
    queryKey: ['scholarships', 'profile'],
    queryFn: ({ signal }) => apiFetch<QuickMatch>('/api/scholarships/profile', { signal }),
  });
}

/** useSaveQuickMatch saves it (to the account, or the guest session). */
export function useSaveQuickMatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (q: QuickMatch) => apiFetch<QuickMatch>('/api/scholarships/profile', { method: 'PUT', body: { ...q } }),
    onSuccess: (q) => {
      qc.setQueryData(['scholarships', 'profile'], q);
      void qc.invalidateQueries({ queryKey: ['scholarships', 'search'] });
    },
  });
}

/** useEligibility reads the visitor's own eligibility form. */
export function useEligibility() {
  return useQuery({
    queryKey: ['scholarships', 'eligibility'],
    queryFn: ({ signal }) => apiFetch<EligibilityForm>('/api/scholarships/eligibility', { signal }),
  });
}

/** useSaveEligibility saves the eligibility form. */
export function useSaveEligibility() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (e: EligibilityForm) => apiFetch<EligibilityForm>('/api/scholarships/eligibility', { method: 'PUT', body: { ...e } }),
    onSuccess: (e) => {
      qc.setQueryData(['scholarships', 'eligibility'], e);
      void qc.invalidateQueries({ queryKey: ['scholarships', 'search'] });
    },
  });
}
