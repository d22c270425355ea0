// The date-of-birth field: it says its format (YYYY-MM-DD), shapes what is
// typed into it, and checks the rule the server applies too: a real
// calendar date, after 1900, not in the future, a payer at least 18.

/** MAX_DATE_LENGTH: YYYY-MM-DD. */
export const MAX_DATE_LENGTH = 10;
/** MINIMUM_AGE: the payer must be an adult (internal/service MinimumPayerAge). */
export const MINIMUM_AGE = 18;

/**
 * formatDateInput shapes the field while typing: digits get their dashes
 * ("19901225" -> "1990-12-25"), and a day-first date written with slashes
 * or dots, as Brazil and Mexico write it ("25/12/1990"), is turned around
 * ("1990-12-25") rather than garbled.
 */
export function formatDateInput(text: string): string {
  const dayFirst = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (dayFirst) {
    const [, d, m, y] = dayFirst;
    return `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  }
  // Dashes where the mask puts them (YYYY-MM-DD) are the mask's: shape the digits again.
  // Separators anywhere else are the payer's: keep them; the check explains a mistake.
  const maskDashes = [...text.matchAll(/-/g)].every((m) => m.index === 4 || m.index === 7);
  if (/[/.]/.test(text) || !maskDashes) return text.replace(/[^\d/.-]/g, '').slice(0, MAX_DATE_LENGTH);
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 4) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 4)}-${digits.slice(4)}`;
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}`;
}

export type DateOfBirthProblem = 'format' | 'notReal' | 'before1900' | 'future' | 'underAge';

/** localToday is today's date where the payer is, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** checkDateOfBirth is the rule for a date of birth, or null when it holds. */
export function checkDateOfBirth(text: string, today: string = localToday()): DateOfBirthProblem | null {
  const s = text.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return 'format';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return 'notReal';
  if (y < 1900) return 'before1900';
  if (s >= today) return 'future';
  const [ty, tm, td] = today.split('-');
  const adultOn = `${Number(ty) - MINIMUM_AGE}-${tm}-${td}`;
  if (s > adultOn) return 'underAge';
  return null;
}
