import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18next, i18nReady } from '@/lib/i18n';
import { routeObjects } from './routes';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['common', 'layout', 'marketing', 'info']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const rates = {
  rates: [
    { symbol: 'USDC/BRL', local_currency: 'BRL', on_ramp: 5.4224, off_ramp: 5.3631 },
    { symbol: 'USDC/MXN', local_currency: 'MXN', on_ramp: 18.5608, off_ramp: 18.3578 },
  ],
  as_of: '2026-11-26T12:00:00Z',
};

/** stubServer answers what a page asks for and records every request. */
function stubServer() {
  const requests: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    requests.push(`${init?.method ?? 'GET'} ${url}`);
    if (url === '/api/rates') return new Response(JSON.stringify(rates), { status: 200 });
    if (url === '/api/me') return new Response(null, { status: 204 });
    return new Response(JSON.stringify({ error: 'not in this test', code: 'not_found' }), { status: 404 });
  }));
  return requests;
}

// Issue #31, item 2: a page view used to lock two partner quotes (1 USD
// each) for the header's rates. The live rates are one GET /api/rates,
// answered from the server's memory, shared by the header and the
// calculator; a page load locks no quote.
describe('a page load', () => {
  it.each(['/', '/foreign-exchange', '/how-it-works'])('%s reads the live rates once and locks no quote', async (path) => {
    const requests = stubServer();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={createMemoryRouter(routeObjects, { initialEntries: [path] })} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(requests).toContain('GET /api/rates'));
    // Let whatever else the page asks for come in.
    await screen.findAllByRole('link');
    await new Promise((r) => setTimeout(r, 300));
    expect(requests.filter((r) => r.includes('/api/create-quote'))).toEqual([]);
    expect(requests.filter((r) => r === 'GET /api/rates')).toEqual(['GET /api/rates']);
  });
});
