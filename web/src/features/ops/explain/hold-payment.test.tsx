import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18next, i18nReady } from '@/lib/i18n';
import { json, renderRoute } from '../testdata/render';
import recorded from '../testdata/explain-payment.json';
import { ExplainPage } from './explain-page';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['ops', 'common']);
});

afterEach(() => vi.unstubAllGlobals());

const id = recorded.payment.transaction_id;
const inProgress = { ...recorded, payment: { ...recorded.payment, status: 'payin_completed' } };
const held = {
  ...inProgress,
  payment: { ...inProgress.payment, hold: { since: '2026-11-26T10:00:00Z', by: 'finance@example.com', reason: 'The bank asked us to check' } },
};

/** answer serves the explanation (`story`) and records the POSTs, answering them with `posted`. */
function answer(story: unknown, posted: Response | (() => Response)) {
  const posts: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST') {
        posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        return typeof posted === 'function' ? posted() : posted;
      }
      return url.pathname === `/api/ops/payments/${id}` ? json(200, story) : json(200, { entries: [] });
    }),
  );
  return posts;
}

describe('Hold and release on Explain', () => {
  it('puts a payment in progress on hold with the reason typed, after asking for one', async () => {
    const posts = answer(inProgress, () => new Response(null, { status: 204 }));
    const user = userEvent.setup();
    renderRoute('/ops/payments/:id', <ExplainPage />, `/ops/payments/${id}`, { account_id: 'acc_f', email: 'f@example.com', role: 'finance' });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    await user.click(within(summary).getByRole('button', { name: `Put on hold…: ${id}` }));
    const form = within(summary).getByRole('form', { name: `Put on hold…: ${id}` });
    expect(within(form).getByLabelText('Reason')).toHaveAccessibleDescription(/payer sees it under review/);
    await user.click(within(form).getByRole('button', { name: 'Put this payment on hold' }));
    expect(within(form).getByLabelText('Reason')).toHaveAccessibleDescription(/Please give the reason for this action/);
    expect(posts).toHaveLength(0);
    await user.type(within(form).getByLabelText('Reason'), 'The bank asked us to check');
    await user.click(within(form).getByRole('button', { name: 'Put this payment on hold' }));
    expect(await within(summary).findByText('On hold. The payer sees it under review.')).toBeInTheDocument();
    expect(posts).toEqual([{ path: `/api/ops/payments/${id}/hold`, body: { reason: 'The bank asked us to check' } }]);
  });

  it('shows the open hold and releases it, saying what it applied', async () => {
    const posts = answer(held, () => json(200, { status: 'offramp_created', applied_events: ['evt_1'] }));
    const user = userEvent.setup();
    renderRoute('/ops/payments/:id', <ExplainPage />, `/ops/payments/${id}`);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText(/On hold since .* by finance@example\.com: The bank asked us to check/)).toBeInTheDocument();
    expect(within(summary).queryByRole('button', { name: /Put on hold/ })).toBeNull();
    await user.click(within(summary).getByRole('button', { name: `Release…: ${id}` }));
    const form = within(summary).getByRole('form', { name: `Release…: ${id}` });
    await user.type(within(form).getByLabelText('Reason'), 'The bank confirmed the payer');
    await user.click(within(form).getByRole('button', { name: 'Release this payment' }));
    expect(await within(summary).findByText('Released: offramp_created, 1 held event applied.')).toBeInTheDocument();
    expect(posts).toEqual([{ path: `/api/ops/payments/${id}/release`, body: { reason: 'The bank confirmed the payer' } }]);
  });

  it('shows the server’s refusal', async () => {
    answer(inProgress, () => json(409, { error: 'This payment is already on hold', code: 'conflict' }));
    const user = userEvent.setup();
    renderRoute('/ops/payments/:id', <ExplainPage />, `/ops/payments/${id}`);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    await user.click(within(summary).getByRole('button', { name: `Put on hold…: ${id}` }));
    const form = within(summary).getByRole('form', { name: `Put on hold…: ${id}` });
    await user.type(within(form).getByLabelText('Reason'), 'Twice');
    await user.click(within(form).getByRole('button', { name: 'Put this payment on hold' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This payment is already on hold');
  });

  it('offers no hold to support', async () => {
    answer(inProgress, () => new Response(null, { status: 204 }));
    renderRoute('/ops/payments/:id', <ExplainPage />, `/ops/payments/${id}`, { account_id: 'acc_s', email: 's@example.com', role: 'support' });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).queryByRole('button', { name: /Put on hold|Release/ })).toBeNull();
  });

  it('offers no hold on an ended payment', async () => {
    answer(recorded, () => new Response(null, { status: 204 }));
    renderRoute('/ops/payments/:id', <ExplainPage />, `/ops/payments/${id}`);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).queryByRole('button', { name: /Put on hold|Release/ })).toBeNull();
  });
});
