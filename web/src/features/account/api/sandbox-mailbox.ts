import type { components } from '@contract/api-types';
import { call } from './account-api';

export type MailboxEntry = components['schemas']['MailboxEntry'];

export const mailboxApi = {
  list: () => call<{ messages: MailboxEntry[] }>('GET', '/api/sandbox/mailbox'),
  message: (id: string) => call<MailboxEntry>('GET', `/api/sandbox/mailbox/${encodeURIComponent(id)}`),
  /** reply plays the recipient answering a support e-mail: the reply goes back into its conversation. */
  reply: (id: string, text: string) => call<void>('POST', `/api/sandbox/mailbox/${encodeURIComponent(id)}/reply`, { text }),
};
