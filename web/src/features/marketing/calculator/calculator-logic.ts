// The rate calculator's rules (spec section 4, 'Rate calculator'), as a pure
// reducer so every case can be tested without a browser. Display only: the
// server prices every real payment.
import { parseTypedAmount } from '@/lib/amount';
import { formatAmount, type CurrencyCode } from '@/lib/money';
import { calculatorProviders, type Country, type ProviderId } from '@/lib/comparison-data';

// The first Intl.NumberFormat of a page loads the locale data (tens of
// milliseconds on a phone). Doing it while this module loads keeps that
// work out of the calculator's first render.
formatAmount(1, 'BRL');
formatAmount(1, 'MXN');

/** MIN_RECEIVE is the calculator's floor for the receive amount. */
export const MIN_RECEIVE = 1;

/** LiveRates are the rates the server returned (undefined: keep the default). */
export interface LiveRates {
  brazil?: number;
  mexico?: number;
  /** USD to BRL (off-ramp), used in reversed mode. */
  reverse?: number;
}

/** CalculatorMessage is a temporary (3 s) notice after an unsupported action. */
export type CalculatorMessage = 'usdToMxnUnsupported' | 'featureNotLive';

export interface CalculatorState {
  /** Text of the send box, as typed or as computed. */
  send: string;
  /** Text of the receive box. */
  receive: string;
  country: Country;
  provider: ProviderId;
  /** Reversed: USD is sent and BRL received. */
  reversed: boolean;
  interacted: boolean;
  message: CalculatorMessage | null;
  live: LiveRates;
}

export type CalculatorAction =
  | { type: 'sendChanged'; text: string }
  | { type: 'receiveChanged'; text: string }
  | { type: 'receiveBlurred' }
  | { type: 'providerChanged'; provider: ProviderId }
  | { type: 'countryChanged'; country: Country }
  | { type: 'swap' }
  | { type: 'messageCleared' }
  | { type: 'ratesLoaded'; rates: LiveRates };

/** initialCalculatorState: BRL (Brazil) to USD with the product selected. */
export const initialCalculatorState: CalculatorState = {
  send: '',
  receive: '',
  country: 'brazil',
  provider: 'crebit',
  reversed: false,
  interacted: false,
  message: null,
  live: {},
};

const localCurrency: Record<Country, CurrencyCode> = { brazil: 'BRL', mexico: 'MXN' };

/** sendCurrency and receiveCurrency name the boxes' currencies. */
export function sendCurrency(s: Pick<CalculatorState, 'reversed' | 'country'>): CurrencyCode {
  return s.reversed ? 'USD' : localCurrency[s.country];
}
export function receiveCurrency(s: Pick<CalculatorState, 'reversed' | 'country'>): CurrencyCode {
  return s.reversed ? localCurrency[s.country] : 'USD';
}

/** productRate is the product's local currency per 1 USD for a country (live when known). */
export function productRate(live: LiveRates, country: Country): number {
  return live[country] ?? calculatorProviders.crebit.rates[country];
}

/**
 * rateOf is the rate (local currency per 1 USD) the calculator converts
 * with: the selected provider's for the selected country, or the product's
 * off-ramp rate in reversed mode.
 */
export function rateOf(s: Pick<CalculatorState, 'reversed' | 'country' | 'provider' | 'live'>): number {
  if (s.reversed) return s.live.reverse ?? productRate(s.live, 'brazil');
  if (s.provider === 'crebit') return productRate(s.live, s.country);
  return calculatorProviders[s.provider].rates[s.country];
}

/**
 * parseCalculatorAmount reads a box's text with the one amount parser (in
 * the person's language and the box's currency); anything that is not an
 * amount counts as 0 here (the spec's rule), since the calculator only
 * illustrates. Nothing is stripped first: "12abc" is not 12.
 */
export function parseCalculatorAmount(text: string, currency: CurrencyCode = 'BRL'): number {
  const n = parseTypedAmount(text, currency);
  return Number.isNaN(n) ? 0 : n;
}

/**
 * usdAmountOf is the US dollar side of the calculator once the visitor has
 * typed something (the receive box, or the send box when reversed), else null.
 */
