// The Make a Payment tab's calls (docs/openapi.yaml, tag "dashboard"): the
// account's payer profiles, the check waitlist and Process Payment.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';
import { dashboardKey } from './dashboard-api';

export type PaymentSetup = components['schemas']['PaymentSetup'];
export type PaymentProfile = components['schemas']['PaymentProfile'];
export type SavedBankAccount = components['schemas']['SavedBankAccount'];
export type DashboardPaymentRequest = components['schemas']['DashboardPaymentRequest'];
export type DashboardPayment = components['schemas']['DashboardPayment'];

export const paymentSetupQuery = () =>
  queryOptions({
    queryKey: [...dashboardKey, 'payment-setup'],
    queryFn: async () => {
      const s = await apiFetch<PaymentSetup>('/api/dashboard/payment-setup');
      if (!s || !Array.isArray(s.profiles)) throw new Error('Unexpected payment setup answer');
      return s;
    },
  });

export const usePaymentSetup = () => useQuery(paymentSetupQuery());

/** processPayment pays a locked quote; the same key returns the same payment. */
export async function processPayment(body: DashboardPaymentRequest, idempotencyKey: string): Promise<DashboardPayment> {
  const p = await apiFetch<DashboardPayment>('/api/dashboard/payments', { body, headers: { 'Idempotency-Key': idempotencyKey } });
  if (!p || typeof p.transaction_id !== 'string' || typeof p.deposit_address !== 'string') throw new Error('Unexpected payment answer');
  return p;
}

/** joinCheckWaitlist records that the account wants mailed checks here. */
export async function joinCheckWaitlist(country: 'brazil' | 'mexico'): Promise<void> {
  await apiFetch('/api/dashboard/check-waitlist', { body: { country } });
}
