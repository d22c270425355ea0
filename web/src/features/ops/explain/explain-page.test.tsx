import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18next, i18nReady } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import { json, renderRoute, stubFetch } from '../testdata/render';
// A recorded answer of GET /api/ops/payments/{id} from the real server: a
// Brazil payment paid by Pix and delivered, whose payer has one more payment.
import recorded from '../testdata/explain-payment.json';
import { ExplainPage } from './explain-page';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['ops', 'common']);
});

afterEach(() => vi.unstubAllGlobals());

const id = recorded.payment.transaction_id;
const shown = (s: string) => s.replace(/\s+/g, ' ');
const section = (name: string) => screen.getByRole('region', { name });

describe('ExplainPage', () => {
  it('tells the recorded payment’s whole story, section by section', async () => {
    const asked = stubFetch((url) => {
      if (url.pathname === `/api/ops/payments/${id}`) return json(200, recorded);
      if (url.pathname === '/api/ops/audit') return json(200, { entries: [] });
      return undefined;
    });
    renderRoute('/ops/payments/:id', <ExplainPage />, `/ops/payments/${id}`);

    expect(await screen.findByRole('heading', { level: 1, name: `Payment ${id}` })).toBeInTheDocument();
    const summary = section('Summary');
    expect(within(summary).getByText(shown(formatMoney(6777.96, 'BRL')))).toBeInTheDocument();
    expect(within(summary).getByText(shown(formatMoney(1250, 'USD')))).toBeInTheDocument();
    expect(within(summary).getByText('ana.lima@example.com')).toBeInTheDocument();

    const states = within(section('States')).getAllByRole('listitem');
    expect(states.map((li) => li.querySelector('[data-state]')?.getAttribute('data-state'))).toEqual(['created', 'awaiting_payin', 'payin_completed', 'offramp_created', 'completed']);
    expect(states[2]).toHaveTextContent(recorded.states![2]!.cause);

    const calls = section('Partner calls');
    for (const c of recorded.partner_calls!) expect(within(calls).getAllByText(c.operation).length).toBeGreaterThan(0);
    expect(within(calls).getByText(recorded.partner_calls![0]!.idempotency_key)).toBeInTheDocument();
    // The request is collapsed until asked for, then shown indented.
    const request = within(calls).getAllByText('Request')[0]!;
    const details = request.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await userEvent.setup().click(request);
    expect(details).toHaveAttribute('open');
    expect(details.querySelector('pre')?.textContent).toContain('"tax_id_type": "cpf"');

    const hooks = section('Webhooks received');
    expect(within(hooks).getAllByText('Signature verified')).toHaveLength(recorded.webhooks!.length);
    expect(within(hooks).getAllByText('Headers')).toHaveLength(recorded.webhooks!.length);

    const emails = section('E-mails');
    for (const m of recorded.emails!) expect(within(emails).getByText(m.subject)).toBeInTheDocument();

    const ledger = section('Ledger');
    expect(within(ledger).getAllByText(/entries sum to zero/).length).toBeGreaterThan(0);
    expect(within(ledger).queryByText(/do not sum to zero/)).toBeNull();
    expect(within(ledger).getByRole('heading', { name: 'Balances now' })).toBeInTheDocument();

    expect(within(section('Rail references')).getByText(recorded.rail.pix_end_to_end_id!)).toBeInTheDocument();

    const other = recorded.other_payments![0]!.transaction_id;
    expect(within(section('Other payments of this payer')).getByRole('link', { name: other })).toHaveAttribute('href', `/ops/payments/${other}`);

    expect(await within(section('Audit log of this payment')).findByText('No operator action on this payment yet.')).toBeInTheDocument();
    const audit = asked.find((u) => u.pathname === '/api/ops/audit')!;
    expect(audit.searchParams.get('object_type')).toBe('payment');
    expect(audit.searchParams.get('object_id')).toBe(id);
  });

  it('links a SPEI payment’s clave de rastreo to Banxico’s CEP page', async () => {
    const spei = {
      ...recorded,
      payment: { ...recorded.payment, method: 'spei', corridor: 'MX', currency: 'MXN' },
      rail: { spei_tracking_key: 'CREBIT2026112600001', cep_url: 'https://www.banxico.org.mx/cep/' },
    };
    stubFetch((url) => (url.pathname.startsWith('/api/ops/payments/') ? json(200, spei) : url.pathname === '/api/ops/audit' ? json(200, { entries: [] }) : undefined));
    renderRoute('/ops/payments/:id', <ExplainPage />, `/ops/payments/${id}`);
    const rail = await screen.findByRole('region', { name: 'Rail references' });
    expect(within(rail).getByText('CREBIT2026112600001')).toBeInTheDocument();
    expect(within(rail).getByRole('link', { name: 'Banxico CEP' })).toHaveAttribute('href', 'https://www.banxico.org.mx/cep/');
  });

  it('resends an e-mail with the reason typed, and refreshes the story', async () => {
    const posts: Array<{ path: string; body: unknown }> = [];
    let explained = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const url = new URL(String(input), 'http://localhost');
        if (init?.method === 'POST') {
          posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
          return new Response(null, { status: 204 });
        }
        if (url.pathname === `/api/ops/payments/${id}`) {
          explained++;
          return json(200, recorded);
        }
        return json(200, { entries: [] });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/ops/payments/:id', <ExplainPage />, `/ops/payments/${id}`, { account_id: 'acc_s', email: 's@example.com', role: 'support' });
    const emails = await screen.findByRole('region', { name: 'E-mails' });
    const mail = recorded.emails![0]!;
    await user.click(within(emails).getByRole('button', { name: `Resend…: ${mail.subject}` }));
    const form = within(emails).getByRole('form', { name: `Resend…: ${mail.subject}` });
    await user.click(within(form).getByRole('button', { name: 'Resend this e-mail' }));
    expect(within(form).getByLabelText('Reason')).toHaveAccessibleDescription(/Please give the reason for this action/);
    expect(posts).toHaveLength(0);
    await user.type(within(form).getByLabelText('Reason'), 'The payer lost it');
    await user.click(within(form).getByRole('button', { name: 'Resend this e-mail' }));
    expect(await within(emails).findByRole('status')).toHaveTextContent('Queued again');
    expect(posts).toEqual([{ path: `/api/ops/payments/${id}/resend-email`, body: { mail_id: mail.id, reason: 'The payer lost it' } }]);
    await vi.waitFor(() => expect(explained).toBe(2));
    // Support may not replay webhooks: the API answers 404, so there is no button.
    expect(within(section('Webhooks received')).queryByRole('button', { name: /Replay/ })).toBeNull();
  });

  it('replays a webhook for finance and says what it changed', async () => {
    const posts: Array<{ path: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const url = new URL(String(input), 'http://localhost');
        if (init?.method === 'POST') {
          posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
          return json(200, { outcome: 'no change' });
        }
        return url.pathname === `/api/ops/payments/${id}` ? json(200, recorded) : json(200, { entries: [] });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/ops/payments/:id', <ExplainPage />, `/ops/payments/${id}`, { account_id: 'acc_f', email: 'f@example.com', role: 'finance' });
    const hooks = await screen.findByRole('region', { name: 'Webhooks received' });
    const hook = recorded.webhooks![0]!;
    await user.click(within(hooks).getByRole('button', { name: `Replay…: ${hook.type} ${hook.id}` }));
    const form = within(hooks).getByRole('form', { name: `Replay…: ${hook.type} ${hook.id}` });
    await user.type(within(form).getByLabelText('Reason'), 'The job failed on a deploy');
    await user.click(within(form).getByRole('button', { name: 'Replay this webhook' }));
    expect(await within(hooks).findByRole('status')).toHaveTextContent('Replayed: no change.');
    expect(posts).toEqual([{ path: `/api/ops/payments/${id}/replay-webhook`, body: { event_id: hook.id, reason: 'The job failed on a deploy' } }]);
  });

  it('says when no payment has the id', async () => {
    stubFetch((url) =>
      url.pathname.startsWith('/api/ops/payments/') ? json(404, { error: 'No payment has this transaction id', code: 'transaction_not_found', field: 'transaction_id' }) : undefined,
    );
    renderRoute('/ops/payments/:id', <ExplainPage />, '/ops/payments/txn_nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('No payment has this transaction id');
    expect(screen.getByRole('link', { name: 'Back to Find' })).toHaveAttribute('href', '/ops');
  });
});
