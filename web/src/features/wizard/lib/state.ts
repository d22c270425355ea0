// The wizard's state and its transitions (spec section 4) as a pure reducer.
// Field names follow the spec's "Wizard form state" and "Browser storage".

import type { Quote } from '@/features/payments/api/create-quote';
import { initialState, noCustomer } from './initial-state';
import type { Payment } from '../api/create-payment';
import type { Country } from '@/features/payments/lib/country';
import type { Offramp, Progress, StatusRecord } from '@/features/payments/progress/payment-progress';
import type { SavedAccount, Step, WizardForm, WizardState } from './types';

export type { DeliveryMethod, SavedAccount, Step, WizardForm, WizardState } from './types';

export { emptyForm, initialState } from './initial-state';

/**
 * Action: what happened. The reducer alone decides which step follows
 * (hooks report 'personal-done', never "go to step 2").
 */
export type Action =
  | { type: 'goto'; step: Step }
  | { type: 'personal-done'; keepCustomer: boolean }
  | { type: 'delivery-done' }
  | { type: 'school-done' }
  | { type: 'back' }
  | { type: 'history'; step: Step }
  | { type: 'customer-failed' }
  | { type: 'restart'; country: Country }
  | { type: 'form'; values: Partial<WizardForm> }
  | { type: 'amount'; amountCurrency?: 'USD' | 'local'; localAmount?: string; amountUSD?: string }
  | {
      type: 'customer';
      customerId: string;
      walletId: string;
      walletAddress: string;
      kycStatus: string;
      customerKey: string | null;
      existingExternalAccount: SavedAccount | null;
    }
  | { type: 'customer-cleared' }
  | { type: 'account-saved'; account: SavedAccount }
  | { type: 'account-reused'; account: SavedAccount }
  | { type: 'account-cleared' }
  | { type: 'quote-locked'; quote: Quote; deadline: number }
  | { type: 'quote-expired' }
  | { type: 'new-quote' }
  | { type: 'authorize'; authorized: boolean; signedAt: string | null }
  | { type: 'attempt'; quoteId: string; key: string }
  | { type: 'payment-created'; payment: Payment; deadline: number; now: number }
  | { type: 'payment-error'; message: string | null }
  | { type: 'progress'; progress: Progress; offramp: Offramp | null; lastStatus: StatusRecord | null };

/** previousStep is where Back goes from a step (4 goes to 2 or 3 by delivery method). */
export function previousStep(s: Pick<WizardState, 'step' | 'form'>): Step {
  switch (s.step) {
    case 2:
      return 1;
    case 3:
      return 2;
    case 4:
      return s.form.deliveryMethod === 'check-to-school' ? 3 : 2;
    case 5:
      return 4;
    case 6:
      return 5;
    case 9:
      return 8;
    default:
      return s.step;
  }
}

function clearQuote(s: WizardState): WizardState {
  return {
    ...s,
    quote: null,
    quoteDeadline: null,
    quoteExpired: false,
    authorized: false,
    signedAt: null,
    timerStopped: false,
  };
}

function clearPayment(s: WizardState): WizardState {
  return {
    ...s,
    payment: null,
    paymentDeadline: null,
    pollStartedAt: null,
    paymentError: null,
    progress: 'waiting',
    offramp: null,
    lastStatus: null,
    timerStopped: false,
  };
}

/** reachable reports whether the payer may be shown a step now (Back/Forward, a link, a reload). */
export function reachable(s: WizardState, step: Step): boolean {
  const paid = s.progress !== 'waiting' && s.progress !== 'failed' && s.progress !== 'expired';
  if (paid) return step >= 7; // a received payment never goes back to paying
  if (step >= 7) return false;
  if (step === 1) return true;
  if (step === 2) return s.form.firstName !== '' && s.form.email !== '';
  if (step === 3) return s.customerId !== null && s.form.deliveryMethod === 'check-to-school';
  if (step === 4) return s.customerId !== null && (s.externalAccount !== null || s.form.deliveryMethod === 'check-to-school');
  if (step === 5) return s.quote !== null && !s.quoteExpired;
  return s.payment !== null; // 6
}

