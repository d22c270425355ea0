// Test helpers of the console: a fetch that answers from a table of paths,
// and a page rendered in a memory router with a fresh query client.
import { vi } from 'vitest';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';

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

/** renderRoute renders element at route `path`, starting at `entry`. */
export function renderRoute(path: string, element: ReactElement, entry: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, element }], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
