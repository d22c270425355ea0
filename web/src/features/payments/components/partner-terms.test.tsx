import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '@/features/payments/test/i18n';
import { PartnerTermsBox, usePartnerTerms } from './partner-terms';

let terms: { required: boolean; accepted: boolean };
let posts: unknown[];

beforeEach(() => {
  terms = { required: true, accepted: false };
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (path === '/api/partner-terms' && method === 'GET') return json(200, terms);
      if (path === '/api/partner-terms' && method === 'POST') {
        posts.push(JSON.parse(String(init?.body)));
        return json(200, { required: true, accepted: false, url: 'https://partner.example/tos?session_token=abc' });
      }
      return json(404, { error: 'not found' });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function Box() {
  const t = usePartnerTerms();
  return (
    <>
      <PartnerTermsBox terms={t} />
      <button type="submit" disabled={t.pending}>
        Continue
      </button>
    </>
  );
}

function renderBox() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={testI18n}>
      <QueryClientProvider client={client}>
        <Box />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('the partner’s terms before identity', () => {
  it('says nothing and blocks nothing when the partner asks for no terms', async () => {
    terms = { required: false, accepted: false };
    renderBox();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
    expect(screen.queryByRole('region', { name: "Our payment partner's terms" })).toBeNull();
  });

  it('opens BlindPay’s page in a new tab, waits for its confirmation, then lets the payer continue', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    renderBox();
    const box = await screen.findByRole('region', { name: "Our payment partner's terms" });
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: "Open BlindPay's terms" }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('https://partner.example/tos?session_token=abc'));
    expect(posts).toEqual([{ return_path: '/partner-terms-done' }]);
    expect(box).toHaveTextContent('Waiting for BlindPay to confirm your acceptance');
    terms = { required: true, accepted: true };
    expect(await screen.findByText("You accepted BlindPay's terms of service.", {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('gives the keyboard user’s focus to the confirmation when the button they used goes, so that Tab reaches Continue', async () => {
    vi.stubGlobal('open', vi.fn(() => ({ location: { href: '' }, close: vi.fn() })));
    renderBox();
    const openTerms = await screen.findByRole('button', { name: "Open BlindPay's terms" });
    openTerms.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(posts).toHaveLength(1));
    terms = { required: true, accepted: true };
    const confirmation = await screen.findByText("You accepted BlindPay's terms of service.", {}, { timeout: 5000 });
    await waitFor(() => expect(confirmation).toHaveFocus());
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
  });
});
