import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch, type Answer } from '@/lib/api-client';
import type { components } from '@contract/api-types';

/** Application is one program in the signed-in student's tracker. */
export type Application = components['schemas']['TrackedApplication'];
export type ApplicationStatus = components['schemas']['ApplicationStatus'];
export type ApplicationPatch = { status?: ApplicationStatus; deadline?: string; notes?: string; documents?: number[] };

const key = ['scholarships', 'tracker'];

/** useTracker lists the tracker (only asked for when signed in). */
export function useTracker(enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...key, i18n.language],
    enabled,
    queryFn: ({ signal }) => apiFetch<Answer<'scholarshipTracker'>>('/api/me/scholarships/tracker', { signal }),
  });
}

/** useTrack saves a program to the tracker as interested. */
export function useTrack() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (programID: string) => apiFetch<Application>('/api/me/scholarships/tracker', { body: { program_id: programID } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/** useUpdateApplication moves a tracked program or edits its deadline, notes or documents. */
export function useUpdateApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: ApplicationPatch }) =>
      apiFetch<Application>(`/api/me/scholarships/tracker/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/** useUntrack removes a program from the tracker. */
export function useUntrack() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<Answer<'untrackScholarship'>>(`/api/me/scholarships/tracker/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
