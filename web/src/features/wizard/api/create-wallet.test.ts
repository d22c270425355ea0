import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletWhenVerified } from './create-wallet';

let wallets: Array<{ status: number; body: unknown }>;

beforeEach(() => {
  wallets = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const next = wallets.shift() ?? { status: 404, body: { error: 'not found' } };
      return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('walletWhenVerified', () => {
  const noWait = () => Promise.resolve();
  it('asks again while the partner is still verifying, and says once that it waits', async () => {
    const review = { status: 422, body: { error: 'under review', code: 'kyc_review' } };
    wallets = [review, review, { status: 200, body: { customer_id: 'c', wallet_id: 'w', wallet_address: '0x1' } }];
    const onWait = vi.fn();
    await expect(walletWhenVerified('c', onWait, noWait)).resolves.toMatchObject({ wallet_id: 'w' });
    expect(onWait).toHaveBeenCalledTimes(1);
  });

  it('gives a refusal back at once', async () => {
    wallets = [{ status: 422, body: { error: 'We could not verify your identity', code: 'kyc_rejected' } }];
    await expect(walletWhenVerified('c', () => {}, noWait)).rejects.toThrow('We could not verify your identity');
  });
});
