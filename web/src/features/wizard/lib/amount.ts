// The spec's local-to-USD conversion on step 4 (the typed amount is read by
// @/lib/amount, the one parser).

import { amountText, roundCents } from '@/lib/amount';

/**
 * usdFromLocal applies the spec's conversion: rate = total_local_amount of a
 * 100 USD quote / 100, USD = local / rate, rounded to 2 decimals.
 */
export function usdFromLocal(localAmount: number, probeTotalLocal: number, probeUSD = 100): number {
  const rate = probeTotalLocal / probeUSD;
  if (!(rate > 0) || !Number.isFinite(localAmount)) return Number.NaN;
  return roundCents(localAmount / rate);
}

/** usdFieldText writes an amount back into the USD field ("1234.50"). */
export function usdFieldText(n: number): string {
  return amountText(n);
}
