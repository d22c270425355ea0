import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18next, i18nReady } from '@/lib/i18n';
import { TrackPage } from './track-page';
import { formatTime } from '@/features/payments/progress/format-time';
import type { TransactionStatus } from '@/features/payments/progress/get-transaction-status';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['track', 'common']);
});

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

// Times are shown in the visitor's language and zone, the zone named (format-time.ts).
const when = (iso: string) => formatTime(iso);

function payment(over: Partial<TransactionStatus> = {}): TransactionStatus {
  return {
    transaction_id: 'pay_abc',
    status: 'payin_completed',
    method: 'pix',
    delivery_method: 'usd-bank-transfer',
    amount_local: 5422.3,
    local_currency: 'BRL',
    amount_usd: 1000,
    effective_rate: 5.4223,
    created_at: '2026-05-01T12:00:00Z',
    updated_at: '2026-05-01T12:03:30Z',
    expires_at: '2026-05-01T12:05:00Z',
    tracking_number: '',
    owned: false,
    stages: [
      { status: 'created', reached: true, at: '2026-05-01T12:00:00Z' },
      { status: 'awaiting_payin', reached: true, at: '2026-05-01T12:00:01Z' },
      { status: 'payin_processing', reached: true, at: '2026-05-01T12:02:00Z' },
      { status: 'payin_completed', reached: true, at: '2026-05-01T12:03:30Z' },
      { status: 'offramp_created', reached: false, at: null },
      { status: 'completed', reached: false, at: null },
    ],
    ...over,
  };
}

const fetchMock = vi.fn<typeof fetch>();
let answers: Record<string, () => Response>;

