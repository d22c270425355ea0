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
    refetchInterval: (query) => setupPollInterval(query.state.data),
  });

/** SETUP_POLL_MS: how often the setup is asked again while a profile is being verified. */
export const SETUP_POLL_MS = 3000;

/**
 * setupPollInterval: while the partner is verifying a profile (BlindPay
 * decides moments after the profile is made, and a webhook tells the
 * server), the setup is asked again, so that the tab moves on to the bank
 * account once the payer is approved instead of saying "under review" until
 * a reload.
 */
export function setupPollInterval(setup: PaymentSetup | undefined): number | false {
  return setup?.profiles.some((p) => p.kyc_status === 'under_review') ? SETUP_POLL_MS : false;
}

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