export function reducer(s: WizardState, a: Action): WizardState {
  switch (a.type) {
    case 'goto':
      return { ...s, step: a.step };
    case 'personal-done':
      return { ...s, step: a.keepCustomer && s.useExistingAccount ? 4 : 2 };
    case 'delivery-done':
      return { ...s, step: s.form.deliveryMethod === 'check-to-school' ? 3 : 4 };
    case 'school-done':
      return { ...s, step: 4 };
    case 'back':
      return { ...s, step: previousStep(s) };
    case 'history':
      return reachable(s, a.step) ? { ...s, step: a.step } : s;
    case 'restart':
      return initialState(a.country);
    case 'customer-failed':
      return s.step <= 3 ? { ...s, step: 1 } : s;

    case 'form':
      return { ...s, form: { ...s.form, ...a.values } };
    case 'amount':
      return {
        ...s,
        amountCurrency: a.amountCurrency ?? s.amountCurrency,
        localAmount: a.localAmount ?? s.localAmount,
        form: a.amountUSD === undefined ? s.form : { ...s.form, amountUSD: a.amountUSD },
      };
    case 'customer':
      return {
        ...s,
        customerId: a.customerId,
        walletId: a.walletId,
        walletAddress: a.walletAddress,
        kycStatus: a.kycStatus,
        customerKey: a.customerKey,
        existingExternalAccount: a.existingExternalAccount,
      };
    case 'customer-cleared':
      return { ...s, ...noCustomer };
    case 'account-saved':
      return { ...s, externalAccount: a.account, selectedExternalAccountId: a.account.id, useExistingAccount: false };
    case 'account-reused':
      return {
        ...s,
        externalAccount: a.account,
        existingExternalAccount: a.account,
        selectedExternalAccountId: a.account.id,
        useExistingAccount: true,
        form: { ...s.form, deliveryMethod: 'usd-bank-transfer' },
        step: 4,
      };
    case 'account-cleared':
      return { ...s, externalAccount: null, selectedExternalAccountId: null, useExistingAccount: false };
    case 'quote-locked':
      return {
        ...clearPayment(s),
        quote: a.quote,
        quoteDeadline: a.deadline,
        quoteExpired: false,
        authorized: false,
        signedAt: null,
        step: 5,
      };
    case 'quote-expired':
      // On step 6 the wizard goes back to step 4; the payment window is over.
      if (s.step === 6) return { ...clearPayment(s), quoteExpired: true, step: 4 };
      return { ...s, quoteExpired: true };
    case 'new-quote':
      return { ...clearPayment(clearQuote(s)), step: 4 };
    case 'authorize':
      return { ...s, authorized: a.authorized, signedAt: a.signedAt };
    case 'attempt':
      return { ...s, attempt: { quoteId: a.quoteId, key: a.key } };
    case 'payment-created':
      return {
        ...s,
        payment: a.payment,
        paymentDeadline: a.deadline,
        // Going back and proceeding again returns the same payment: keep its progress.
        pollStartedAt: s.payment?.transaction_id === a.payment.transaction_id && s.pollStartedAt ? s.pollStartedAt : a.now,
        paymentError: null,
        progress: s.payment?.transaction_id === a.payment.transaction_id ? s.progress : 'waiting',
        offramp: s.payment?.transaction_id === a.payment.transaction_id ? s.offramp : null,
        lastStatus: s.payment?.transaction_id === a.payment.transaction_id ? s.lastStatus : null,
        timerStopped: s.payment?.transaction_id === a.payment.transaction_id ? s.timerStopped : false,
        step: 6,
      };
    case 'payment-error':
      return { ...s, paymentError: a.message };
    case 'progress': {
      const received = a.progress === 'payment_received' || a.progress === 'offramp_created' || a.progress === 'completed';
      return {
        ...s,
        progress: a.progress,
        offramp: a.offramp,
        lastStatus: a.lastStatus,
        timerStopped: s.timerStopped || a.progress !== 'waiting',
        step: received && s.step <= 6 ? 7 : s.step,
      };
    }
  }
}
