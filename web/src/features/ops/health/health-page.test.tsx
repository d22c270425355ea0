import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { i18next, i18nReady } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import type { Health } from '../api/health';
import { json, renderRoute, stubFetch } from '../testdata/render';
import { HealthPage } from './health-page';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['ops', 'common']);
});

afterEach(() => vi.unstubAllGlobals());

const healthy: Health = {
  ledger: { ok: true, transactions: 12, problems: [] },
  balances: [{ account: 'partner:usd', currency: 'USD', balance: 1250 }],
  payment_accounts_holding_funds: 1,
  jobs: [{ kind: 'process_webhook', state: 'retryable', count: 2 }],
  emails_waiting: 3,
  emails_failed: 1,
  failed_emails: [{ id: 'msg_1', kind: 'payment_update', to: 'ana@example.com', transaction_id: 'txn_mail', attempts: 8, last_error: '550 mailbox unavailable', failed_at: '2026-11-26T10:00:00Z' }],
  ignored_webhooks: [],
  stuck_payments: [{ transaction_id: 'txn_stuck', status: 'payin_completed', since: '2026-11-26T08:00:00Z' }],
  checked_at: '2026-11-26T12:00:00Z',
  rate_limit_refusals_since_start: { 'create-quote': 4 },
  webhook_signature_refusals_since_start: 0,
};

const section = (name: string) => screen.getByRole('region', { name });

describe('HealthPage', () => {
  it('shows what needs an operator: stuck payments, retrying jobs, failed e-mails and refusals', async () => {
    stubFetch((url) => (url.pathname === '/api/ops/health' ? json(200, healthy) : undefined));
    renderRoute('/ops/health', <HealthPage />, '/ops/health');
    expect(screen.getByRole('heading', { level: 1, name: 'Health' })).toBeInTheDocument();
    const ledger = await screen.findByRole('region', { name: 'Ledger' });
    expect(within(ledger).getByText(/The ledger check passes: 12 transactions/)).toBeInTheDocument();
    expect(within(ledger).getByText(formatMoney(1250, 'USD'))).toBeInTheDocument();
    expect(within(ledger).getByText('1 payment account holds funds.')).toBeInTheDocument();

    const stuck = within(section('Payments stuck past their expected time')).getByRole('row', { name: /txn_stuck/ });
    expect(within(stuck).getByRole('link', { name: 'txn_stuck' })).toHaveAttribute('href', '/ops/payments/txn_stuck');
    expect(within(stuck).getByText('Pay-in received')).toBeInTheDocument();

    expect(within(section('Jobs not done')).getByRole('row', { name: /process_webhook Retrying 2/ })).toBeInTheDocument();
    const mail = section('E-mails');
    expect(within(mail).getByText('3 waiting to be sent, 1 failed.')).toBeInTheDocument();
    expect(within(mail).getByText('550 mailbox unavailable')).toBeInTheDocument();
    expect(within(mail).getByRole('link', { name: 'txn_mail' })).toHaveAttribute('href', '/ops/payments/txn_mail');
    expect(within(section('Rate-limit refusals')).getByRole('row', { name: /create-quote 4/ })).toBeInTheDocument();
  });

  it('says loudly when the ledger does not balance', async () => {
    const broken: Health = { ...healthy, ledger: { ok: false, transactions: 12, problems: ['txn ltx_9: USD entries sum to 0.01'] } };
    stubFetch((url) => (url.pathname === '/api/ops/health' ? json(200, broken) : undefined));
    renderRoute('/ops/health', <HealthPage />, '/ops/health');
    const ledger = await screen.findByRole('region', { name: 'Ledger' });
    expect(within(ledger).getByText('The ledger check found 1 problem:')).toHaveClass('text-red-800');
    expect(within(ledger).getByText('txn ltx_9: USD entries sum to 0.01')).toBeInTheDocument();
  });
});
