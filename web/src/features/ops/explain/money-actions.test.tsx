import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18next, i18nReady } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import type { Operator } from '../api/ops-me';
import type { Explanation } from '../api/explain-payment';
import { json, renderRoute } from '../testdata/render';
import recorded from '../testdata/explain-payment.json';
import { ExplainPage } from './explain-page';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['ops', 'common']);
});

afterEach(() => vi.unstubAllGlobals());

const base = recorded as unknown as Explanation;
const id = base.payment.transaction_id;
const finance: Operator = { account_id: 'acc_f', email: 'f@example.com', role: 'finance' };

const story = (payment: Partial<Explanation['payment']>, returns: Explanation['returns'] = []): Explanation => ({
  ...base,
  payment: { ...base.payment, ...payment },
  returns,
});
const received = story({ status: 'payin_completed', refundable: true });
const refunded = story({ status: 'refunded' }, [
  { id: 'ret_1', kind: 'payin', amount: 6777.96, currency: 'BRL', cause: 'refunded by an operator: the payer asked', opened_at: '2026-11-26T10:00:00Z' },
]);

/** answer serves the explanations in turn (the last one again) and records the POSTs, answering them with `posted`. */
function answer(stories: Explanation[], posted: () => Response) {
  const posts: Array<{ path: string; body: unknown }> = [];
  let told = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST') {
        posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        return posted();
      }
      if (url.pathname === `/api/ops/payments/${id}`) {
        // A POST that went through moves the story on.
        const s = stories[Math.min(told, stories.length - 1)]!;
        return json(200, s);
      }
      return json(200, { entries: [] });
    }),
  );
  return { posts, next: () => (told += 1) };
}

const open = (role?: Operator) => renderRoute('/ops/payments/:id', <ExplainPage />, `/ops/payments/${id}`, role);

describe('Refund, Cancel and Pay out again on Explain', () => {
  it('refunds a received pay-in after a reason and the password, saying what happens, and shows the money owed back', async () => {
    const { posts, next } = answer([received, refunded], () => {
      next();
      return json(200, { status: 'refunded' });
    });
    const user = userEvent.setup();
    open(finance);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).queryByRole('button', { name: /Cancel payment…|Pay out again…/ })).toBeNull();
    await user.click(within(summary).getByRole('button', { name: `Refund…: ${id}` }));
    const form = within(summary).getByRole('form', { name: `Refund…: ${id}` });
    expect(within(form).getByLabelText('Reason')).toHaveAccessibleDescription(
      /The payment ends refunded; the money is owed back to the payer until you record that the partner returned it\./,
    );
    await user.click(within(form).getByRole('button', { name: 'Refund this payment' }));
    expect(within(form).getByLabelText('Reason')).toHaveAccessibleDescription(/Please give the reason for this action/);
    expect(within(form).getByLabelText('Your password')).toHaveAccessibleDescription(/Please type your password/);
    expect(posts).toHaveLength(0);
    await user.type(within(form).getByLabelText('Reason'), 'The payer asked for the money back');
    await user.type(within(form).getByLabelText('Your password'), 'correct horse 123');
    await user.click(within(form).getByRole('button', { name: 'Refund this payment' }));
    expect(await within(summary).findByText('The payment is now Refunded; the money is owed back to the payer until you record the partner’s return (see Returns).')).toBeInTheDocument();
    expect(posts).toEqual([
      { path: `/api/ops/payments/${id}/refund`, body: { reason: 'The payer asked for the money back', current_password: 'correct horse 123' } },
    ]);
    // The page asked again: the refund is gone, the return is owed.
    const returns = screen.getByRole('region', { name: 'Returns' });
    const owed = await within(returns).findByRole('article', { name: `${formatMoney(6777.96, 'BRL')} · The whole deposit` });
    expect(within(owed).getByText('Owed')).toBeInTheDocument();
    expect(within(owed).getByText('refunded by an operator: the payer asked')).toBeInTheDocument();
    expect(within(summary).queryByRole('button', { name: /Refund…/ })).toBeNull();
  });

  it('shows the server’s refusal of the password under the password, and keeps the form', async () => {
    const { posts } = answer([received], () => json(401, { error: 'Your current password is incorrect', code: 'invalid_credentials', field: 'current_password' }));
    const user = userEvent.setup();
    open(finance);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    await user.click(within(summary).getByRole('button', { name: `Refund…: ${id}` }));
    const form = within(summary).getByRole('form', { name: `Refund…: ${id}` });
    await user.type(within(form).getByLabelText('Reason'), 'The payer asked');
    await user.type(within(form).getByLabelText('Your password'), 'wrong');
    await user.click(within(form).getByRole('button', { name: 'Refund this payment' }));
    await vi.waitFor(() => expect(within(form).getByLabelText('Your password')).toHaveAccessibleDescription(/Your current password is incorrect/));
    expect(within(form).getByLabelText('Your password')).toHaveValue('');
    expect(within(form).getByLabelText('Reason')).toHaveValue('The payer asked');
    expect(posts).toHaveLength(1);
  });

  it('shows a refusal that names no field in the form', async () => {
    answer([received], () => json(409, { error: 'This payment was converted already: it cannot be refunded', code: 'conflict' }));
    const user = userEvent.setup();
    open(finance);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    await user.click(within(summary).getByRole('button', { name: `Refund…: ${id}` }));
    const form = within(summary).getByRole('form', { name: `Refund…: ${id}` });
    await user.type(within(form).getByLabelText('Reason'), 'The payer asked');
    await user.type(within(form).getByLabelText('Your password'), 'correct horse 123');
    await user.click(within(form).getByRole('button', { name: 'Refund this payment' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This payment was converted already: it cannot be refunded');
  });

  it('cancels a payment waiting for its pay-in with a reason only', async () => {
    const { posts } = answer([story({ status: 'awaiting_payin', cancellable: true })], () => json(200, { status: 'failed' }));
    const user = userEvent.setup();
    open(finance);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    await user.click(within(summary).getByRole('button', { name: `Cancel payment…: ${id}` }));
    const form = within(summary).getByRole('form', { name: `Cancel payment…: ${id}` });
    expect(within(form).queryByLabelText('Your password')).toBeNull();
    expect(within(form).getByLabelText('Reason')).toHaveAccessibleDescription(/A deposit that arrives later anyway is owed back to the payer/);
    await user.type(within(form).getByLabelText('Reason'), 'The payer changed their mind');
    await user.click(within(form).getByRole('button', { name: 'Cancel this payment' }));
    expect(await within(summary).findByText('The payment is now Failed; its instructions are no longer shown.')).toBeInTheDocument();
    expect(posts).toEqual([{ path: `/api/ops/payments/${id}/cancel`, body: { reason: 'The payer changed their mind' } }]);
  });

  it('pays out again a payout that came back', async () => {
    const { posts } = answer([story({ status: 'offramp_created', payout_returned: true, offramp_status: 'refunded' })], () => new Response(null, { status: 204 }));
    const user = userEvent.setup();
    open(finance);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('refunded')).toBeInTheDocument();
    await user.click(within(summary).getByRole('button', { name: `Pay out again…: ${id}` }));
    const form = within(summary).getByRole('form', { name: `Pay out again…: ${id}` });
    await user.type(within(form).getByLabelText('Reason'), 'The bank fixed the account');
    await user.type(within(form).getByLabelText('Your password'), 'correct horse 123');
    await user.click(within(form).getByRole('button', { name: 'Pay out again' }));
    expect(await within(summary).findByText(/The payout was asked for again/)).toBeInTheDocument();
    expect(posts).toEqual([
      { path: `/api/ops/payments/${id}/payout-again`, body: { reason: 'The bank fixed the account', current_password: 'correct horse 123' } },
    ]);
  });

  it('offers none of them to support, nor Record return', async () => {
    answer([story({ status: 'payin_completed', refundable: true, cancellable: true, payout_returned: true }, refunded.returns)], () => json(500, {}));
    open({ account_id: 'acc_s', email: 's@example.com', role: 'support' });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).queryByRole('button', { name: /Refund|Cancel payment|Pay out again/ })).toBeNull();
    const returns = screen.getByRole('region', { name: 'Returns' });
    expect(within(returns).getByText('refunded by an operator: the payer asked')).toBeInTheDocument();
    expect(within(returns).queryByRole('button', { name: /Record return/ })).toBeNull();
  });
});

