import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18next, i18nReady } from '@/lib/i18n';
import { NotFoundPage } from '@/components/not-found-page';
import { opsRoute } from './ops-routes';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['common', 'ops']);
});

afterEach(() => vi.unstubAllGlobals());

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function show(entry: string, me: () => Response) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      asked.push(path);
      return path === '/api/ops/me' ? me() : json(404, { error: `not found: GET ${path}`, code: 'not_found' });
    }),
  );
  const router = createMemoryRouter(
    [
      opsRoute,
      { path: '*', element: <NotFoundPage /> },
    ],
    { initialEntries: [entry] },
  );
  const view = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { asked, view };
}

describe('/ops for someone who is not an operator', () => {
  it('is the ordinary not-found page, the same as an unknown path, and asks nothing else', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const unknown = show('/no-such-page', () => json(500, {}));
    await screen.findByRole('heading', { name: 'Oops! Page not found' });
    const expected = unknown.view.container.innerHTML;
    const expectedTitle = document.title;
    unknown.view.unmount();

    const { asked, view } = show('/ops/payments/txn_abc', () => json(404, { error: 'not found: GET /api/ops/me', code: 'not_found' }));
    await screen.findByRole('heading', { name: 'Oops! Page not found' });
    expect(view.container.innerHTML).toBe(expected);
    expect(document.title).toBe(expectedTitle);
    expect(asked).toEqual(['/api/ops/me']);
    log.mockRestore();
  });
});

describe('/ops for an operator without a recent two-factor sign-in', () => {
  it('shows the server’s message and links to sign in again and to Settings', async () => {
    const message = 'The console needs a sign-in with your two-factor code from the last 8 hours.';
    show('/ops', () => json(403, { error: message, code: 'two_factor_required' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/signin?next=/ops');
    expect(screen.getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/dashboard/settings');
  });
});

describe('/ops for an operator', () => {
  it('shows the console with the operator and role; Operators only for admins', async () => {
    show('/ops/audit', () => json(200, { account_id: 'acc_1', email: 'sam@example.com', role: 'support' }));
    expect(await screen.findByRole('navigation', { name: 'Console' })).toBeInTheDocument();
    expect(screen.getByText(/sam@example.com/)).toHaveTextContent('sam@example.com · Support');
    expect(screen.getByRole('link', { name: 'Find' })).toHaveAttribute('href', '/ops');
    expect(screen.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/ops/support');
    expect(screen.queryByRole('link', { name: 'Operators' })).toBeNull();
    // Rewards are finance's: the API answers support 404, so no link.
    expect(screen.queryByRole('link', { name: 'Rewards' })).toBeNull();
  });

  it('answers /ops/operators with the not-found page to a support operator, and with the list to an admin', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const support = show('/ops/operators', () => json(200, { account_id: 'acc_1', email: 'sam@example.com', role: 'support' }));
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    support.view.unmount();
    show('/ops/operators', () => json(200, { account_id: 'acc_2', email: 'ada@example.com', role: 'admin' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Operators' })).toBeInTheDocument();
    log.mockRestore();
  });
});
