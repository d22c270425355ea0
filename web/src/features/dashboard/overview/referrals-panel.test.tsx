import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18next, i18nReady } from '@/lib/i18n';
import { ReferralsPanel } from './referrals-panel';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['dashboard']);
});
afterEach(() => vi.unstubAllGlobals());

describe('ReferralsPanel', () => {
  it('lets the referrer choose the gift card of an earned reward, then shows it', async () => {
    let brand = '';
    const puts: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        puts.push(`${url} ${init.body as string}`);
        brand = (JSON.parse(init.body as string) as { brand: string }).brand;
        return new Response(null, { status: 204 });
      }
      return Response.json({
        link: 'http://localhost/signup?ref=ABCDEF0123',
        invitations: [{ email: 'gil@example.com', invited_at: '2026-11-20T10:00:00Z' }],
        rewards: [{ id: 'rwd_1', amount_usd: '100.00', status: 'earned', gift_card_brand: brand, earned_at: '2026-11-21T10:00:00Z' }],
      });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ReferralsPanel />
      </QueryClientProvider>,
    );
    await userEvent.selectOptions(await screen.findByLabelText('Choose your gift card'), 'Starbucks');
    await userEvent.click(screen.getByRole('button', { name: 'Save choice' }));
    await waitFor(() => expect(puts).toEqual(['/api/me/referrals/rewards/rwd_1/gift-card {"brand":"Starbucks"}']));
    expect(await screen.findByText(/\$100\.00 Starbucks gift card earned on .*, to be sent/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Choose your gift card')).not.toBeInTheDocument();
  });
});
