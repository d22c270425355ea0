import type { components } from '@contract/api-types';
import { ApiError, apiFetch } from '@/lib/api-client';

export type WalletResponse = components['schemas']['Wallet'];

/** createWallet opens the customer's wallet when create-customer did not (errors are read from "message"). */
export async function createWallet(customerId: string): Promise<WalletResponse> {
  return apiFetch<WalletResponse>('/api/create-wallet', { method: 'POST', body: { customer_id: customerId } });
}

/** VERIFY_POLL_MS and VERIFY_TRIES: how often, and how many times, a wallet is asked for while the partner verifies the payer (about a minute). */
export const VERIFY_POLL_MS = 2000;
export const VERIFY_TRIES = 30;

/**
 * walletWhenVerified opens the wallet, waiting while the partner is still
 * verifying the payer (422 kyc_review: BlindPay decides after the customer
 * is made); onWait is called once, when the first answer says to wait. The
 * last refusal is thrown when the verdict does not come in time.
 */
export async function walletWhenVerified(customerId: string, onWait: () => void, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<WalletResponse> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await createWallet(customerId);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'kyc_review' || attempt >= VERIFY_TRIES) throw err;
      if (attempt === 1) onWait();
      await sleep(VERIFY_POLL_MS);
    }
  }
}
