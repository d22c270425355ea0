// Dates and amounts as the scholarship cards show them, in the chosen language.
import { displayLanguage, intlLocale } from '@/lib/language';

const locale = () => intlLocale(displayLanguage());

/** formatDate shows YYYY-MM-DD as e.g. "Mar 15, 2027" or "15 de mar. de 2027" (UTC, no shift). */
export function formatDate(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString(locale(), { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** monthName is the name of month 1-12 in the chosen language. */
export function monthName(m: number): string {
  return new Date(Date.UTC(2000, m - 1, 1)).toLocaleDateString(locale(), { month: 'long', timeZone: 'UTC' });
}

/** formatAward shows whole units of an award's currency (no cents). */
export function formatAward(n: number, currency: string): string {
  return new Intl.NumberFormat(locale(), { style: 'currency', currency, maximumFractionDigits: 0, currencyDisplay: 'code' })
    .format(n)
    .replace(/\u00a0/g, ' ');
}
