import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, type Answer } from '@/lib/api-client';
import type { components } from '@contract/api-types';

/** Alert is one of the signed-in student's scholarship alerts. */
export type Alert = components['schemas']['ScholarshipAlert'];

const key = ['scholarships', 'alerts'];

/** useAlerts lists the signed-in student's alerts. */
export function useAlerts(enabled = true) {
  return useQuery({ queryKey: key, enabled, queryFn: ({ signal }) => apiFetch<Answer<'scholarshipAlerts'>>('/api/me/scholarships/alerts', { signal }) });
}

/** useCreateAlert opts in for a search's query string (a confirmation e-mail follows). */
export function useCreateAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (params: string) => apiFetch<Alert>('/api/me/scholarships/alerts', { body: { params } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/** useStopAlert stops one. */
export function useStopAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<Answer<'stopScholarshipAlert'>>(`/api/me/scholarships/alerts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/** confirmAlert is the e-mailed link's second step. */
export function confirmAlert(id: string, token: string) {
  return apiFetch<Answer<'confirmScholarshipAlert'>>('/api/scholarships/alerts/confirm', { body: { id, token } });
}

/** unsubscribeAlert is the page's form of the one-click unsubscribe. */
export function unsubscribeAlert(id: string, token: string) {
  return apiFetch<Answer<'unsubscribeScholarshipAlert'>>(`/api/scholarships/alerts/unsubscribe?${new URLSearchParams({ id, token })}`, { method: 'POST' });
}
