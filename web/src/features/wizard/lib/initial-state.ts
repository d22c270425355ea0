// The wizard's first state: an empty form for the country, no customer,
// no quote, no payment.

import type { Country } from '@/features/payments/lib/country';
import { initialProgress } from '@/features/payments/progress/payment-progress';
import type { WizardForm, WizardState } from './types';

export function emptyForm(country: Country): WizardForm {
  return {
    firstName: '',
    lastName: '',
    documentType: 'national_id',
    taxId: '',
    email: '',
    dateOfBirth: '',
    phone: '',
    country,
    streetAddress: '',
    city: '',
    state: '',
    zipCode: '',
    deliveryMethod: '',
    routingNumber: '',
    accountNumber: '',
    accountHolderName: '',
    bankName: '',
    bankStreetAddress: '',
    bankCity: '',
    bankState: '',
    bankZipCode: '',
    schoolName: '',
    payeeName: '',
    mailingAddress: '',
    schoolCity: '',
    schoolState: '',
    schoolZipCode: '',
    deliveryInstructions: '',
    studentFullName: '',
    studentId: '',
    termReference: '',
    studentEmail: '',
    paymentMethod: country === 'brazil' ? 'pix' : 'spei',
    amountUSD: '',
  };
}

/** noCustomer: no customer and no US bank account chosen (the start, and after step 1 changes). */
export const noCustomer = {
  customerId: null,
  walletId: null,
  walletAddress: null,
  kycStatus: null,
  customerKey: null,
  existingExternalAccount: null,
  externalAccount: null,
  selectedExternalAccountId: null,
  useExistingAccount: false,
} satisfies Partial<WizardState>;

export function initialState(country: Country): WizardState {
  return {
    v: 1,
    step: 1,
    form: emptyForm(country),
    amountCurrency: 'USD',
    localAmount: '',
    ...noCustomer,
    quote: null,
    quoteDeadline: null,
    quoteExpired: false,
    authorized: false,
    signedAt: null,
    attempt: null,
    payment: null,
    paymentDeadline: null,
    pollStartedAt: null,
    paymentError: null,
    progress: initialProgress.progress,
    offramp: null,
    lastStatus: null,
    timerStopped: false,
  };
}

