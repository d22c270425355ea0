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

  // Issue 26, item 6: the panel was a raw link with no copy button and no
  // e-mail field, and it showed only after the first payment.
  it('copies the link and invites by e-mail, up to the limit, one error under the field', async () => {
    const posts: string[] = [];
    const invitations: Array<{ email: string; invited_at: string }> = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(`${url} ${init.body as string}`);
        invitations.push({ email: 'gil@example.com', invited_at: '2026-11-20T10:00:00Z' });
        return Response.json({ sent: 1, message: '1 referral(s) sent successfully.' });
      }
      return Response.json({ customer_id: 'cus_1', link: 'http://localhost/signup?ref=ABCDEF0123', invitations, rewards: [] });
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ReferralsPanel />
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/signup?ref=ABCDEF0123');
    expect(await screen.findByText('Link copied')).toBeInTheDocument();

    const field = screen.getByLabelText('Invite friends by e-mail');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(document.getElementById('referral-emails-error')?.textContent).toBe('Please enter at least one valid email address.');
    const many = Array.from({ length: 21 }, (_, i) => `f${i}@example.com`).join(', ');
    await userEvent.type(field, many);
    await userEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(document.getElementById('referral-emails-error')?.textContent).toBe('Please invite at most 20 friends at a time.');
    expect(posts).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, 'gil@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('1 invitation sent.')).toBeInTheDocument();
    expect(posts).toEqual(['/api/referrals {"customer_id":"cus_1","emails":["gil@example.com"]}']);
    expect(await screen.findByText('gil@example.com')).toBeInTheDocument();
  }, 30_000);

  it('says where the link comes from when the account has no payer profile yet', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ customer_id: '', link: '', invitations: [], rewards: [] }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ReferralsPanel />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/Your personal link appears here once your payer profile is set up/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
    expect(screen.getByText('Friends invited')).toBeInTheDocument();
  });
});
