import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18next, i18nReady } from '@/lib/i18n';
import { SiteHeader } from './site-header';
import { isPastScrollThreshold } from './header-rates';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['layout']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Answer = { status: number; body: unknown };

/** ratesBody is GET /api/rates's answer with these on-ramp rates (undefined: left out). */
function ratesBody(brl?: number, mxn?: number) {
  const rates = [];
  if (brl !== undefined) rates.push({ symbol: 'USDC/BRL', local_currency: 'BRL', on_ramp: brl, off_ramp: 5.3631 });
  if (mxn !== undefined) rates.push({ symbol: 'USDC/MXN', local_currency: 'MXN', on_ramp: mxn, off_ramp: 18.3578 });
  return { rates, as_of: '2026-11-26T12:00:00Z' };
}

/**
 * stubRates answers GET /api/rates with answer and records every request
 * the header makes (a locked quote, POST /api/create-quote, would be one).
 */
function stubRates(answer: Answer) {
  const calls: Array<{ url: string; method: string }> = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method ?? 'GET' });
    if (url !== '/api/rates') return new Response(JSON.stringify({ error: 'not here' }), { status: 404 });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  // The header's account menu asks /api/me; a signed-out visitor gets 204, no body.
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
    url === '/api/me'
      ? Promise.resolve(new Response(null, { status: 204 }))
      : fetchMock(url, init),
  );
  return { fetchMock, calls };
}

/** failingQuotes makes the rates read fail; await the result to let the logged failure land inside the test. */
function failingQuotes() {
  stubRates({ status: 502, body: { error: 'rate source unavailable' } });
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  return () => waitFor(() => expect(warn).toHaveBeenCalled());
}

function renderHeader(path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '*', element: <SiteHeader /> }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

async function openMenu(name: 'SEND MONEY' | 'PAY TUITION') {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  const button = within(nav).getByRole('button', { name });
  await userEvent.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  return document.getElementById(button.getAttribute('aria-controls')!)!;
}

describe('SiteHeader rates', () => {
  it('shows the live rates in SEND MONEY from one GET /api/rates, locking no quote', async () => {
    const { calls } = stubRates({ status: 200, body: ratesBody(5.4321, 18.7654) });
    renderHeader();
    const menu = await openMenu('SEND MONEY');
    await waitFor(() => expect(menu).toHaveTextContent('5.43 BRL per USD'));
    expect(menu).toHaveTextContent('18.77 MXN per USD');
    expect(within(menu).getByRole('link', { name: /Send money from Brazil/ })).toHaveAttribute('href', '/get-started');
    expect(within(menu).getByRole('link', { name: /Send money from Mexico/ })).toHaveAttribute('href', '/get-started-mexico');
    expect(menu).toHaveTextContent('Pay with Pix');
    expect(menu).toHaveTextContent('Pay with SPEI');
    // One read of the server's in-memory rates; no POST /api/create-quote.
    expect(calls).toEqual([{ url: '/api/rates', method: 'GET' }]);

    // PAY TUITION never follows the live rates.
    const tuition = await openMenu('PAY TUITION');
    expect(tuition).toHaveTextContent('5.42 BRL per USD');
    expect(tuition).toHaveTextContent('18.56 MXN per USD');
  });

  it('keeps 5.42 and 18.56 when the rates cannot be read, and only logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { fetchMock } = stubRates({ status: 502, body: { error: 'rate source unavailable', code: 'partner_unavailable' } });
    renderHeader();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const menu = await openMenu('SEND MONEY');
    expect(menu).toHaveTextContent('5.42 BRL per USD');
    expect(menu).toHaveTextContent('18.56 MXN per USD');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('falls back per currency when the answer lacks one', async () => {
    stubRates({ status: 200, body: ratesBody(5.5, undefined) });
    renderHeader();
    const menu = await openMenu('SEND MONEY');
    await waitFor(() => expect(menu).toHaveTextContent('5.50 BRL per USD'));
    expect(menu).toHaveTextContent('18.56 MXN per USD');
  });
});

// Issue 26, item 3: rates were written "5.42 BRL por USD" on Portuguese pages.
describe('SiteHeader rates in the chosen language', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it.each([
    ['pt-BR', 'ENVIAR DINHEIRO', 'PAGAR MENSALIDADE', '5,43 BRL por USD', '18,77 MXN por USD', '5,42 BRL por USD', 'Menu'],
    ['es-MX', 'ENVIAR DINERO', 'PAGAR COLEGIATURA', '5.43 BRL por USD', '18.77 MXN por USD', '5.42 BRL por USD', 'Menú'],
  ])('%s: the dropdowns and the mobile menu write rates the way the language does', async (lang, send, tuition, brl, mxn, fixedBrl, menuName) => {
    await i18next.changeLanguage(lang);
    await i18next.loadNamespaces(['layout']);
    stubRates({ status: 200, body: ratesBody(5.4321, 18.7654) });
    renderHeader();
    const nav = screen.getByRole('navigation', { name: /./ });
    await userEvent.click(within(nav).getByRole('button', { name: send }));
    const menu = document.getElementById(within(nav).getByRole('button', { name: send }).getAttribute('aria-controls')!)!;
    await waitFor(() => expect(menu).toHaveTextContent(brl));
    expect(menu).toHaveTextContent(mxn);
    await userEvent.click(within(nav).getByRole('button', { name: tuition }));
    const fixed = document.getElementById(within(nav).getByRole('button', { name: tuition }).getAttribute('aria-controls')!)!;
    expect(fixed).toHaveTextContent(fixedBrl);

    const button = screen.getByRole('button', { name: menuName });
    await userEvent.click(button);
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel).toHaveTextContent(brl);
    expect(panel).toHaveTextContent(fixedBrl);
    expect(panel).not.toHaveTextContent(lang === 'pt-BR' ? '5.4' : '5,4');
  });
});

