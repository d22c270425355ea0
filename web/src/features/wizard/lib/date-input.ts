// The mobile date-of-birth field: digits only, formatted as YYYY-MM-DD while typing.

/** MAX_DATE_DIGITS: a date of birth has 8 digits (YYYYMMDD). */
export const MAX_DATE_DIGITS = 8;

/**
 * formatDateDigits keeps the first 8 digits of what was typed and inserts
 * the dashes: "1990" -> "1990", "199005" -> "1990-05", "19900510" -> "1990-05-10".
 */
export function formatDateDigits(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, MAX_DATE_DIGITS);
  if (d.length <= 4) return d;
  if (d.length <= 6) return `${d.slice(0, 4)}-${d.slice(4)}`;
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`;
}

/** isIsoDate checks the spec's YYYY-MM-DD shape. */
export function isIsoDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text.trim());
}
