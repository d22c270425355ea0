import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18next, i18nReady } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import type { OwedReturn, ReturnsQueue } from '../api/returns';
import { json, renderRoute } from '../testdata/render';
import { ConsoleShell } from '../components/console-shell';
import { ageDays, ReturnsRoute } from './returns-page';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['ops', 'common']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const owed: OwedReturn = {
  id: 'ret_1',
  kind: 'payin',
  amount: 1500,
  currency: 'BRL',
  cause: 'refunded by an operator: the payer asked',
  opened_at: '2026-11-24T09:00:00Z',
  payer_name: 'Ana Lima',
  payer_email: 'ana.lima@example.com',
  status: 'refunded',
  transaction_id: 'txn_owed1',
};
const late: OwedReturn = { ...owed, id: 'ret_2', kind: 'excess', amount: 80, currency: 'MXN', cause: 'a deposit after the payment was cancelled', payer_name: '', payer_email: 'luis@example.com', transaction_id: 'txn_owed2' };
const full: ReturnsQueue = {
  owed: [owed, late],
  payouts: [
    { transaction_id: 'txn_back1', offramp_id: 'of_1', offramp_status: 'refunded', amount_usd: 300, payer_email: 'rita@example.com', updated_at: '2026-11-25T12:00:00Z' },
    { transaction_id: 'txn_fail1', offramp_id: 'of_2', offramp_status: 'failed', amount_usd: 120.5, payer_email: 'joao@example.com', updated_at: '2026-11-26T12:00:00Z' },
  ],
};

/** serve answers the queue (the queues in turn, the last one again) and records the POSTs, answering them with `action`. */
function serve(queues: ReturnsQueue[], action: () => Response = () => json(500, {})) {
  const sent: Array<{ path: string; body: unknown }> = [];
  let told = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST') {
        sent.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        const r = action();
        if (r.ok) told += 1;
        return r;
      }
      if (url.pathname === '/api/ops/returns') return json(200, queues[Math.min(told, queues.length - 1)]);
      return json(404, { error: 'not found', code: 'not_found' });
    }),
  );
  return sent;
}

const owedName = (r: OwedReturn) => `${formatMoney(r.amount, r.currency)} · ${r.payer_name || r.payer_email}`;

