import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18next, i18nReady } from '@/lib/i18n';
import type { Thread } from '../api/support';
import { admin, json, renderRoute } from '../testdata/render';
import { ConversationPage } from './conversation-page';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['ops', 'common']);
});

afterEach(() => vi.unstubAllGlobals());

const thread: Thread = {
  id: 'cnv_1',
  reference: 'ABCDE23456',
  subject: 'Where is my money?',
  name: 'Lucia Gómez',
  email: 'lucia@example.com',
  source: 'dashboard',
  status: 'open',
  messages: 2,
  created_at: '2026-11-26T10:00:00Z',
  updated_at: '2026-11-26T11:00:00Z',
  lang: 'es-MX',
  entries: [
    { id: 'smg_1', direction: 'in', author: 'lucia@example.com', text: 'I paid on Monday.\nNothing arrived.', at: '2026-11-26T10:00:00Z' },
    { id: 'smg_2', direction: 'out', author: 'agent@example.com', text: 'Looking into it.', at: '2026-11-26T11:00:00Z' },
  ],
};

function serve() {
  const posts: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST') {
        posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        return new Response(null, { status: 204 });
      }
      if (url.pathname === '/api/ops/support/cnv_1') return json(200, thread);
      return json(200, { entries: [] });
    }),
  );
  return posts;
}

describe('ConversationPage', () => {
  it('shows the messages in order and answers by e-mail', async () => {
    const posts = serve();
    const user = userEvent.setup();
    renderRoute('/ops/support/:id', <ConversationPage />, '/ops/support/cnv_1');
    const messages = await screen.findByRole('region', { name: 'Messages, oldest first' });
    const items = within(messages).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('lucia@example.com wrote');
    expect(items[0]).toHaveTextContent('I paid on Monday.');
    expect(items[1]).toHaveTextContent('agent@example.com answered');

    const answer = screen.getByLabelText('Your answer');
    await user.click(screen.getByRole('button', { name: 'Send the answer' }));
    expect(answer).toHaveAccessibleDescription(/Please write the answer/);
    await user.type(answer, 'It arrived on Tuesday.');
    await user.click(screen.getByRole('button', { name: 'Send the answer' }));
    expect(await screen.findByText('The answer is on its way to lucia@example.com.')).toBeInTheDocument();
    expect(posts).toEqual([{ path: '/api/ops/support/cnv_1/reply', body: { text: 'It arrived on Tuesday.' } }]);
  });

  it('assigns to the operator and closes', async () => {
    const posts = serve();
    const user = userEvent.setup();
    renderRoute('/ops/support/:id', <ConversationPage />, '/ops/support/cnv_1');
    const handling = await screen.findByRole('region', { name: 'Handling' });
    expect(within(handling).getByText('Nobody')).toBeInTheDocument();
    await user.click(within(handling).getByRole('button', { name: 'Assign to me' }));
    expect(await within(handling).findByRole('status')).toHaveTextContent(`Assigned to ${admin.email}.`);
    await user.click(within(handling).getByRole('button', { name: 'Close' }));
    expect(await within(handling).findByText('The conversation is closed.')).toBeInTheDocument();
    expect(posts).toEqual([
      { path: '/api/ops/support/cnv_1/assign', body: { assignee: admin.email } },
      { path: '/api/ops/support/cnv_1/status', body: { status: 'closed' } },
    ]);
  });
});
