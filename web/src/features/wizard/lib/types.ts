// The wizard's state types (spec section 4, "Wizard form state" and
// "Browser storage"), apart from the reducer so the empty state
// (initial-state.ts) and the reducer (state.ts) both read them without
// importing each other.

import type { Payment } from '../api/create-payment';
import type { Quote } from '@/features/payments/api/create-quote';
import type { PaymentMethod } from '@/features/payments/lib/country';
import type { Offramp, Progress, StatusRecord } from '@/features/payments/progress/payment-progress';
import type { BankDetails, PersonalInfo, SchoolDetails } from '@/features/payments/lib/validation';

export type Step = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
export type DeliveryMethod = '' | 'usd-bank-transfer' | 'check-to-school';

export type WizardForm = PersonalInfo &
  BankDetails &
  SchoolDetails & {
    deliveryMethod: DeliveryMethod;
    paymentMethod: PaymentMethod;
    amountUSD: string;
  };

/** SavedAccount is a US bank account the server holds (only its last 4 digits are known here). */
export interface SavedAccount {
  id: string;
  bankName: string;
  last4: string;
}

export interface WizardState {
  v: 1;
  step: Step;
  form: WizardForm;
  /** amountCurrency: the typed amount is USD ("you need to send") or local ("you have available"). */
  amountCurrency: 'USD' | 'local';
  localAmount: string;

  customerId: string | null;
  walletId: string | null;
  walletAddress: string | null;
  kycStatus: string | null;
  /** customerKey fingerprints the step-1 details the customer was created from. */
  customerKey: string | null;

  /** existingExternalAccount: the account the server offered back with an existing customer. */
  existingExternalAccount: SavedAccount | null;
  /** externalAccount: the account the payment goes to (new or reused). */
  externalAccount: SavedAccount | null;
  selectedExternalAccountId: string | null;
  useExistingAccount: boolean;

  /** quote: the locked quote; its on-ramp and off-ramp ids are the spec's onRampQuoteId / offRampQuoteId. */
  quote: Quote | null;
  quoteDeadline: number | null;
  quoteExpired: boolean;

  authorized: boolean;
  signedAt: string | null;
  /** attempt: the Idempotency-Key of the payment for this quote, kept across retries. */
  attempt: { quoteId: string; key: string } | null;

  payment: Payment | null;
  paymentDeadline: number | null;
  pollStartedAt: number | null;
  paymentError: string | null;
  progress: Progress;
  offramp: Offramp | null;
  lastStatus: StatusRecord | null;
  timerStopped: boolean;
}
