// POST /api/support/messages: a message to support, from the dashboard's
// Support tab (signed in: the account's address is answered) or the
// contact form (name and address typed). It opens a conversation that an
// operator answers by e-mail.
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export interface SupportMessage {
  name?: string;
  email?: string;
  subject: string;
  message: string;
}

export const useSendMessage = () =>
  useMutation({
    mutationFn: async (m: SupportMessage) => {
      const r = await apiFetch<{ reference: string }>('/api/support/messages', { method: 'POST', body: { ...m } });
      if (!r || typeof r.reference !== 'string') throw new Error('Unexpected answer');
      return r.reference;
    },
  });
