import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';

export type WalletResponse = components['schemas']['Wallet'];

/** createWallet opens the customer's wallet when create-customer did not (errors are read from "message"). */
export async function createWallet(customerId: string): Promise<WalletResponse> {
  return apiFetch<WalletResponse>('/api/create-wallet', { method: 'POST', body: { customer_id: customerId } });
}
