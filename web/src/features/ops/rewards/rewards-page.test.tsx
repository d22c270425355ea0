import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18next, i18nReady } from '@/lib/i18n';
import type { Reward } from '../api/rewards';
import { json, renderRoute, stubFetch } from '../testdata/render';
import { RewardsRoute } from './rewards-page';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['ops', 'common']);
});

afterEach(() => vi.unstubAllGlobals());

const earned: Reward = {
  id: 'rwd_earned',
  status: 'earned',
  amount_usd: '20.00',
  gift_card_brand: 'Amazon',
  referrer_name: 'Maria Souza',
  referrer_email: 'maria@example.com',
  referred_email: 'ana@example.com',
  payment_id: 'txn_friend1',
  created_at: '2026-11-20T14:00:00Z',
};
const held: Reward = { ...earned, id: 'rwd_held', status: 'held', review_reason: 'same_ip_day', referred_email: 'neighbour@example.com', payment_id: 'txn_friend2' };

/** queue answers the list (by status) and records what the actions sent. */
function queue(rewards: Reward[], action?: (path: string, body: Record<string, string>) => Response) {
  const sent: Array<{ path: string; body: Record<string, string> }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, string>;
        sent.push({ path: url.pathname, body });
        return action?.(url.pathname, body) ?? new Response(null, { status: 204 });
      }
      if (url.pathname === '/api/ops/rewards') {
        const status = url.searchParams.get('status');
        return json(200, { rewards: rewards.filter((r) => !status || r.status === status) });
      }
      return json(404, { error: 'not found', code: 'not_found' });
    }),
  );
  return sent;
}

describe('RewardsPage', () => {
  it('shows each reward with its referrer, the friend’s payment and the trust rules’ signal', async () => {
    queue([earned, held]);
    renderRoute('/ops/rewards', <RewardsRoute />, '/ops/rewards');
    const first = (await screen.findAllByRole('article', { name: /Maria Souza/ }))[0]!;
    expect(within(first).getByText('maria@example.com', { exact: false })).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'txn_friend1' })).toHaveAttribute('href', '/ops/payments/txn_friend1');
    expect(within(first).getByText('Nothing found')).toBeInTheDocument();
    const items = screen.getAllByRole('article');
    expect(items).toHaveLength(2);
    expect(within(items[1]!).getByText('Authorised from an address the referrer used within a day')).toBeInTheDocument();
    // A held reward is released or refused, never sent; an earned one is sent or refused.
    expect(within(items[0]!).getByRole('button', { name: 'Send gift card…' })).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button', { name: 'Release…' })).toBeNull();
    expect(within(items[1]!).queryByRole('button', { name: 'Send gift card…' })).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: 'Release…' })).toBeInTheDocument();
  });

  it('asks for the code, a reason and the password before sending, and says where the code went', async () => {
    const sent = queue([earned]);
    const user = userEvent.setup();
    renderRoute('/ops/rewards', <RewardsRoute />, '/ops/rewards');
    await user.click(await screen.findByRole('button', { name: 'Send gift card…' }));
    const form = screen.getByRole('form', { name: 'Send the gift card' });
    await user.click(within(form).getByRole('button', { name: 'E-mail the code to the referrer' }));
    expect(within(form).getByText("Please enter the gift card's code")).toBeInTheDocument();
    expect(within(form).getByText('Please give the reason for this action')).toBeInTheDocument();
    expect(within(form).getByText('Please enter your password')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(within(form).getByLabelText('Gift card code'), ' AMZ-1234 ');
    await user.type(within(form).getByLabelText('Reason'), 'November payout');
    await user.type(within(form).getByLabelText('Your password'), 'secret password 1');
    await user.click(within(form).getByRole('button', { name: 'E-mail the code to the referrer' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The code was e-mailed to maria@example.com.');
    expect(sent).toEqual([{ path: '/api/ops/rewards/rwd_earned/send', body: { code: 'AMZ-1234', reason: 'November payout', current_password: 'secret password 1' } }]);
  });

  it('shows a wrong password on the password field', async () => {
    queue([earned], () => json(401, { error: 'Your current password is incorrect', code: 'current_password_invalid', field: 'current_password' }));
    const user = userEvent.setup();
    renderRoute('/ops/rewards', <RewardsRoute />, '/ops/rewards');
    await user.click(await screen.findByRole('button', { name: 'Send gift card…' }));
    const form = screen.getByRole('form', { name: 'Send the gift card' });
    await user.type(within(form).getByLabelText('Gift card code'), 'AMZ-1234');
    await user.type(within(form).getByLabelText('Reason'), 'November payout');
    await user.type(within(form).getByLabelText('Your password'), 'wrong');
    await user.click(within(form).getByRole('button', { name: 'E-mail the code to the referrer' }));
    const password = within(form).getByLabelText('Your password');
    await vi.waitFor(() => expect(password).toHaveAccessibleDescription(/Your current password is incorrect/));
    expect(password).toHaveValue('');
  });

  it('refuses a held reward with the reason the referrer is told', async () => {
    const sent = queue([held]);
    const user = userEvent.setup();
    renderRoute('/ops/rewards', <RewardsRoute />, '/ops/rewards?status=held');
    await user.click(await screen.findByRole('button', { name: 'Refuse…' }));
    const form = screen.getByRole('form', { name: 'Refuse the reward' });
    expect(within(form).getByLabelText('Reason')).toHaveAccessibleDescription('The referrer is told this reason by e-mail.');
    await user.type(within(form).getByLabelText('Reason'), 'The friend is the referrer’s spouse');
    await user.click(within(form).getByRole('button', { name: 'Refuse the reward' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The reward was refused and the referrer told why.');
    expect(sent).toEqual([{ path: '/api/ops/rewards/rwd_held/review', body: { decision: 'refuse', reason: 'The friend is the referrer’s spouse' } }]);
  });

  it('does not call a reviewed reward clean: it shows the operator’s note instead of the rule', async () => {
    queue([{ ...earned, review_reason: 'Called the referrer: a classmate' }]);
    renderRoute('/ops/rewards', <RewardsRoute />, '/ops/rewards');
    const item = await screen.findByRole('article');
    expect(within(item).getByText(/^Reviewed by an operator/)).toBeInTheDocument();
    expect(within(item).getByText('Called the referrer: a classmate')).toBeInTheDocument();
    expect(within(item).queryByText('Nothing found')).toBeNull();
  });

  it('is the not-found page for a support operator', async () => {
    const asked = stubFetch(() => undefined);
    renderRoute('/ops/rewards', <RewardsRoute />, '/ops/rewards', { account_id: 'acc_s', email: 's@example.com', role: 'support' });
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(asked).toHaveLength(0);
  });
});
