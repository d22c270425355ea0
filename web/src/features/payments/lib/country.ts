// What differs between the Brazil (Pix) and Mexico (SPEI) wizards. Every
// other rule is shared, so a country is data, not a second wizard: the data
// is the server's corridor table (internal/corridor), generated into
// corridors.gen.ts, so the browser and the server cannot disagree on a
// currency, a symbol, a minimum or whether a check can be mailed.
import { corridors, type Corridor } from './corridors.gen';

export type Country = Corridor['country'];
export type LocalCurrency = Corridor['currency'];
export type PaymentMethod = Corridor['method'];

export interface CountryConfig {
  country: Country;
  currency: LocalCurrency;
  symbol: Corridor['symbol'];
  method: PaymentMethod;
  /** minimumUSD is the smallest payment the wizard states (Brazil: USD 16); null when it states none. */
  minimumUSD: number | null;
  /** checkAvailable: Mail Check to School can be chosen (Mexico: Coming Soon). */
  checkAvailable: boolean;
  /** effectiveRateDecimals on the authorization step (Mexico shows 3). */
  effectiveRateDecimals: number;
}

function config(c: Corridor): CountryConfig {
  return {
    country: c.country,
    currency: c.currency,
    symbol: c.symbol,
    method: c.method,
    minimumUSD: c.minimumShown ? c.minimumUSD : null,
    checkAvailable: c.checkAvailable,
    effectiveRateDecimals: c.effectiveRateDecimals,
  };
}

export const brazil: CountryConfig = config(corridors.brazil);
export const mexico: CountryConfig = config(corridors.mexico);

/** countryConfig is the corridor of a country the wizards and the dashboard name. */
export const countryConfig = (c: Country): CountryConfig => config(corridors[c]);

/** RATE_PROBE_USD is the quote asked for to convert a local amount (spec: 100 USD). */
export const RATE_PROBE_USD = 100;
/** WARNING_SECONDS: the timer turns red at 60 s or less. */
export const WARNING_SECONDS = 60;
/** POLL_INTERVAL_MS and POLL_MAX_MS: webhook status every 3 s for at most 10 minutes. */
export const POLL_INTERVAL_MS = 3_000;
export const POLL_MAX_MS = 10 * 60_000;
