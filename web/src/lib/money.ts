// The one formatter module: every amount, rate and date the web app shows
// is written here. The browser formats money, it never computes what is
// charged. BRL is always shown in pt-BR and MXN in es-MX; USD, rates and
// plain numbers follow the chosen language (en-US, pt-BR, es-MX). Reading
// what a person typed is lib/amount.ts's (parseTypedAmount).
import { displayLanguage, intlLocale, type Language } from './language';

export type CurrencyCode = 'USD' | 'BRL' | 'MXN';

/** homeLocale is where a currency is at home: how its amounts are usually written. */
export const homeLocale: Record<CurrencyCode, string> = { USD: 'en-US', BRL: 'pt-BR', MXN: 'es-MX' };

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

/** formatNumber shows a plain count or figure (no currency) in the person's language: 12,500 / 12.500. */
export function formatNumber(n: number, lang: Language = displayLanguage()): string {
  return numberFormat(intlLocale(lang), { maximumFractionDigits: 2 }).format(n);
}

/** formatWholeMoney shows whole units of any currency named by its code (an award: "USD 10,000"), in the person's language. */
export function formatWholeMoney(n: number, currency: string, lang: Language = displayLanguage()): string {
  return numberFormat(intlLocale(lang), { style: 'currency', currency, maximumFractionDigits: 0, currencyDisplay: 'code' })
    .format(n)
    .replace(/\u00a0/g, ' ');
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

/** formatShortDate shows a calendar date (YYYY-MM-DD) with a short month ("Mar 15, 2027", "15 de mar. de 2027"), no time-zone shift. */
export function formatShortDate(isoDate: string, lang: Language = displayLanguage()): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDate;
  return new Intl.DateTimeFormat(intlLocale(lang), { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(d);
}

/** formatMonthName is the name of month 1-12 in the person's language. */
export function formatMonthName(month: number, lang: Language = displayLanguage()): string {
  return new Intl.DateTimeFormat(intlLocale(lang), { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, month - 1, 1)));
}
