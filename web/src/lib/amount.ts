// The one amount parser: every amount field (calculator, /quote, wizard
// step 4, the dashboard) reads what the payer typed the way a person of
// that currency's locale means it, and refuses (NaN) what it cannot read.
// Display and request preparation only: the amount charged is the server's.

import { parseTypedAmount as parse, type CurrencyCode } from './money';

/** parseTypedAmount is lib/money.ts's, which also knows the person's language. */
export { parseTypedAmount } from './money';

/** hasAtMostTwoDecimals: the server takes USD amounts with at most 2 decimals. */
export function hasAtMostTwoDecimals(n: number): boolean {
  return Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
}

/** roundCents rounds half away from zero to 2 decimals, without float drift (1.005 -> 1.01). */
export function roundCents(n: number): number {
  const scaled = Number(`${n}e2`);
  return Number(`${Math.round(scaled)}e-2`);
}

/** AmountReading is a typed amount read, or why not. */
export type AmountReading = { ok: true; value: number } | { ok: false; reason: 'empty' | 'unreadable' | 'zero' };

/** readAmount is parseTypedAmount with the reason a field shows: nothing typed, not readable, not above 0. */
export function readAmount(text: string, currency: CurrencyCode): AmountReading {
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  const n = parse(text, currency);
  if (!Number.isFinite(n) || !hasAtMostTwoDecimals(n)) return { ok: false, reason: 'unreadable' };
  if (n <= 0) return { ok: false, reason: 'zero' };
  return { ok: true, value: n };
}
