import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18next, i18nReady } from '@/lib/i18n';
import { json } from '../testdata/render';
import { RemoveOperatorForm, SetOperatorForm } from './operator-forms';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['ops', 'common']);
});

afterEach(() => vi.unstubAllGlobals());

function renderForm(form: React.ReactElement) {
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{form}</QueryClientProvider>);
}

const bodies = (asked: Array<{ url: URL; body: unknown }>, path: string) => asked.filter((a) => a.url.pathname === path).map((a) => a.body);

function stubWrites(answer: (path: string, body: Record<string, string>) => Response) {
  const asked: Array<{ url: URL; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {};
      asked.push({ url, body });
      return answer(url.pathname, body);
    }),
  );
  return asked;
}

describe('SetOperatorForm', () => {
  it('asks for the reason before sending, and shows the server’s refusal under the field it names', async () => {
    const asked = stubWrites((_path, body) =>
      body.email === 'nobody@example.com'
        ? json(404, { error: 'No account has this email address; the person signs up first', code: 'not_found', field: 'email' })
        : new Response(null, { status: 204 }),
    );
    renderForm(<SetOperatorForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail address'), 'nobody@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'finance');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const reasonError = await screen.findByText('Please give the reason for this action');
    expect(screen.getByLabelText('Reason').getAttribute('aria-describedby')).toBe(reasonError.id);
    expect(asked).toHaveLength(0);

    await user.type(screen.getByLabelText('Reason'), 'Joins the finance team');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const emailError = await screen.findByText('No account has this email address; the person signs up first');
    expect(screen.getByLabelText('E-mail address').getAttribute('aria-describedby')).toContain(emailError.id);
    expect(bodies(asked, '/api/ops/operators')).toEqual([{ email: 'nobody@example.com', role: 'finance', reason: 'Joins the finance team' }]);

    await user.clear(screen.getByLabelText('E-mail address'));
    await user.type(screen.getByLabelText('E-mail address'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('ana@example.com is now an operator (Finance).');
  });
});

describe('RemoveOperatorForm', () => {
  it('removes only after the confirmation, with the reason', async () => {
    const writes = stubWrites(() => new Response(null, { status: 204 }));
    renderForm(<RemoveOperatorForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail address'), 'sam@example.com');
    await user.type(screen.getByLabelText('Reason'), 'Left the company');
    await user.click(screen.getByRole('button', { name: 'Remove…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this operator?' });
    expect(dialog).toHaveTextContent('sam@example.com will lose access to the console at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove…' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('status')).toHaveTextContent('sam@example.com is no longer an operator.');
    expect(bodies(writes, '/api/ops/operators/remove')).toEqual([{ email: 'sam@example.com', reason: 'Left the company' }]);
  });
});
