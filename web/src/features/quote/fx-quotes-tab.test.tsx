import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18next, i18nReady } from '@/lib/i18n';
import { FxQuotesTab, reformat } from './fx-quotes-tab';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['quote']);
});
afterEach(() => vi.unstubAllGlobals());

/**
 * quote answers like the server: 5.5 BRL or 18.5 MXN per USD, 1% fees, and
 * flatUSD of fees that do not scale (BlindPay's flat fee).
 */
function stubServer(flatUSD = 0) {
  const sent: Array<{ symbol: string; amount_usd: number }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { symbol: string; amount_usd: number };
      sent.push(body);
      const mx = body.symbol === 'USDC/MXN';
      const rate = mx ? 18.5 : 5.5;
      return new Response(
        JSON.stringify({
          amount_usd: body.amount_usd, total_local_amount: Math.round((body.amount_usd + flatUSD) * rate * 100) / 100, local_currency: mx ? 'MXN' : 'BRL',
          total_fees_usd: Math.round(body.amount_usd) / 100, effective_rate: rate, on_ramp: { id: 'on', quotation: rate }, off_ramp: { id: 'off', quotation: 0.999 },
          expires_at: '2026-11-24T20:00:00Z', expires_at_readable: 'Nov 24, 2026 20:00:00 UTC',
        }),
        { status: 200 },
      );
    }),
  );
  return sent;
}

function renderTab() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FxQuotesTab />
    </QueryClientProvider>,
  );
}

describe('FxQuotesTab', () => {
  it('reformats an amount for the currency it is now in, keeping its value', () => {
    expect(reformat('1,234.5', 'USD', 'BRL')).toBe('1.234,50');
    expect(reformat('1.234,50', 'BRL', 'MXN')).toBe('1,234.50');
    expect(reformat('abc', 'USD', 'BRL')).toBe('abc');
  });

  it('enables Get Live Rate only for an amount above zero and quotes USD directly', async () => {
    const sent = stubServer();
    renderTab();
    const button = screen.getByRole('button', { name: 'Get Live Rate' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Amount'), '0');
    expect(button).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '2500.5');
    expect(screen.getByText('How much USD you want to receive')).toBeInTheDocument();
    await userEvent.click(button);
    await screen.findByRole('region', { name: 'Your quote' });
    expect(sent.filter((b) => b.amount_usd !== 1)).toEqual([{ symbol: 'USDC/BRL', amount_usd: 2500.5 }]); // (1 USD: the comparison's live-rate probes)
    expect(screen.getByRole('region', { name: 'Your savings' })).toBeInTheDocument();
    expect(screen.getByText(/Better rates than any other fiat provider/)).toBeInTheDocument();
  });

  it('converts pesos through the live rate of a 100 USD quote; the country flips the currency and the format', async () => {
    const sent = stubServer();
    renderTab();
    const amount = screen.getByLabelText('Amount');
    await userEvent.type(amount, '1234.5');
    await userEvent.tab();
    expect(amount).toHaveValue('1,234.50');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'MX');
    expect(screen.getByLabelText('Currency')).toHaveValue('MXN');
    expect(amount).toHaveValue('1,234.50');
    expect(screen.getByText('How much MXN you have to convert to USD')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '18500');
    await userEvent.click(screen.getByRole('button', { name: 'Get Live Rate' }));
    const results = await screen.findByRole('region', { name: 'Your quote' });
    // 18,500 MXN at 18.5 MXN per USD (from the 100 USD probe) is 1,000.00 USD.
    expect(sent.filter((b) => b.amount_usd !== 1)).toEqual([{ symbol: 'USDC/MXN', amount_usd: 100 }, { symbol: 'USDC/MXN', amount_usd: 1000 }]);
    await waitFor(() => expect(within(results).getByText('$1,000.00')).toBeInTheDocument());
  });

  it('with a flat fee, quotes the dollars that cost what was typed (a third quote corrects the 100 USD rate)', async () => {
    const sent = stubServer(1.01);
    renderTab();
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'BRL');
    const amount = screen.getByLabelText('Amount');
    await userEvent.type(amount, '10000');
    await userEvent.click(screen.getByRole('button', { name: 'Get Live Rate' }));
    await screen.findByRole('region', { name: 'Your quote' });
    // The probe's rate (555.56 BRL for 100 USD) prices 10,000 BRL at 1,799.99
    // USD, whose quote costs 9,905.50 BRL; the line through both quotes gives
    // 1,817.17 USD, which costs 10,000.00 BRL.
    const quoted = sent.filter((b) => b.amount_usd !== 1).map((b) => b.amount_usd);
    expect(quoted).toEqual([100, 1799.99, 1817.17]);
    expect(Math.abs((1817.17 + 1.01) * 5.5 - 10000)).toBeLessThan(0.05);
  });

  it('shows a refusal in the red box', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'Amount exceeds the maximum', code: 'maximum_amount' }), { status: 400 })));
    renderTab();
    await userEvent.type(screen.getByLabelText('Amount'), '99999999');
    await userEvent.click(screen.getByRole('button', { name: 'Get Live Rate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/maximum/i);
  });
});
