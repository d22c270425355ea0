// What differs between the Brazil (Pix) and Mexico (SPEI) wizards. Every
// other rule is shared, so a country is data, not a second wizard.

export type Country = 'brazil' | 'mexico';
export type LocalCurrency = 'BRL' | 'MXN';
export type PaymentMethod = 'pix' | 'spei';

export interface CountryConfig {
  country: Country;
  currency: LocalCurrency;
  symbol: 'USDC/BRL' | 'USDC/MXN';
  method: PaymentMethod;
  /** minimumUSD is the smallest payment (Brazil: USD 16); null when none. */
  minimumUSD: number | null;
  /** checkAvailable: Mail Check to School can be chosen (Mexico: Coming Soon). */
  checkAvailable: boolean;
  /** effectiveRateDecimals on the authorization step (Mexico shows 3). */
  effectiveRateDecimals: number;
}

export const brazil: CountryConfig = {
  country: 'brazil',
  currency: 'BRL',
  symbol: 'USDC/BRL',
  method: 'pix',
  minimumUSD: 16,
  checkAvailable: true,
  effectiveRateDecimals: 4,
};

export const mexico: CountryConfig = {
  country: 'mexico',
  currency: 'MXN',
  symbol: 'USDC/MXN',
  method: 'spei',
  minimumUSD: null,
  checkAvailable: false,
  effectiveRateDecimals: 3,
};

/** RATE_PROBE_USD is the quote asked for to convert a local amount (spec: 100 USD). */
export const RATE_PROBE_USD = 100;
/** WARNING_SECONDS: the timer turns red at 60 s or less. */
export const WARNING_SECONDS = 60;
/** POLL_INTERVAL_MS and POLL_MAX_MS: webhook status every 3 s for at most 10 minutes. */
export const POLL_INTERVAL_MS = 3_000;
export const POLL_MAX_MS = 10 * 60_000;
