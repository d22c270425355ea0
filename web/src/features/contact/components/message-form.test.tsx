import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18next, i18nReady } from '@/lib/i18n';
import { MessageForm } from './message-form';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['contact', 'common']);
});

afterEach(() => vi.unstubAllGlobals());

function answering(status: number, body: unknown) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (_input, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}

const show = (signedIn: boolean) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MessageForm signedIn={signedIn} />
    </QueryClientProvider>,
  );

describe('MessageForm', () => {
  it('signed out, asks for a name and an address too, and says what came of the message', async () => {
    const sent = answering(201, { reference: 'ABCDE23456' });
    const user = userEvent.setup();
    show(false);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription('Please enter your name');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(/Please write your message/);
    expect(sent).toHaveLength(0);
    await user.type(screen.getByLabelText('Your name'), 'Pedro Ruiz');
    await user.type(screen.getByLabelText('Your e-mail address'), 'pedro@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Fees');
    await user.type(screen.getByLabelText('Message'), 'How much is it?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('status')).toHaveTextContent('reference ABCDE23456');
    expect(sent).toEqual([{ name: 'Pedro Ruiz', email: 'pedro@example.com', subject: 'Fees', message: 'How much is it?' }]);
    expect(screen.getByLabelText('Subject')).toHaveValue('');
  });

  it('signed in, sends only the subject and the message, and shows the server’s refusal on its field', async () => {
    const sent = answering(400, { error: 'The subject is too long (at most 150 characters)', code: 'field_too_long', field: 'subject' });
    const user = userEvent.setup();
    show(true);
    expect(screen.queryByLabelText('Your name')).toBeNull();
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription("We answer at your account's e-mail address.");
    await user.type(screen.getByLabelText('Subject'), 'Where is my money?');
    await user.type(screen.getByLabelText('Message'), 'I paid on Monday.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await vi.waitFor(() => expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription('The subject is too long (at most 150 characters)'));
    expect(sent).toEqual([{ subject: 'Where is my money?', message: 'I paid on Monday.' }]);
  });
});
