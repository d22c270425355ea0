// Support conversations (any operator): GET /api/ops/support (list),
// GET /api/ops/support/{id} (one with its messages), and the answer by
// e-mail, the assignment and the status, each written to the audit log.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';
import { opsKey } from './ops-me';

export type Conversation = components['schemas']['Conversation'];
export type Thread = components['schemas']['ConversationThread'];

export interface ConversationFilter {
  status: '' | 'open' | 'closed';
  mine: boolean;
}

export const conversationsQuery = (f: ConversationFilter) =>
  queryOptions({
    queryKey: [...opsKey, 'support', f.status, f.mine],
    queryFn: async () => {
      const p = new URLSearchParams();
      if (f.status) p.set('status', f.status);
      if (f.mine) p.set('mine', '1');
      const r = await apiFetch<{ conversations: Conversation[] }>(`/api/ops/support?${p}`);
      if (!r || !Array.isArray(r.conversations)) throw new Error('Unexpected conversations answer');
      return r.conversations;
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useConversations = (f: ConversationFilter) => useQuery(conversationsQuery(f));

export const threadQuery = (id: string) =>
  queryOptions({
    queryKey: [...opsKey, 'support-thread', id],
    queryFn: async () => {
      const t = await apiFetch<Thread>(`/api/ops/support/${encodeURIComponent(id)}`);
      if (!t || !Array.isArray(t.entries)) throw new Error('Unexpected conversation answer');
      return t;
    },
    retry: false,
  });

export const useThread = (id: string) => useQuery(threadQuery(id));

/** useConversationActions gives the answer, the assignment and the status of one conversation. */
export function useConversationActions(id: string) {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: opsKey });
  const path = `/api/ops/support/${encodeURIComponent(id)}`;
  const reply = useMutation({ mutationFn: (text: string) => apiFetch<void>(`${path}/reply`, { method: 'POST', body: { text } }), onSuccess: refresh });
  const assign = useMutation({ mutationFn: (assignee: string) => apiFetch<void>(`${path}/assign`, { method: 'POST', body: { assignee } }), onSuccess: refresh });
  const status = useMutation({
    mutationFn: (to: 'open' | 'closed') => apiFetch<void>(`${path}/status`, { method: 'POST', body: { status: to } }),
    onSuccess: refresh,
  });
  return { reply, assign, status };
}