describe('Returns on Explain', () => {
  it('says when nothing is owed', async () => {
    answer([base], () => json(500, {}));
    open();
    const returns = await screen.findByRole('region', { name: 'Returns' });
    expect(within(returns).getByText('Nothing of this payment is owed back to the payer.')).toBeInTheDocument();
  });

  it('shows a returned one with when, by whom and the reference, and records an owed one', async () => {
    const returned = {
      id: 'ret_0',
      kind: 'excess' as const,
      amount: 12.5,
      currency: 'BRL' as const,
      cause: 'more arrived than quoted',
      opened_at: '2026-11-20T10:00:00Z',
      returned_at: '2026-11-22T15:00:00Z',
      returned_by: 'finance@example.com',
      reference: 'BP-RET-0001',
    };
    const { posts } = answer([story({ status: 'refunded' }, [returned, ...refunded.returns])], () =>
      json(200, { ...refunded.returns[0], returned_at: '2026-11-27T10:00:00Z', returned_by: 'f@example.com', reference: 'BP-RET-0002' }),
    );
    const user = userEvent.setup();
    open(finance);
    const returns = await screen.findByRole('region', { name: 'Returns' });
    const back = within(returns).getByRole('article', { name: `${formatMoney(12.5, 'BRL')} · What arrived beyond the quote` });
    expect(within(back).getByText('Returned')).toBeInTheDocument();
    expect(within(back).getByText('finance@example.com')).toBeInTheDocument();
    expect(within(back).getByText('BP-RET-0001')).toBeInTheDocument();
    expect(within(back).queryByRole('button')).toBeNull();

    const heading = `${formatMoney(6777.96, 'BRL')} · The whole deposit`;
    await user.click(within(returns).getByRole('button', { name: `Record return…: ${heading}` }));
    const form = within(returns).getByRole('form', { name: `Record return: ${heading}` });
    await user.click(within(form).getByRole('button', { name: 'Record the return' }));
    expect(within(form).getByLabelText('Partner reference')).toHaveAccessibleDescription(/Please give the partner’s reference/);
    await user.type(within(form).getByLabelText('Partner reference'), ' BP-RET-0002 ');
    await user.type(within(form).getByLabelText('Reason'), 'BlindPay support returned it');
    await user.type(within(form).getByLabelText('Your password'), 'correct horse 123');
    await user.click(within(form).getByRole('button', { name: 'Record the return' }));
    expect(await within(returns).findByRole('status')).toHaveTextContent('Return recorded (BP-RET-0002); the payer was e-mailed.');
    expect(posts).toEqual([
      { path: '/api/ops/returns/ret_1/record', body: { reference: 'BP-RET-0002', reason: 'BlindPay support returned it', current_password: 'correct horse 123' } },
    ]);
  });
});