describe('SiteHeader navigation', () => {
  it('shows the yellow banner only on the landing screens', async () => {
    const warned = failingQuotes();
    renderHeader('/tuition-payments');
    await warned();
    expect(screen.getByRole('link', { name: 'Lowest fees. Fastest Foreign Exchange. Guaranteed →' })).toHaveAttribute(
      'href',
      '/country-selection',
    );
  });

  it('has no banner elsewhere; LEARN and PARTNER open the booking page in a new tab', async () => {
    const warned = failingQuotes();
    renderHeader('/foreign-exchange');
    await warned();
    expect(screen.queryByRole('link', { name: /Lowest fees/ })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['LEARN', 'PARTNER']) {
      const link = within(nav).getByRole('link', { name });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
      expect(link).toHaveAccessibleDescription('Opens in a new tab');
    }
  });

  it('Escape closes a dropdown and returns focus to its button', async () => {
    const warned = failingQuotes();
    renderHeader('/');
    await warned();
    const menu = await openMenu('PAY TUITION');
    await userEvent.tab();
    expect(within(menu).getByRole('link', { name: /Send money from Brazil/ })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    const button = screen.getByRole('button', { name: 'PAY TUITION' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(menu).not.toBeVisible();
  });

  it('the hamburger button toggles the mobile menu with both groups', async () => {
    const warned = failingQuotes();
    renderHeader('/');
    await warned();
    const button = screen.getByRole('button', { name: 'Menu' });
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(within(panel).getByRole('heading', { name: 'SEND MONEY' })).toBeVisible();
    expect(within(panel).getByRole('heading', { name: 'PAY TUITION' })).toBeVisible();
    expect(within(panel).getAllByRole('link', { name: /Send money from Mexico/ })).toHaveLength(2);
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('isPastScrollThreshold', () => {
  it('switches past 90% of the viewport height minus 100px', () => {
    // 900 * 0.9 - 100 = 710
    expect(isPastScrollThreshold(0, 900)).toBe(false);
    expect(isPastScrollThreshold(710, 900)).toBe(false);
    expect(isPastScrollThreshold(711, 900)).toBe(true);
    // 740 * 0.9 - 100 = 566
    expect(isPastScrollThreshold(566, 740)).toBe(false);
    expect(isPastScrollThreshold(567, 740)).toBe(true);
  });
});
