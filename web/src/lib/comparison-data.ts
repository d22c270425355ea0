// The one home of competitor figures (PRODUCT.md). Each screen shows the
// figures the specification gives for that screen, so the calculator's table
// (spec section 3) and the rate page's figures (spec section 9) are separate
// exports and deliberately differ. Providers are named generically in the
// locale files; here they are ids. Fee texts are figures; arrival times are
// i18n key suffixes, so the words stay translatable. The product's own time
// ('crebit') is not a figure of the spec's tables but the one delivery
// promise, common:promise.usdBankTitle (issue 26, item 4).

/** Country is a pay-in country of the calculator. */
export type Country = 'brazil' | 'mexico';

/** ProviderId is the product or one of the two comparison providers. */
export type ProviderId = 'crebit' | 'transferService' | 'tuitionService';

/** providerIds lists the providers in the order screens show them. */
export const providerIds: readonly ProviderId[] = ['crebit', 'transferService', 'tuitionService'];

export interface CalculatorProvider {
  /** Local currency per 1 USD. */
  rates: Record<Country, number>;
  fee: string;
  /** Key suffix of the arrival time text (marketing:time.<key>). */
  time: string;
}

/** calculatorProviders is the calculator's static table (spec section 3). */
export const calculatorProviders: Record<ProviderId, CalculatorProvider> = {
  crebit: { rates: { brazil: 5.42, mexico: 18.45 }, fee: '$0', time: 'crebit' },
  transferService: { rates: { brazil: 5.64, mexico: 19.28 }, fee: '$15-20', time: 'oneToThreeBusinessDays' },
  tuitionService: { rates: { brazil: 5.88, mexico: 19.5 }, fee: '$20-35', time: 'twoToFiveBusinessDays' },
};

/** LocalCurrency is a currency the rate page quotes in. */
export type LocalCurrency = 'BRL' | 'MXN';

export interface RatePageCompetitor {
  /** Local currency per 1 USD used by the savings formula. */
  rates: Record<LocalCurrency, number>;
  /** USD fee added to the amount in the savings formula. */
  addedFeeUsd: number;
  fee: string;
  /** Key suffix of the arrival time text (quote:time.<key>). */
  time: string;
}

/** ratePageFigures are the rate page's figures (spec section 9). */
export const ratePageFigures = {
  /** Shown for the product only when neither a quote nor the live rate can be had. */
  crebitFallback: { rates: { BRL: 5.12, MXN: 17.89 } as Record<LocalCurrency, number>, fee: '5-15', time: 'crebit' },
  transferService: { rates: { BRL: 6.06, MXN: 19.28 }, addedFeeUsd: 20, fee: '$15-$25', time: 'oneToThreeBusinessDays' } as RatePageCompetitor,
  tuitionService: { rates: { BRL: 5.88, MXN: 19.5 }, addedFeeUsd: 27.5, fee: '$20-$35', time: 'twoToFourBusinessDays' } as RatePageCompetitor,
} as const;

/**
 * savingsVersus is what a payer saves against a competitor on the rate page:
 * the competitor's rate times (amount + its fee) minus the product's total.
 * Display only; the server computes what is charged.
 */
export function savingsVersus(competitor: RatePageCompetitor, currency: LocalCurrency, amountUsd: number, totalLocal: number): number {
  return competitor.rates[currency] * (amountUsd + competitor.addedFeeUsd) - totalLocal;
}
