// Test helpers of the console: a fetch that answers from a table of paths,
// and a page rendered in a memory router with a fresh query client.
import { vi } from 'vitest';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { Operator } from '../api/ops-me';
import type { ConsoleContext } from '../ops-console';

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const notFound = (path: string) => json(404, { error: `not found: GET ${path}`, code: 'not_found' });

/** stubFetch answers each request from `answer` (given the URL); it records every URL asked. */
export function stubFetch(answer: (url: URL) => Response | undefined) {
  const asked: URL[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url);
    return answer(url) ?? notFound(url.pathname);
  });
  vi.stubGlobal('fetch', fetchMock);
  return asked;
}

export const admin: Operator = { account_id: 'acc_admin', email: 'admin@example.com', role: 'admin' };

/** renderRoute renders element at route `path`, starting at `entry`, inside the console's context (an admin unless `me` says otherwise). */
export function renderRoute(path: string, element: ReactElement, entry: string, me: Operator = admin) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const context: ConsoleContext = { me, notFound: <h1>Oops! Page not found</h1> };
  const router = createMemoryRouter([{ element: <Outlet context={context} />, children: [{ path, element }] }], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
