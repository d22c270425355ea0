import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { i18next, i18nReady } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import { json, renderRoute, stubFetch } from '../testdata/render';
import found from '../testdata/find-payments.json';
import { FindPage } from './find-page';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['ops', 'common']);
});

afterEach(() => vi.unstubAllGlobals());

// Testing Library reads text with its spaces collapsed (a no-break space too).
const shown = (s: string) => s.replace(/\s+/g, ' ');

const paymentsAsked = (asked: URL[]) => asked.filter((u) => u.pathname === '/api/ops/payments');

describe('FindPage', () => {
  it('fills the form from the query string, asks the API with it, and writes a new search back to the URL', async () => {
    const asked = stubFetch((url) => (url.pathname === '/api/ops/payments' ? json(200, url.searchParams.get('after') ? { payments: [] } : { ...found, next: '1795700162000000000.txn_b7b3dommt6k4enlovwpojlmmhe' }) : undefined));
    const router = renderRoute('/ops', <FindPage />, '/ops?q=ana.lima%40example.com&status=completed,failed&corridor=BR&min_usd=100&from=2026-11-01');

    expect(await screen.findByRole('link', { name: 'txn_45ccdzpa25g4gxn4zrkmjlduhu' })).toHaveAttribute('href', '/ops/payments/txn_45ccdzpa25g4gxn4zrkmjlduhu');
    expect(screen.getByLabelText('Transaction id, e-mail or last 4 digits')).toHaveValue('ana.lima@example.com');
    expect(screen.getByLabelText('Completed')).toBeChecked();
    expect(screen.getByLabelText('Failed')).toBeChecked();
    expect(screen.getByLabelText('Expired')).not.toBeChecked();
    expect(screen.getByLabelText('Corridor')).toHaveValue('BR');
    expect(screen.getByLabelText('From US$')).toHaveValue('100');
    expect(screen.getByLabelText('Created from')).toHaveValue('2026-11-01');
    const first = paymentsAsked(asked)[0]!;
    expect(Object.fromEntries(first.searchParams)).toEqual({ q: 'ana.lima@example.com', status: 'completed,failed', corridor: 'BR', min_usd: '100', from: '2026-11-01' });

    // Amounts and times in the chosen language, through lib/money.
    const table = screen.getByRole('table', { name: 'Payments found' });
    expect(within(table).getByText(shown(formatMoney(1626.71, 'BRL')))).toBeInTheDocument();
    expect(within(table).getByText(shown(formatMoney(300, 'USD')))).toBeInTheDocument();
    expect(within(table).getAllByText('ana.lima@example.com').length).toBeGreaterThan(0);
    expect(within(table).getByText('Awaiting pay-in')).toBeInTheDocument();

    // A new search replaces the query string; typed amounts are read the way people type them.
    const user = userEvent.setup();
    const q = screen.getByLabelText('Transaction id, e-mail or last 4 digits');
    await user.clear(q);
    await user.type(q, '4725');
    await user.click(screen.getByLabelText('Failed'));
    await user.click(screen.getByLabelText('Expired'));
    await user.selectOptions(screen.getByLabelText('Corridor'), 'MX');
    await user.clear(screen.getByLabelText('From US$'));
    await user.type(screen.getByLabelText('To US$'), '2,500.50');
    await user.clear(screen.getByLabelText('Created from'));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=4725&status=completed%2Cexpired&corridor=MX&max_usd=2500.5'));
    await waitFor(() => expect(Object.fromEntries(paymentsAsked(asked).at(-1)!.searchParams)).toEqual({ q: '4725', status: 'completed,expired', corridor: 'MX', max_usd: '2500.5' }));

    // Next page carries the search and `after`; Back returns to the search before.
    await user.click(await screen.findByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(paymentsAsked(asked).at(-1)!.searchParams.get('after')).toBe('1795700162000000000.txn_b7b3dommt6k4enlovwpojlmmhe'));
    expect(paymentsAsked(asked).at(-1)!.searchParams.get('q')).toBe('4725');
    expect(await screen.findByText('No payment matches this search.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'First page' })).toHaveAttribute('href', '/ops?q=4725&status=completed%2Cexpired&corridor=MX&max_usd=2500.5');
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();
    await router.navigate(-1);
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText('Transaction id, e-mail or last 4 digits')).toHaveValue('ana.lima@example.com'));
    expect(screen.getByLabelText('Failed')).toBeChecked();
  });

  it('shows the server’s refusal under the field it names, and the browser’s own checks before asking', async () => {
    stubFetch((url) => {
      if (url.pathname !== '/api/ops/payments') return undefined;
      if (url.searchParams.get('q') === 'zz')
        return json(400, { error: 'Search by a transaction id (txn_…), an e-mail address, or the last 4 characters of a tax id or account number', code: 'invalid_request', field: 'q' });
      return json(200, { payments: [] });
    });
    renderRoute('/ops', <FindPage />, '/ops?q=zz');
    const q = screen.getByLabelText('Transaction id, e-mail or last 4 digits');
    const message = await screen.findByText(/Search by a transaction id/);
    expect(q).toHaveAttribute('aria-invalid', 'true');
    expect(q.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getByText('Correct the search above to see payments.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('From US$'), 'ten');
    await user.type(screen.getByLabelText('Created from'), '2026-11-20');
    await user.type(screen.getByLabelText('Created until'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const amount = await screen.findByText('Type an amount in US dollars, e.g. 2500 or 2,500.50');
    expect(screen.getByLabelText('From US$').getAttribute('aria-describedby')).toContain(amount.id);
    expect(screen.getByText('The last day is before the first')).toBeInTheDocument();
  });

  it('finds people by e-mail, kept in the URL', async () => {
    const asked = stubFetch((url) => {
      if (url.pathname === '/api/ops/payments') return json(200, { payments: [] });
      if (url.pathname === '/api/ops/people')
        return json(200, {
          people: [
            { kind: 'account', id: 'acc_1', email: 'ana@example.com', name: 'Ana Lima', verified: true, closed: false, created_at: '2026-11-20T10:00:00Z', payments: 2 },
            { kind: 'guest', id: 'cus_1', email: 'ana@example.com', name: 'Ana Lima', verified: false, closed: false, created_at: '2026-11-19T10:00:00Z', payments: 1 },
          ],
        });
      return undefined;
    });
    const router = renderRoute('/ops', <FindPage />, '/ops');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail address'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Find people' }));
    const table = await screen.findByRole('table', { name: 'People found' });
    expect(router.state.location.search).toBe('?person=ana%40example.com');
    expect(asked.find((u) => u.pathname === '/api/ops/people')?.searchParams.get('email')).toBe('ana@example.com');
    expect(within(table).getByText('Account')).toBeInTheDocument();
    expect(within(table).getByText('Guest payer')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: '2 payments' })).toHaveAttribute('href', '/ops?q=ana%40example.com');
  });

  it('speaks the chosen language: pt-BR labels, US dollars written the Brazilian way', async () => {
    await i18next.changeLanguage('pt-BR');
    try {
      stubFetch((url) => (url.pathname === '/api/ops/payments' ? json(200, found) : undefined));
      renderRoute('/ops', <FindPage />, '/ops');
      const table = await screen.findByRole('table', { name: 'Pagamentos encontrados' });
      expect(screen.getByLabelText('ID da transação, e-mail ou últimos 4 dígitos')).toBeInTheDocument();
      expect(within(table).getByText('Aguardando pagamento')).toBeInTheDocument();
      expect(within(table).getByText(shown(formatMoney(300, 'USD', 'pt-BR')))).toBeInTheDocument();
      expect(formatMoney(300, 'USD', 'pt-BR')).toMatch(/300,00/);
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