export function usdAmountOf(s: CalculatorState): number | null {
  if (!s.interacted) return null;
  const n = s.reversed ? parseCalculatorAmount(s.send, 'USD') : parseCalculatorAmount(s.receive, 'USD');
  return n > 0 ? n : null;
}

function format(n: number, currency: CurrencyCode): string {
  return formatAmount(n, currency);
}

/** receiveFor converts a send amount, with the 1.00 floor. */
export function receiveFor(send: number, s: CalculatorState): number {
  const rate = rateOf(s);
  const converted = s.reversed ? send * rate : send / rate;
  return Math.max(MIN_RECEIVE, converted);
}

/** sendFor converts a receive amount (floored at 1.00) back to the send amount. */
export function sendFor(receive: number, s: CalculatorState): number {
  const rate = rateOf(s);
  const r = Math.max(MIN_RECEIVE, receive);
  return s.reversed ? r / rate : r * rate;
}

function recomputeReceive(s: CalculatorState): CalculatorState {
  if (s.send.trim() === '') return s.interacted ? { ...s, receive: format(MIN_RECEIVE, receiveCurrency(s)) } : s;
  return { ...s, receive: format(receiveFor(parseCalculatorAmount(s.send, sendCurrency(s)), s), receiveCurrency(s)) };
}

/** calculatorReducer applies one user action or rate update. */
export function calculatorReducer(s: CalculatorState, a: CalculatorAction): CalculatorState {
  switch (a.type) {
    case 'sendChanged': {
      const next = { ...s, send: a.text, interacted: true };
      if (a.text.trim() === '') return { ...next, receive: format(MIN_RECEIVE, receiveCurrency(s)) };
      return { ...next, receive: format(receiveFor(parseCalculatorAmount(a.text, sendCurrency(s)), s), receiveCurrency(s)) };
    }
    case 'receiveChanged': {
      // The typed text stays while editing; the send box is computed from at
      // least 1.00, and leaving the box writes the floor back (receiveBlurred).
      return { ...s, receive: a.text, interacted: true, send: format(sendFor(parseCalculatorAmount(a.text, receiveCurrency(s)), s), sendCurrency(s)) };
    }
    case 'receiveBlurred': {
      if (!s.interacted) return s;
      const n = parseCalculatorAmount(s.receive, receiveCurrency(s));
      return n < MIN_RECEIVE ? { ...s, receive: format(MIN_RECEIVE, receiveCurrency(s)) } : s;
    }
    case 'providerChanged': {
      if (s.reversed) return s;
      return recomputeReceive({ ...s, provider: a.provider });
    }
    case 'countryChanged': {
      if (a.country === s.country) return s;
      // Reversed mode pays out BRL only.
      if (s.reversed) return a.country === 'mexico' ? { ...s, message: 'usdToMxnUnsupported' } : s;
      const next = { ...s, country: a.country };
      if (s.receive.trim() === '') return next;
      return { ...next, send: format(sendFor(parseCalculatorAmount(s.receive, receiveCurrency(next)), next), sendCurrency(next)) };
    }
    case 'swap': {
      if (s.country === 'mexico') return { ...s, message: 'usdToMxnUnsupported' };
      if (s.provider !== 'crebit') return { ...s, message: 'featureNotLive' };
      return { ...s, reversed: !s.reversed, send: '', receive: '', interacted: false, message: null };
    }
    case 'messageCleared':
      return s.message ? { ...s, message: null } : s;
    case 'ratesLoaded': {
      const next = { ...s, live: { ...s.live, ...definedOnly(a.rates) } };
      return next.interacted ? recomputeReceive(next) : next;
    }
  }
}

function definedOnly(r: LiveRates): LiveRates {
  const out: LiveRates = {};
  if (r.brazil !== undefined) out.brazil = r.brazil;
  if (r.mexico !== undefined) out.mexico = r.mexico;
  if (r.reverse !== undefined) out.reverse = r.reverse;
  return out;
}

/** placeholders derive from the product's rate per 1 USD (Brazil by default). */
export function placeholders(s: CalculatorState): { send: string; receive: string } {
  if (s.reversed) return { send: format(1, 'USD'), receive: format(rateOf(s), 'BRL') };
  return { send: format(productRate(s.live, s.country), sendCurrency(s)), receive: format(1, 'USD') };
}