beforeEach(() => {
  fetchMock.mockReset();
  answers = {};
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const id = url.searchParams.get('transaction_id') ?? '';
    const answer = url.pathname === '/api/transaction-status' ? answers[id] : url.pathname === '/api/me' ? answers.me : undefined;
    return answer ? answer() : json(404, { error: 'Transaction not found. Please check the transaction ID.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function renderPage(entry = '/track') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/track', element: <TrackPage /> }], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('TrackPage', () => {
  it('looks up a typed id, keeps it in the URL and shows the stages with their times', async () => {
    const user = userEvent.setup();
    answers.pay_abc = () => json(200, payment());
    const router = renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Transaction ID' }), '  pay_abc ');
    await user.click(screen.getByRole('button', { name: 'Track Payment' }));

    expect(await screen.findByRole('heading', { name: 'Payment pay_abc' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?transaction_id=pay_abc');

    const list = screen.getByRole('list', { name: 'Payment stages' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent?.replace('Current stage', '').trim())).toEqual([
      'Payment created',
      'Waiting for your Pix payment',
      'Payment processing',
      'Payment received',
      'Converting to USD',
      'USD delivered',
    ]);
    expect(within(items[3]!).getByText(when('2026-05-01T12:03:30Z'))).toBeInTheDocument();
    expect(items[3]).toHaveAttribute('aria-current', 'step');
    expect(within(items[4]!).getByText('Pending')).toBeInTheDocument();
    expect(within(items[5]!).getByText('Pending')).toBeInTheDocument();

    // Amounts in the currency's own format.
    expect(screen.getByText('R$ 5.422,30')).toBeInTheDocument();
    expect(screen.getByText('$1,000.00')).toBeInTheDocument();
    expect(screen.getByText('1 USD = 5.4223 BRL')).toBeInTheDocument();
    // Not the payer's session: no personal details.
    expect(screen.queryByRole('heading', { name: 'Your payment details' })).not.toBeInTheDocument();
  });

  it('reads the id from ?transaction_id= and names the SPEI and check stages', async () => {
    answers.pay_mx = () =>
      json(
        200,
        payment({
          transaction_id: 'pay_mx',
          method: 'spei',
          delivery_method: 'check-to-school',
          local_currency: 'MXN',
          amount_local: 18560.8,
          status: 'check_mailed',
          tracking_number: '1Z999AA10123456784',
          stages: [
            { status: 'created', reached: true, at: '2026-05-01T12:00:00Z' },
            { status: 'awaiting_payin', reached: true, at: '2026-05-01T12:00:01Z' },
            { status: 'payin_processing', reached: true, at: null },
            { status: 'payin_completed', reached: true, at: '2026-05-01T12:03:30Z' },
            { status: 'offramp_created', reached: true, at: '2026-05-01T12:10:00Z' },
            { status: 'check_mailed', reached: true, at: '2026-05-02T09:00:00Z' },
          ],
        }),
      );
    renderPage('/track?transaction_id=pay_mx');
    expect(await screen.findByRole('heading', { name: 'Payment pay_mx' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Transaction ID' })).toHaveValue('pay_mx');
    expect(screen.getByText('Waiting for your SPEI payment')).toBeInTheDocument();
    expect(screen.getAllByText('Check mailed').length).toBeGreaterThan(0);
    expect(screen.getByText('MX$18,560.80')).toBeInTheDocument();
    expect(screen.getByText('1Z999AA10123456784')).toBeInTheDocument();
    expect(screen.getByText('Mail Check to School')).toBeInTheDocument();
  });

  it('shows the not-found message for an unknown id', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Transaction ID' }), 'pay_nope');
    await user.click(screen.getByRole('button', { name: 'Track Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Transaction not found. Please check the transaction ID.');
    expect(screen.queryByRole('heading', { name: /Payment pay_nope/ })).not.toBeInTheDocument();
  });

  it('asks for an id instead of looking up an empty one', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Track Payment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a transaction ID');
    expect(screen.getByRole('textbox', { name: 'Transaction ID' })).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the owner's details and a link back to the payment", async () => {
    answers.pay_own = () =>
      json(
        200,
        payment({
          transaction_id: 'pay_own',
          owned: true,
          delivery_method: 'check-to-school',
          details: { sender_name: 'Maria Silva', school_name: 'Example University', student_name: 'João Silva', student_id: 'S-1234' },
        }),
      );
    renderPage('/track?transaction_id=pay_own');
    const heading = await screen.findByRole('heading', { name: 'Your payment details' });
    const card = heading.parentElement as HTMLElement;
    expect(within(card).getByText('Maria Silva')).toBeInTheDocument();
    expect(within(card).getByText('Example University')).toBeInTheDocument();
    expect(within(card).getByText('João Silva')).toBeInTheDocument();
    expect(within(card).getByText('S-1234')).toBeInTheDocument();
    // Neither signed in nor made by this tab's wizard: there is no way back to offer
    // (issue 26, item 7: the link opened an empty /get-started?step=1).
    expect(within(card).queryByRole('link', { name: 'Return to your payment' })).toBeNull();
  });

  it("returns a guest to the wizard step of the tab that made the payment (issue 26, item 7)", async () => {
    sessionStorage.setItem('crebit.wizard.mexico', JSON.stringify({ v: 1, step: 6, payment: { transaction_id: 'pay_own_mx' } }));
    sessionStorage.setItem('crebit.wizard.brazil', JSON.stringify({ v: 1, step: 8, payment: { transaction_id: 'pay_other' } }));
    answers.pay_own_mx = () =>
      json(200, payment({ transaction_id: 'pay_own_mx', method: 'spei', local_currency: 'MXN', owned: true, details: { sender_name: 'Ana López' } }));
    renderPage('/track?transaction_id=pay_own_mx');
    expect(await screen.findByRole('link', { name: 'Return to your payment' })).toHaveAttribute('href', '/get-started-mexico?step=6');
    expect(screen.getByText('Ana López')).toBeInTheDocument();
  });

  it("returns an account's payment to its dashboard detail (issue 26, item 7)", async () => {
    answers.me = () => json(200, { id: 'acc_1', email: 'ana@example.com', name: 'Ana Souza', email_verified: true });
    answers.pay_acc = () => json(200, payment({ transaction_id: 'pay_acc', owned: true, details: { sender_name: 'Ana Souza' } }));
    renderPage('/track?transaction_id=pay_acc');
    expect(await screen.findByRole('link', { name: 'Return to your payment' })).toHaveAttribute('href', '/dashboard?payment=pay_acc');
  });

  it('shows a newly reached stage after Refresh status', async () => {
    const user = userEvent.setup();
    let current = payment({ transaction_id: 'pay_live' });
    answers.pay_live = () => json(200, current);
    renderPage('/track?transaction_id=pay_live');
    const list = await screen.findByRole('list', { name: 'Payment stages' });
    const converting = () => within(list).getAllByRole('listitem')[4]!;
    expect(converting()).toHaveTextContent('Pending');

    current = payment({
      transaction_id: 'pay_live',
      status: 'offramp_created',
      stages: payment().stages.map((s) => (s.status === 'offramp_created' ? { ...s, reached: true, at: '2026-05-01T12:08:00Z' } : s)),
    });
    await user.click(screen.getByRole('button', { name: 'Refresh status' }));
    expect(await within(converting()).findByText(when('2026-05-01T12:08:00Z'))).toBeInTheDocument();
    expect(converting()).toHaveAttribute('aria-current', 'step');
  });
});
