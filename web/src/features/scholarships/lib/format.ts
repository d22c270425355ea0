// Dates and amounts as the scholarship cards show them, in the chosen
// language, through the one formatter module (lib/money.ts).
import { formatMonthName, formatShortDate, formatWholeMoney } from '@/lib/money';

/** formatDate shows YYYY-MM-DD as e.g. "Mar 15, 2027" or "15 de mar. de 2027" (UTC, no shift). */
export function formatDate(iso: string | undefined): string {
  return iso ? formatShortDate(iso) : '';
}

/** monthName is the name of month 1-12 in the chosen language. */
export function monthName(m: number): string {
  return formatMonthName(m);
}

/** formatAward shows whole units of an award's currency (no cents). */
export function formatAward(n: number, currency: string): string {
  return formatWholeMoney(n, currency);
}
