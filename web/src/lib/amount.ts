// The one amount parser: every amount field (calculator, /quote, wizard
// step 4, the dashboard) reads what the payer typed the way a person of
// that currency's locale means it, and refuses (NaN) what it cannot read.
// Display and request preparation only: the amount charged is the server's.

import { displayLanguage, intlLocale, type Language } from './language';
import { homeLocale, type CurrencyCode } from './money';

const decimalMark: Record<string, '.' | ','> = { 'en-US': '.', 'pt-BR': ',', 'es-MX': '.' };

/**
 * parseTypedAmount reads an amount the way the person typed it: "1,234.56",
 * "1.234,56", "150.75", "150,75", "1234" and "R$ 2.000,00" all mean what they
 * look like. The last separator followed by one or two digits is the decimal
 * mark; with both marks present the last one is. One separator followed by
 * exactly three digits ("1.000", "1,000") is a thousands separator when it is
 * one in the person's language or in the currency's home (pt-BR writes
 * 1.000; en-US and es-MX write 1,000), else a decimal mark. What cannot be
 * read is NaN: nothing is ever silently dropped.
 */
export function parseTypedAmount(text: string, currency: CurrencyCode, lang: Language = displayLanguage()): number {
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
    const thousandsHere = (locale: string) => decimalMark[locale] !== sep;
    if (parts.length > 2) {
      decimalSep = null; // "1.234.567": thousands only
    } else if (tail.length === 3 && (thousandsHere(intlLocale(lang)) || thousandsHere(homeLocale[currency]))) {
      decimalSep = null; // "1,000" in English, "1.000" in Portuguese or in reais
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

/** AmountReading is a typed amount read, or why not. */
export type AmountReading = { ok: true; value: number } | { ok: false; reason: 'empty' | 'unreadable' | 'zero' };

/** readAmount is parseTypedAmount with the reason a field shows: nothing typed, not readable, not above 0. */
export function readAmount(text: string, currency: CurrencyCode, lang: Language = displayLanguage()): AmountReading {
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  const n = parseTypedAmount(text, currency, lang);
  if (!Number.isFinite(n) || !hasAtMostTwoDecimals(n)) return { ok: false, reason: 'unreadable' };
  if (n <= 0) return { ok: false, reason: 'zero' };
  return { ok: true, value: n };
}

/**
 * amountText is an amount's machine form, for URLs (?amount=), storage and
 * form state that the parser reads back: 2 decimals, '.' as the mark, no
 * grouping ("1234.50"). What a person reads is formatted by lib/money.ts.
 */
export function amountText(n: number): string {
  return n.toFixed(2);
}