describe('ReturnsPage', () => {
  it('lists what is owed, oldest first, with payer, payment, cause and age, and the payouts that came back', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T10:00:00Z') });
    serve([full]);
    renderRoute('/ops/returns', <ReturnsRoute />, '/ops/returns');
    expect(await screen.findByRole('heading', { level: 1, name: 'Returns' })).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Owed to payers' });
    const items = await within(list).findAllByRole('article');
    expect(items.map((a) => a.getAttribute('aria-label'))).toEqual([owedName(owed), owedName(late)]);
    const first = items[0]!;
    expect(within(first).getByText('3 days old')).toBeInTheDocument();
    expect(within(first).getByText(/ana\.lima@example\.com/)).toBeInTheDocument();
    expect(within(first).getByText('The whole deposit')).toBeInTheDocument();
    expect(within(first).getByText('refunded by an operator: the payer asked')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'txn_owed1' })).toHaveAttribute('href', '/ops/payments/txn_owed1');
    expect(within(items[1]!).getByText('What arrived beyond the quote')).toBeInTheDocument();

    const payouts = screen.getByRole('table', { name: 'Payouts that came back or failed' });
    const rows = within(payouts).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'txn_back1' })).toHaveAttribute('href', '/ops/payments/txn_back1');
    expect(rows[0]).toHaveTextContent('Came back: pay out again from the payment');
    expect(rows[1]).toHaveTextContent('Failed: a case for the partner’s support');
    expect(rows[1]).toHaveTextContent('joao@example.com');
  });

  it('says when nothing is owed and no payout came back', async () => {
    serve([{ owed: [], payouts: [] }]);
    renderRoute('/ops/returns', <ReturnsRoute />, '/ops/returns');
    expect(await screen.findByText('Nothing is owed to a payer.')).toBeInTheDocument();
    expect(screen.getByText('No payout came back or failed.')).toBeInTheDocument();
  });

  it('records a return with the reference, a reason and the password; the return leaves the list', async () => {
    const sent = serve([full, { ...full, owed: [late] }], () =>
      json(200, { ...owed, returned_at: '2026-11-27T10:00:00Z', returned_by: 'admin@example.com', reference: 'BP-R-77' }),
    );
    const user = userEvent.setup();
    renderRoute('/ops/returns', <ReturnsRoute />, '/ops/returns');
    const list = await screen.findByRole('region', { name: 'Owed to payers' });
    const item = await within(list).findByRole('article', { name: owedName(owed) });
    await user.click(within(item).getByRole('button', { name: `Record return…: ${owedName(owed)}` }));
    const form = within(item).getByRole('form', { name: `Record return: ${owedName(owed)}` });
    await user.click(within(form).getByRole('button', { name: 'Record the return' }));
    expect(within(form).getByLabelText('Partner reference')).toHaveAccessibleDescription(/Please give the partner’s reference/);
    expect(within(form).getByLabelText('Reason')).toHaveAccessibleDescription(/Please give the reason/);
    expect(within(form).getByLabelText('Your password')).toHaveAccessibleDescription(/Please type your password/);
    expect(sent).toHaveLength(0);
    await user.type(within(form).getByLabelText('Partner reference'), 'BP-R-77');
    await user.type(within(form).getByLabelText('Reason'), 'BlindPay support returned it on ticket 123');
    await user.type(within(form).getByLabelText('Your password'), 'correct horse 123');
    await user.click(within(form).getByRole('button', { name: 'Record the return' }));
    expect(await within(list).findByRole('status')).toHaveTextContent('Return recorded (BP-R-77); the payer was e-mailed.');
    expect(sent).toEqual([
      { path: '/api/ops/returns/ret_1/record', body: { reference: 'BP-R-77', reason: 'BlindPay support returned it on ticket 123', current_password: 'correct horse 123' } },
    ]);
    await vi.waitFor(() => expect(within(list).queryByRole('article', { name: owedName(owed) })).toBeNull());
    expect(within(list).getByRole('article', { name: owedName(late) })).toBeInTheDocument();
  });

  it('shows the server’s refusals: on the field it names, or in the form', async () => {
    let answer = json(401, { error: 'Your current password is incorrect', code: 'invalid_credentials', field: 'current_password' });
    serve([full], () => answer);
    const user = userEvent.setup();
    renderRoute('/ops/returns', <ReturnsRoute />, '/ops/returns');
    const item = await screen.findByRole('article', { name: owedName(owed) });
    await user.click(within(item).getByRole('button', { name: `Record return…: ${owedName(owed)}` }));
    const form = within(item).getByRole('form', { name: `Record return: ${owedName(owed)}` });
    await user.type(within(form).getByLabelText('Partner reference'), 'BP-R-77');
    await user.type(within(form).getByLabelText('Reason'), 'Returned');
    await user.type(within(form).getByLabelText('Your password'), 'wrong');
    await user.click(within(form).getByRole('button', { name: 'Record the return' }));
    await vi.waitFor(() => expect(within(form).getByLabelText('Your password')).toHaveAccessibleDescription(/Your current password is incorrect/));
    expect(within(form).getByLabelText('Your password')).toHaveValue('');

    answer = json(409, { error: 'This return was recorded already', code: 'conflict' });
    await user.type(within(form).getByLabelText('Your password'), 'correct horse 123');
    await user.click(within(form).getByRole('button', { name: 'Record the return' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This return was recorded already');
  });

  it('is the not-found page for support, and asks nothing', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderRoute('/ops/returns', <ReturnsRoute />, '/ops/returns', { account_id: 'acc_s', email: 's@example.com', role: 'support' });
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is in the console’s nav for finance and admins', async () => {
    serve([full]);
    renderRoute('/ops/returns', <ConsoleShell me={{ account_id: 'acc_f', email: 'f@example.com', role: 'finance' }}>{null}</ConsoleShell>, '/ops/returns');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Returns' })).toHaveAttribute('aria-current', 'page');
  });

  it('is not in the nav for support', async () => {
    serve([full]);
    renderRoute('/ops', <ConsoleShell me={{ account_id: 'acc_s', email: 's@example.com', role: 'support' }}>{null}</ConsoleShell>, '/ops');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Find' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Returns' })).toBeNull();
  });

  it('counts an age in whole days', () => {
    const now = new Date('2026-11-27T10:00:00Z').getTime();
    expect(ageDays('2026-11-27T09:00:00Z', now)).toBe(0);
    expect(ageDays('2026-11-26T09:59:00Z', now)).toBe(1);
    expect(ageDays('2026-11-28T09:00:00Z', now)).toBe(0);
  });
});
