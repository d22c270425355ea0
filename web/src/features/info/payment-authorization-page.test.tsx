import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18next, i18nReady } from '@/lib/i18n';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/components/ui/toast-store';
import { PaymentAuthorizationPage } from './payment-authorization-page';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['info', 'common']);
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/payment-authorization', element: <PaymentAuthorizationPage /> },
      { path: '/country-selection', element: <h1>Country selection</h1> },
    ],
    { initialEntries: ['/payment-authorization'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

describe('PaymentAuthorizationPage', () => {
  it('keeps the confirm button disabled until the agreement is ticked', async () => {
    const user = userEvent.setup();
    renderPage();
    const box = screen.getByRole('checkbox', {
      name: 'I have read and agree to this Payment Authorization, the Terms of Service and the Privacy Policy.',
    });
    const confirm = screen.getByRole('button', { name: 'Confirm Authorization' });
    expect(box).not.toBeChecked();
    expect(confirm).toBeDisabled();

    // Clicking the label ticks the box: the two are tied.
    await user.click(screen.getByText(/I have read and agree/));
    expect(box).toBeChecked();
    expect(confirm).toBeEnabled();

    await user.click(box);
    expect(box).not.toBeChecked();
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('links to the terms of service and privacy policy', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('records the authorization, shows the signature time, then goes to country selection', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(json(201, { id: 'con_123', recorded_at: '2026-03-04T15:06:07Z' }));
    const router = renderPage();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Confirm Authorization' }));

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/payment-authorization');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ accepted: true });

    const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'long' }).format(
      new Date('2026-03-04T15:06:07Z'),
    );
    expect(await screen.findByText(`Digitally signed on ${when}`)).toBeInTheDocument();
    expect(screen.getByText('Reference: con_123')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm Authorization' })).toBeDisabled();

    await waitFor(() => expect(router.state.location.pathname).toBe('/country-selection'), { timeout: 4000 });
    // The router's state changes before React renders the new route (a transition).
    expect(await screen.findByRole('heading', { name: 'Country selection' })).toBeInTheDocument();
  });

  it('shows a server error as a destructive toast titled Error and stays on the page', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(json(429, { error: 'Too many requests, please wait a minute.' }));
    const router = renderPage();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Confirm Authorization' }));

    expect(await screen.findByText('Too many requests, please wait a minute.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment-authorization');
    expect(screen.queryByText(/Digitally signed/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm Authorization' })).toBeEnabled();
  });
});
