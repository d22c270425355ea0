import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatDateTime, formatMoney, formatRate, type CurrencyCode } from './money';
import type { Language } from './language';

// Intl puts a no-break space (U+00A0) between symbol and number in pt-BR
// and es-MX; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney per language', () => {
  it.each<[Language, CurrencyCode, number, string]>([
    ['en', 'USD', 1234.5, '$1,234.50'],
    ['pt-BR', 'USD', 1234.5, 'US$ 1.234,50'],
    ['es-MX', 'USD', 1234.5, 'USD 1,234.50'],
    // BRL stays pt-BR and MXN es-MX, whatever the language.
    ['en', 'BRL', 5422.3, 'R$ 5.422,30'],
    ['es-MX', 'BRL', 5422.3, 'R$ 5.422,30'],
    // Pesos are named MX$, never a bare "$" (issue 16, item 13).
    ['en', 'MXN', 18450, 'MX$18,450.00'],
    ['pt-BR', 'MXN', 18450, 'MX$18,450.00'],
    ['es-MX', 'MXN', -92804.05, '-MX$92,804.05'],
  ])('%s %s %d → %s', (lang, currency, amount, want) => {
    expect(plain(formatMoney(amount, currency, lang))).toBe(want);
  });

  it('formats plain amounts and rates in the language', () => {
    expect(formatAmount(1000, 'USD', 2, 'pt-BR')).toBe('1.000,00');
    expect(formatAmount(1000, 'USD', 2, 'es-MX')).toBe('1,000.00');
    expect(formatAmount(1000, 'BRL', 2, 'en')).toBe('1.000,00');
    expect(formatRate(5.42231, 4, 'en')).toBe('5.4223');
    expect(formatRate(5.42231, 4, 'pt-BR')).toBe('5,4223');
    expect(formatRate(18.5, 3, 'es-MX')).toBe('18.500');
  });
});

describe('dates per language', () => {
  const d = new Date('2026-11-22T15:04:05Z');
  it('writes a calendar date in the language', () => {
    expect(formatDate('2026-11-22', 'en')).toBe('November 22, 2026');
    expect(formatDate('2026-11-22', 'pt-BR')).toBe('22 de novembro de 2026');
    expect(formatDate('2026-11-22', 'es-MX')).toBe('22 de noviembre de 2026');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });
  it('names the time zone with a date and time', () => {
    for (const lang of ['en', 'pt-BR', 'es-MX'] as const) {
      const text = formatDateTime(d, { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' }, lang);
      expect(text).toMatch(/2026|26/);
      expect(text).toMatch(/UTC|GMT|[A-Z]{2,5}$/);
    }
    expect(formatDateTime(d, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }, 'pt-BR')).toContain('nov.');
  });
});
