// The Make a Payment tab's rules, as pure functions (tested without a
// browser): when each step may continue, what the estimate shows, and how
// a saved bank account is named.
import { readAmount } from '@/lib/amount';
import type { Language } from '@/lib/language';
import type { Country, CountryConfig } from '@/features/payments/lib/country';
import { countryConfig } from '@/features/payments/lib/country';
import { belowMinimum } from '@/features/payments/lib/validation';

export interface SendMoney {
  amount: string;
  country: Country;
  recipient: string;
}

export { countryConfig };

/** canContinueSendMoney: 'Continue to Payment Method' waits for an amount and a recipient. */
export function canContinueSendMoney(s: Pick<SendMoney, 'amount' | 'recipient'>): boolean {
  return s.amount.trim() !== '' && s.recipient.trim() !== '';
}

export type AmountProblem = 'invalid' | 'minimum' | null;

/** amountProblem checks the typed USD amount: a number over 0 with cents at most, and the corridor's minimum. */
export function amountProblem(text: string, country: Country, lang?: Language): AmountProblem {
  const r = readAmount(text, 'USD', lang);
  if (!r.ok) return 'invalid';
  return belowMinimum(r.value, countryConfig(country).minimumUSD) ? 'minimum' : null;
}

/**
 * sendAmountUSD is the typed USD amount read by the one amount parser, in
 * the person's language: what Send Money previews, the Payment Summary
 * shows and Process Payment asks a quote for are this one number (issue 26,
 * item 1: "150,75" in pt-BR once became 15075). null when it cannot be read.
 */
export function sendAmountUSD(s: Pick<SendMoney, 'amount'>, lang?: Language): number | null {
  const r = readAmount(s.amount, 'USD', lang);
  return r.ok ? r.value : null;
}

/** quoteRequest is Process Payment's POST /api/create-quote body for the draft; null when the amount cannot be read. */
export function quoteRequest(s: Pick<SendMoney, 'amount' | 'country'>, lang?: Language): { symbol: CountryConfig['symbol']; amount_usd: number } | null {
  const usd = sendAmountUSD(s, lang);
  return usd === null ? null : { symbol: countryConfig(s.country).symbol, amount_usd: usd };
}

/** Estimate is the Send Money step's indicative figures, before a quote is locked. */
export interface Estimate {
  usd: number;
  local: number;
  rate: number;
}

/** estimate converts a typed USD amount at the live indicative rate (local per 1 USD); null until both are known. */
export function estimate(text: string, rate: number | undefined, lang?: Language): Estimate | null {
  const usd = sendAmountUSD({ amount: text }, lang);
  if (usd === null || rate === undefined || !(rate > 0)) return null;
  return { usd, local: Math.round(usd * rate * 100) / 100, rate };
}

/** bankLabel names a saved account as the spec lists it: bank - holder (****last4). */
export function bankLabel(a: { bank_name: string; account_holder_name: string; last4: string }): string {
  return `${a.bank_name} - ${a.account_holder_name} (****${a.last4})`;
}
