import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { i18next, i18nReady } from '@/lib/i18n';
import { RateCalculator } from '../calculator/rate-calculator';
import { CountryTiles } from './country-tiles';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['marketing']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

// Issue 16, item 4: the amount worked out in the calculator is not lost on
// the way to the wizard; the tiles on the same page follow it as it changes.
describe('calculator → country tiles', () => {
  it('carries the calculator’s US dollar amount to both wizards', async () => {
    const rates = { rates: [{ symbol: 'USDC/BRL', local_currency: 'BRL', on_ramp: 5, off_ramp: 4.9 }, { symbol: 'USDC/MXN', local_currency: 'MXN', on_ramp: 18, off_ramp: 17.9 }], as_of: '2026-11-26T12:00:00Z' };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(rates), { status: 200 })));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <RateCalculator />
          <CountryTiles variant="tiles" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const brazil = () => screen.getAllByRole('link').find((a) => a.getAttribute('href')?.startsWith('/get-started?') || a.getAttribute('href') === '/get-started');
    expect(brazil()).toHaveAttribute('href', '/get-started');
    await waitFor(() => expect(screen.getByText(/^1 USD = 5\.0000 BRL/)).toBeInTheDocument());
    await userEvent.type(screen.getByLabelText('You receive'), '2500');
    await waitFor(() => expect(brazil()).toHaveAttribute('href', '/get-started?amount=2500.00'));
    expect(screen.getAllByRole('link').some((a) => a.getAttribute('href') === '/get-started-mexico?amount=2500.00')).toBe(true);
    await userEvent.clear(screen.getByLabelText('You receive'));
    await userEvent.type(screen.getByLabelText('You receive'), '120.5');
    await waitFor(() => expect(brazil()).toHaveAttribute('href', '/get-started?amount=120.50'));
  });
});
