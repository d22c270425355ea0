import { apiFetch } from '@/lib/api-client';

export interface WalletResponse {
  customer_id: string;
  wallet_id: string;
  wallet_address: string;
}

/** createWallet opens the customer's wallet when create-customer did not (errors are read from "message"). */
export async function createWallet(customerId: string): Promise<WalletResponse> {
  return apiFetch<WalletResponse>('/api/create-wallet', { method: 'POST', body: { customer_id: customerId } });
}
