import { call } from './account-api';

export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  delivered_at: string;
  text?: string;
  html?: string;
  attachments?: Array<{ name: string; content_type: string; size: number }>;
}

export const mailboxApi = {
  list: () => call<{ messages: MailboxEntry[] }>('GET', '/api/sandbox/mailbox'),
  message: (id: string) => call<MailboxEntry>('GET', `/api/sandbox/mailbox/${encodeURIComponent(id)}`),
};
