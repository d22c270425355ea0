import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18next, i18nReady } from '@/lib/i18n';
import { SandboxMailboxPage } from './sandbox-mailbox-page';

beforeAll(async () => {
  await i18nReady;
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

const message = { id: 'm1', to: 'ana@example.com', subject: 'Recebemos seu pagamento', delivered_at: '2026-11-26T15:04:05Z', text: 'Olá', html: '<p>Olá</p>' };

function renderMailbox(path: string) {
  vi.stubGlobal('fetch', async (url: string) => {
    const body = url === '/api/sandbox/mailbox' ? { messages: [message] } : message;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <SandboxMailboxPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

// Issue 26, item 13: the mailbox wrote its dates in the browser's locale
// (toLocaleString), not in the language the person chose.
describe('sandbox mailbox dates follow the chosen language', () => {
  it.each([
    ['pt-BR', /26 de nov\. de 2026/],
    ['es-MX', /26 nov 2026/],
    ['en', /Nov 26, 2026/],
  ])('%s', async (lang, date) => {
    await i18next.changeLanguage(lang);
    await i18next.loadNamespaces(['account']);
    renderMailbox('/sandbox-mailbox');
    const item = await screen.findByRole('link', { name: /Recebemos seu pagamento/ });
    expect(item).toHaveTextContent(date);
    expect(item).not.toHaveTextContent('11/26/2026');
  });

  it('a message says when it was received in the chosen language, with its time zone', async () => {
    await i18next.changeLanguage('pt-BR');
    await i18next.loadNamespaces(['account']);
    renderMailbox('/sandbox-mailbox?id=m1');
    await screen.findByRole('heading', { name: 'Recebemos seu pagamento' });
    expect(document.body).toHaveTextContent(/26 de nov\. de 2026,? \d{2}:\d{2} [A-Z]/);
  });
});
