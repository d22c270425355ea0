// Display formatting and reading typed amounts. The browser formats money,
// it never computes what is charged. BRL is always shown in pt-BR and MXN in
// es-MX; USD, rates and plain numbers follow the chosen language (en-US,
// pt-BR, es-MX). Amounts typed by a person are read by parseTypedAmount.
import { displayLanguage, intlLocale, type Language } from './language';

export type CurrencyCode = 'USD' | 'BRL' | 'MXN';

/** homeLocale is where a currency is at home: how its amounts are usually written. */
const homeLocale: Record<CurrencyCode, string> = { USD: 'en-US', BRL: 'pt-BR', MXN: 'es-MX' };

function localeFor(currency: CurrencyCode, lang: Language): string {
  return currency === 'USD' ? intlLocale(lang) : homeLocale[currency];
}

// Intl.NumberFormat is costly to build; keep one per locale and options.
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = locale + JSON.stringify(options);
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    formats.set(key, f);
  }
  return f;
}

/** formatMoney shows an amount with its currency symbol, 2 decimals. */
export function formatMoney(amount: number, currency: CurrencyCode, lang: Language = displayLanguage()): string {
  const format = numberFormat(localeFor(currency, lang), {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  if (currency !== 'MXN') return format.format(amount);
  // es-MX writes pesos with a bare "$", which reads as dollars next to a US
  // amount: pesos are always MX$ (PRODUCT.md, "Currencies are always named").
  return format
    .formatToParts(amount)
    .map((p) => (p.type === 'currency' ? 'MX$' : p.value))
    .join('');
}

/** formatAmount shows a number in the currency's locale (USD: the language's) without the symbol. */
export function formatAmount(amount: number, currency: CurrencyCode, decimals = 2, lang: Language = displayLanguage()): string {
  return numberFormat(localeFor(currency, lang), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount);
}

/** formatRate shows a rate (local currency per USD) to 4 decimals by default, in the language's format. */
export function formatRate(rate: number, decimals = 4, lang: Language = displayLanguage()): string {
  return numberFormat(intlLocale(lang), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(rate);
}

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

/** formatDateTime shows a moment in the person's language and time zone, with the zone named. */
export function formatDateTime(
  date: Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
  lang: Language = displayLanguage(),
): string {
  const locale = intlLocale(lang);
  const text = new Intl.DateTimeFormat(locale, options).format(date);
  if (!options.timeStyle || options.timeStyle === 'long' || options.timeStyle === 'full') return text;
  // timeStyle cannot be combined with timeZoneName: name the zone after it.
  const zone = new Intl.DateTimeFormat(locale, { timeZoneName: 'short' }).formatToParts(date).find((p) => p.type === 'timeZoneName')?.value;
  return zone ? `${text} ${zone}` : text;
}

/** formatDate shows a calendar date (YYYY-MM-DD, no time) in the person's language. */
export function formatDate(isoDate: string, lang: Language = displayLanguage()): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDate;
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}
