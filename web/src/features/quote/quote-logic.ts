// The rate page's rules (spec sections 4, 5 and 9), kept pure for tests.
import type { LocalCurrency } from '@/lib/comparison-data';
import { formatMoney } from '@/lib/money';
import type { QuoteSymbol } from './api/create-quote';

// The first Intl.NumberFormat of a page loads the locale data (tens of
// milliseconds on a phone). Doing it while this module loads keeps that
// work out of the rate page's first render.
formatMoney(1, 'BRL');
formatMoney(1, 'MXN');

/** RateCountry is the rate page's country choice. */
export type RateCountry = 'BR' | 'MX';
/** PaymentMethod is the pay-in method; each country has one. */
export type PaymentMethod = 'pix' | 'spei';

/** DEFAULT_AMOUNT_USD is the rate page's starting amount. */
export const DEFAULT_AMOUNT_USD = '5000';

/** methodFor: Brazil pays with Pix, Mexico with SPEI. */
export function methodFor(country: RateCountry): PaymentMethod {
  return country === 'BR' ? 'pix' : 'spei';
}

/** symbolFor is the quote symbol of a country. */
export function symbolFor(country: RateCountry): QuoteSymbol {
  return country === 'BR' ? 'USDC/BRL' : 'USDC/MXN';
}

/** currencyFor is the local currency of a country. */
export function currencyFor(country: RateCountry): LocalCurrency {
  return country === 'BR' ? 'BRL' : 'MXN';
}

/** wizardPathFor is where 'Continue to Payment' leads. */
export function wizardPathFor(country: RateCountry): string {
  return country === 'BR' ? '/get-started' : '/get-started-mexico';
}

/** digitsOnly keeps the digits of what was typed in the USD amount field. */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/** canRequestQuote: the button is disabled while loading, and when the amount is empty or zero. */
export function canRequestQuote(amount: string, loading: boolean): boolean {
  return !loading && amount !== '' && Number(amount) > 0;
}

/** QuoteInputError is the key of a validation message (quote:errors.<key>). */
export type QuoteInputError = 'noMethod' | 'invalidAmount';

/** validateQuoteInput returns the first problem, or null when a quote can be requested. */
export function validateQuoteInput(method: PaymentMethod | '', amount: string): QuoteInputError | null {
  if (!method) return 'noMethod';
  const n = Number(amount);
  if (amount.trim() === '' || !Number.isFinite(n) || n <= 0) return 'invalidAmount';
  return null;
}
