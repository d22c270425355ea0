import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18next, i18nReady } from '@/lib/i18n';
import { RateCalculator } from './rate-calculator';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['marketing']);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Rates = Partial<Record<string, number>>;

/**
 * stubRates answers GET /api/rates with the rates named "symbol quote_type"
 * (none: a 502), and counts the requests.
 */
function stubRates(rates: Rates) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      expect(url).toBe('/api/rates');
      if (Object.keys(rates).length === 0) {
        return new Response(JSON.stringify({ error: 'rate source unavailable', code: 'partner_unavailable' }), { status: 502 });
      }
      const corridor = (symbol: string, local: string) => ({
        symbol, local_currency: local, on_ramp: rates[`${symbol} on_ramp`], off_ramp: rates[`${symbol} off_ramp`],
      });
      return new Response(JSON.stringify({ rates: [corridor('USDC/BRL', 'BRL'), corridor('USDC/MXN', 'MXN')], as_of: '2026-11-26T12:00:00Z' }), { status: 200 });
    }),
  );
  return calls;
}

function renderCalculator() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RateCalculator />
    </QueryClientProvider>,
  );
}

const rateText = () => screen.getByText(/^1 USD = /).textContent;

describe('RateCalculator', () => {
  it('loads both on-ramp rates and converts with the live BRL rate', async () => {
    const calls = stubRates({ 'USDC/BRL on_ramp': 5.5, 'USDC/MXN on_ramp': 18.9 });
    renderCalculator();
    await waitFor(() => expect(rateText()).toBe('1 USD = 5.5000 BRL'));
    expect(calls).toEqual(['GET /api/rates']);
    expect(screen.getByLabelText('You send')).toHaveAttribute('placeholder', '5,50');
    await userEvent.type(screen.getByLabelText('You send'), '1100');
    expect(screen.getByLabelText('You receive')).toHaveValue('200.00');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'mexico');
    expect(rateText()).toBe('1 USD = 18.9000 MXN');
    expect(screen.getByLabelText('You send')).toHaveValue('3,780.00');
  });

  it('keeps the default rates when the calls fail, and only logs', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubRates({});
    renderCalculator();
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(String(warn.mock.calls[0]?.[1])).toContain('rate source unavailable');
    expect(rateText()).toBe('1 USD = 5.4200 BRL');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('$0')).toBeInTheDocument();
    expect(screen.getByText('Within 3 hours on a business day')).toBeInTheDocument();
  });

  it('swap uses the off-ramp rate of the same answer and converts USD to BRL', async () => {
    const calls = stubRates({ 'USDC/BRL on_ramp': 5.42, 'USDC/MXN on_ramp': 18.45, 'USDC/BRL off_ramp': 5.25 });
    renderCalculator();
    await waitFor(() => expect(rateText()).toBe('1 USD = 5.4200 BRL'));
    await userEvent.click(screen.getByRole('button', { name: 'Swap currencies' }));
    await waitFor(() => expect(rateText()).toBe('1 USD = 5.2500 BRL'));
    expect(calls).toEqual(['GET /api/rates']);
    expect(screen.getByLabelText('Provider')).toBeDisabled();
    await userEvent.type(screen.getByLabelText('You send'), '10');
    expect(screen.getByLabelText('You receive')).toHaveValue('52,50');
  });

  it('shows the unsupported-swap messages for 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    stubRates({ 'USDC/BRL on_ramp': 5.42, 'USDC/MXN on_ramp': 18.45 });
    renderCalculator();
    await user.selectOptions(screen.getByLabelText('Currency'), 'mexico');
    await user.click(screen.getByRole('button', { name: 'Swap currencies' }));
    expect(screen.getByRole('status')).toHaveTextContent('USD to MXN not currently supported');
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByRole('status')).toHaveTextContent('USD to MXN not currently supported');
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('status')).not.toHaveTextContent('USD to MXN not currently supported');

    await user.selectOptions(screen.getByLabelText('Currency'), 'brazil');
    await user.selectOptions(screen.getByLabelText('Provider'), 'transferService');
    await user.click(screen.getByRole('button', { name: 'Swap currencies' }));
    expect(screen.getByRole('status')).toHaveTextContent('Feature not currently live');
    expect(screen.getByText('$15-20')).toBeInTheDocument();
    expect(screen.getByText('1-3 Business Days')).toBeInTheDocument();
  });

  it('reload reads the rates again', async () => {
    const calls = stubRates({ 'USDC/BRL on_ramp': 5.42, 'USDC/MXN on_ramp': 18.45 });
    renderCalculator();
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh rates' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Refresh rates' }));
    await waitFor(() => expect(calls).toHaveLength(2));
  });
});
