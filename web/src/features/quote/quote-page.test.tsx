import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18next, i18nReady } from '@/lib/i18n';
import { formatDateTime } from '@/lib/money';
import { QuotePage } from './quote-page';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['quote', 'layout']);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const brQuote = {
  amount_usd: 5000,
  total_local_amount: 27111.86,
  local_currency: 'BRL',
  total_fees_usd: 25,
  effective_rate: 5.422372,
  on_ramp: { id: 'qt_on', quotation: 5.39 },
  off_ramp: { id: 'qt_off', quotation: 0.999 },
  expires_at: '2026-11-22T04:20:42Z',
  expires_at_readable: 'Nov 22, 2026 04:20:42 UTC',
};

const mxQuote = { ...brQuote, amount_usd: 1000, total_local_amount: 18560.8, local_currency: 'MXN', effective_rate: 18.5608, on_ramp: { id: 'a', quotation: 18.45 } };

/** stubQuote answers every quote with body (MXN ones with the peso quote) and GET /api/rates with the indicative rates. */
function stubQuote(status: number, body: unknown) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/rates') {
      return new Response(JSON.stringify({ rates: [
        { symbol: 'USDC/BRL', local_currency: 'BRL', on_ramp: 5.4224, off_ramp: 5.3631 },
        { symbol: 'USDC/MXN', local_currency: 'MXN', on_ramp: 18.5608, off_ramp: 18.3578 },
      ], as_of: '2026-11-26T12:00:00Z' }), { status: 200 });
    }
    const sent = JSON.parse(String(init?.body ?? '{}')) as { symbol?: string };
    const answer = status === 200 && sent.symbol === 'USDC/MXN' ? mxQuote : body;
    return new Response(typeof answer === 'string' ? answer : JSON.stringify(answer), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** quoteBodies are the locked quotes the page asked for (the indicative rates are a GET of GET /api/rates). */
function quoteBodies(fetchMock: ReturnType<typeof stubQuote>) {
  return (fetchMock.mock.calls as unknown as [string, RequestInit][])
    .filter(([url]) => url === '/api/create-quote')
    .map(([, init]) => JSON.parse(String(init.body)) as { symbol: string; amount_usd: number });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/quote', element: <QuotePage /> }], { initialEntries: ['/quote'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

// Intl puts a no-break space between the symbol and the amount.
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('QuotePage', () => {
  it('starts with 5000, Brazil and Pix, reads amounts as typed and explains a wrong one under the field', async () => {
    stubQuote(200, brQuote);
    renderPage();
    const amount = screen.getByLabelText('Amount in USD');
    expect(amount).toHaveValue('5000');
    expect(screen.getByLabelText('Country')).toHaveValue('BR');
    expect(screen.getByText('Pix')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
    // Issue 16: 150.75 once became 15,075; now nothing typed is dropped, and 0 is explained.
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Get Live Rate' }));
    expect(amount).toHaveAccessibleDescription(/Enter an amount greater than 0/);
    await userEvent.clear(amount);
    await userEvent.type(amount, '150.75');
    expect(amount).toHaveValue('150.75');
    expect(amount).not.toHaveAttribute('aria-invalid');
    const fetchMock = stubQuote(200, brQuote);
    await userEvent.click(screen.getByRole('button', { name: 'Get Live Rate' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(quoteBodies(fetchMock)).toEqual([{ symbol: 'USDC/BRL', amount_usd: 150.75 }]);
  });

  it('shows the live rate in the comparison before a quote', async () => {
    stubQuote(200, brQuote);
    renderPage();
    const comparison = screen.getByRole('region', { name: 'Compare providers' });
    const crebit = within(comparison).getAllByRole('listitem')[0];
    await waitFor(() => expect(crebit).toHaveTextContent('5.4224 BRL per USD'));
    expect(crebit).toHaveTextContent('Live rate');
    expect(crebit).toHaveTextContent('Within 3 hours on a business day');
  });

  it('falls back to the typical figures only when the live rate cannot be had', async () => {
    const fetchMock = stubQuote(503, { error: 'unavailable', code: 'partner_unavailable' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPage();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const comparison = screen.getByRole('region', { name: 'Compare providers' });
    const [crebit, transfer, tuition] = within(comparison).getAllByRole('listitem');
    expect(crebit).toHaveTextContent('5.1200 BRL per USD');
    expect(crebit).toHaveTextContent('Typical');
    expect(crebit).toHaveTextContent('$5-15');
    expect(crebit).toHaveTextContent('Within 3 hours on a business day');
    expect(transfer).toHaveTextContent('Transfer service');
    expect(transfer).toHaveTextContent('$15-$25');
    expect(transfer).toHaveTextContent('1-3 business days');
    expect(tuition).toHaveTextContent('Tuition-payment service');
    expect(tuition).toHaveTextContent('$20-$35');
    expect(tuition).toHaveTextContent('2-4 business days');
    expect(screen.queryByRole('region', { name: 'Your savings' })).toBeNull();
  });

  it('gets a quote and shows pt-BR amounts, 4-decimal rates and both savings', async () => {
    const fetchMock = stubQuote(200, brQuote);
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Get Live Rate' }));
    const results = await screen.findByRole('region', { name: 'Your quote' });
    expect(text(results)).toContain('R$ 27.111,86');
    expect(text(results)).toContain('5.4224 BRL per USD');
    expect(text(results)).toContain('5.3900 BRL per USDC');
    expect(text(results)).toContain('0.9990 USD per USDC');
    expect(text(results)).toContain('$5,000.00');
    expect(text(results)).toContain('$25.00');
    // In the payer's time zone with the zone named (the test runner's zone).
    expect(text(results)).toContain(formatDateTime(new Date('2026-11-22T04:20:42Z'), { dateStyle: 'medium', timeStyle: 'medium' }).replace(/[\u00a0\u202f]/g, ' '));
    expect(fetchMock.mock.calls.every(([url]) => url === '/api/create-quote' || url === '/api/rates')).toBe(true);
    expect(quoteBodies(fetchMock)).toEqual([{ symbol: 'USDC/BRL', amount_usd: 5000 }]);

    const savings = within(screen.getByRole('region', { name: 'Your savings' })).getAllByRole('listitem');
    // 6.06 * 5020 - 27111.86 and 5.88 * 5027.5 - 27111.86
    expect(text(savings[0]!)).toContain('R$ 3.309,34');
    expect(text(savings[1]!)).toContain('R$ 2.449,84');
    expect(screen.getByRole('link', { name: 'Continue to Payment' })).toHaveAttribute('href', '/get-started?amount=5000.00');
  });

  it('changing country clears the quote, sets SPEI and shows es-MX amounts', async () => {
    const fetchMock = stubQuote(200, brQuote);
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Get Live Rate' }));
    await screen.findByRole('region', { name: 'Your quote' });
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'MX');
    expect(screen.queryByRole('region', { name: 'Your quote' })).toBeNull();
    expect(screen.getByText('SPEI')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Payment' })).toHaveAttribute('href', '/get-started-mexico?amount=5000.00');
    expect(screen.getByRole('region', { name: 'Compare providers' })).toHaveTextContent('18.5608 MXN per USD');

    fetchMock.mockImplementation(async () => new Response(JSON.stringify(mxQuote), { status: 200 }));
    await userEvent.clear(screen.getByLabelText('Amount in USD'));
    await userEvent.type(screen.getByLabelText('Amount in USD'), '1000');
    await userEvent.click(screen.getByRole('button', { name: 'Get Live Rate' }));
    const results = await screen.findByRole('region', { name: 'Your quote' });
    expect(text(results)).toContain('$18,560.80');
    expect(quoteBodies(fetchMock)).toEqual([{ symbol: 'USDC/BRL', amount_usd: 5000 }, { symbol: 'USDC/MXN', amount_usd: 1000 }]);
    const savings = within(screen.getByRole('region', { name: 'Your savings' })).getAllByRole('listitem');
    // 19.28 * 1020 - 18560.8 = 1104.80; 19.5 * 1027.5 - 18560.8 = 1475.45
    expect(text(savings[0]!)).toContain('$1,104.80');
    expect(text(savings[1]!)).toContain('$1,475.45');
  });

  it('shows the server error text in the red box', async () => {
    stubQuote(503, { error: 'Failed to get quote: the exchange-rate provider is unavailable.' });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Get Live Rate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get quote: the exchange-rate provider is unavailable.');
    expect(screen.queryByRole('region', { name: 'Your quote' })).toBeNull();
  });

  it("says 'Failed to get quote' when the error has no text", async () => {
    stubQuote(500, '');
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Get Live Rate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to get quote$/);
  });

  it("says 'Failed to get quote' when the answer is not a quote", async () => {
    stubQuote(200, { amount_usd: '5000' });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Get Live Rate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to get quote$/);
  });
});
