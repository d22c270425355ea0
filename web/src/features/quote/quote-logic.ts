// The rate page's rules (spec sections 4, 5 and 9), kept pure for tests.
import type { LocalCurrency } from '@/lib/comparison-data';
import { formatMoney } from '@/lib/money';
import { amountText, readAmount } from '@/lib/amount';
import type { QuoteSymbol } from '@/features/payments/api/create-quote';
import { corridorsByCode, type Corridor, type CountryCode } from '@/features/payments/lib/corridors.gen';

// The first Intl.NumberFormat of a page loads the locale data (tens of
// milliseconds on a phone). Doing it while this module loads keeps that
// work out of the rate page's first render.
formatMoney(1, 'BRL');
formatMoney(1, 'MXN');

/** RateCountry is the rate page's country choice: a corridor's code. */
export type RateCountry = CountryCode;
/** PaymentMethod is the pay-in method; each country has one. */
export type PaymentMethod = Corridor['method'];

/** DEFAULT_AMOUNT_USD is the rate page's starting amount. */
export const DEFAULT_AMOUNT_USD = '5000';

/** methodFor: Brazil pays with Pix, Mexico with SPEI. */
export function methodFor(country: RateCountry): PaymentMethod {
  return corridorsByCode[country].method;
}

/** symbolFor is the quote symbol of a country. */
export function symbolFor(country: RateCountry): QuoteSymbol {
  return corridorsByCode[country].symbol;
}

/** currencyFor is the local currency of a country. */
export function currencyFor(country: RateCountry): LocalCurrency {
  return corridorsByCode[country].currency;
}

/**
 * wizardPathFor is where 'Continue to Payment' leads; a readable amount
 * goes along (?amount=, USD) and fills the wizard's step 4.
 */
export function wizardPathFor(country: RateCountry, amount = ''): string {
  const path = corridorsByCode[country].wizardPath;
  const r = readAmount(amount, 'USD');
  return r.ok ? `${path}?amount=${amountText(r.value)}` : path;
}

/** canRequestQuote: the button is disabled only while loading (a wrong amount is explained under the field). */
export function canRequestQuote(_amount: string, loading: boolean): boolean {
  return !loading;
}

/** QuoteInputError is the key of a validation message (quote:errors.<key>). */
export type QuoteInputError = 'noMethod' | 'invalidAmount' | 'zeroAmount';

/** validateQuoteInput returns the first problem, or null when a quote can be requested. */
export function validateQuoteInput(method: PaymentMethod | '', amount: string): QuoteInputError | null {
  if (!method) return 'noMethod';
  const r = readAmount(amount, 'USD');
  if (r.ok) return null;
  if (r.reason === 'zero') return 'zeroAmount';
  return 'invalidAmount';
}

/** quoteAmount is the USD amount to quote (validateQuoteInput passed). */
export function quoteAmount(amount: string): number {
  const r = readAmount(amount, 'USD');
  return r.ok ? r.value : Number.NaN;
}
