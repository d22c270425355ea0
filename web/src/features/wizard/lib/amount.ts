// Reading the amount a payer types and the spec's local-to-USD conversion.
// These only prepare the request: the amount charged is the server's quote.

import type { CurrencyCode } from '@/lib/money';

/**
 * parseTypedAmount reads "1,234.56" (USD), "1.234,56" (BRL, MXN) and the
 * forms people type anyway ("500.50" in BRL, "1234,5"). The last separator
 * followed by one or two digits is the decimal point; a separator followed by
 * exactly three digits is a thousands separator. Anything else is NaN.
 */
export function parseTypedAmount(text: string, currency: CurrencyCode): number {
  let s = text.trim().replace(/\s|\u00a0/g, '');
  s = s.replace(/^(US\$|R\$|MX\$|\$|USD|BRL|MXN)/i, '').replace(/(USD|BRL|MXN)$/i, '');
  if (s === '' || !/^\d[\d.,]*$/.test(s)) return Number.NaN;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let decimalSep: '.' | ',' | null = null;
  if (lastDot >= 0 && lastComma >= 0) {
    decimalSep = lastDot > lastComma ? '.' : ',';
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const parts = s.split(sep);
    const tail = parts[parts.length - 1] ?? '';
    const native = currency === 'USD' ? '.' : ',';
    if (parts.length > 2) {
      decimalSep = null; // "1.234.567": thousands only
    } else if (tail.length === 3 && sep !== native) {
      decimalSep = null; // "1,000" in USD, "1.000" in BRL
    } else {
      decimalSep = sep;
    }
  }
  let intPart = s;
  let fracPart = '';
  if (decimalSep) {
    const i = s.lastIndexOf(decimalSep);
    intPart = s.slice(0, i);
    fracPart = s.slice(i + 1);
    if (fracPart === '' || /[.,]/.test(fracPart)) return Number.NaN;
  }
  const thousands = decimalSep === '.' ? ',' : decimalSep === ',' ? '.' : null;
  if (thousands === null) {
    // No decimal part: every separator must group exactly three digits.
    if (/[.,]/.test(intPart) && !/^\d{1,3}([.,]\d{3})+$/.test(intPart)) return Number.NaN;
    intPart = intPart.replace(/[.,]/g, '');
  } else {
    if (intPart.includes(decimalSep as string)) return Number.NaN;
    if (intPart.includes(thousands) && !new RegExp(`^\\d{1,3}(\\${thousands}\\d{3})+$`).test(intPart)) return Number.NaN;
    intPart = intPart.split(thousands).join('');
  }
  const n = Number(`${intPart}.${fracPart || '0'}`);
  return Number.isFinite(n) ? n : Number.NaN;
}

/** hasAtMostTwoDecimals: the server takes USD amounts with at most 2 decimals. */
export function hasAtMostTwoDecimals(n: number): boolean {
  return Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
}

/** roundCents rounds half away from zero to 2 decimals, without float drift (1.005 -> 1.01). */
export function roundCents(n: number): number {
  const scaled = Number(`${n}e2`);
  return Number(`${Math.round(scaled)}e-2`);
}

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
  return n.toFixed(2);
}
