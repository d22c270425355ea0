// The Make a Payment tab's rules, as pure functions (tested without a
// browser): when each step may continue, what the estimate shows, and how
// a saved bank account is named.
import { readAmount } from '@/lib/amount';
import type { Country, CountryConfig } from '@/features/payments/lib/country';
import { brazil, mexico } from '@/features/payments/lib/country';
import { belowMinimum } from '@/features/payments/lib/validation';

export interface SendMoney {
  amount: string;
  country: Country;
  recipient: string;
}

export const countryConfig = (c: Country): CountryConfig => (c === 'mexico' ? mexico : brazil);

/** canContinueSendMoney: 'Continue to Payment Method' waits for an amount and a recipient. */
export function canContinueSendMoney(s: Pick<SendMoney, 'amount' | 'recipient'>): boolean {
  return s.amount.trim() !== '' && s.recipient.trim() !== '';
}

export type AmountProblem = 'invalid' | 'minimum' | null;

/** amountProblem checks the typed USD amount: a number over 0 with cents at most, and the corridor's minimum. */
export function amountProblem(text: string, country: Country): AmountProblem {
  const r = readAmount(text, 'USD');
  if (!r.ok) return 'invalid';
  return belowMinimum(r.value, countryConfig(country).minimumUSD) ? 'minimum' : null;
}

/** Estimate is the Send Money step's indicative figures, before a quote is locked. */
export interface Estimate {
  usd: number;
  local: number;
  rate: number;
}

/** estimate converts a typed USD amount at the live indicative rate (local per 1 USD); null until both are known. */
export function estimate(text: string, rate: number | undefined): Estimate | null {
  const r = readAmount(text, 'USD');
  if (!r.ok || rate === undefined || !(rate > 0)) return null;
  return { usd: r.value, local: Math.round(r.value * rate * 100) / 100, rate };
}

/** bankLabel names a saved account as the spec lists it: bank - holder (****last4). */
export function bankLabel(a: { bank_name: string; account_holder_name: string; last4: string }): string {
  return `${a.bank_name} - ${a.account_holder_name} (****${a.last4})`;
}
