import { describe, expect, it } from 'vitest';
import { parseTypedAmount, readAmount } from './amount';
import type { CurrencyCode } from './money';
import type { Language } from './language';

// PRODUCT.md: '150.75', '150,75', '1,234.56', '1.234,56' and '1234' mean what
// a payer of that locale means; /quote once read 150.75 as 15,075.
describe('one amount parser (issue 16, item 1)', () => {
  it.each([
    ['150.75', 'USD', 150.75],
    ['150,75', 'USD', 150.75],
    ['1,234.56', 'USD', 1234.56],
    ['1.234,56', 'USD', 1234.56],
    ['1234', 'USD', 1234],
    ['7,300', 'USD', 7300],
    ['150.75', 'BRL', 150.75],
    ['150,75', 'BRL', 150.75],
    ['1,234.56', 'BRL', 1234.56],
    ['1.234,56', 'BRL', 1234.56],
    ['1234', 'BRL', 1234],
    ['1.234', 'BRL', 1234],
    ['1,234', 'USD', 1234],
    ['150.75', 'MXN', 150.75],
    ['150,75', 'MXN', 150.75],
    ['1,234.56', 'MXN', 1234.56],
    ['1.234,56', 'MXN', 1234.56],
    ['1,234', 'MXN', 1234],
    ['MX$ 92,804.05', 'MXN', 92804.05],
    ['US$ 5,000', 'USD', 5000],
  ] as const)('reads %j in %s as %d', (text, currency, want) => {
    expect(parseTypedAmount(text, currency)).toBe(want);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'unreadable'],
    ['1,2,3', 'unreadable'],
    ['12.34.5', 'unreadable'],
    ['-5', 'unreadable'],
    ['0', 'zero'],
    ['0,00', 'zero'],
    ['10.999', 'unreadable'],
    ['0.001', 'unreadable'],
  ] as const)('refuses %j (%s), never guesses', (text, reason) => {
    expect(readAmount(text, 'USD')).toEqual({ ok: false, reason });
  });

  it('accepts a readable positive amount', () => {
    expect(readAmount('150.75', 'USD')).toEqual({ ok: true, value: 150.75 });
    expect(readAmount('1.234,56', 'BRL')).toEqual({ ok: true, value: 1234.56 });
  });
});

describe('parseTypedAmount per language', () => {
  it.each<[string, CurrencyCode, Language, number]>([
    // What PRODUCT.md lists, read as a person of that locale means it.
    ['150.75', 'USD', 'en', 150.75],
    ['150,75', 'USD', 'en', 150.75],
    ['1,234.56', 'USD', 'en', 1234.56],
    ['1.234,56', 'USD', 'en', 1234.56],
    ['1234', 'USD', 'en', 1234],
    ['150.75', 'USD', 'pt-BR', 150.75],
    ['150,75', 'USD', 'pt-BR', 150.75],
    ['1.234,56', 'BRL', 'pt-BR', 1234.56],
    ['1,234.56', 'MXN', 'es-MX', 1234.56],
    ['150,75', 'MXN', 'es-MX', 150.75],
    // The one ambiguous form: a single separator before exactly 3 digits.
    ['1,000', 'USD', 'en', 1000],
    ['1.000', 'USD', 'pt-BR', 1000], // a Brazilian's thousand dollars
    ['1.000', 'BRL', 'en', 1000], // reais are written 1.000 whatever the language
    ['1,000', 'MXN', 'es-MX', 1000],
    ['1.500', 'USD', 'en', 1.5], // in English the dot is the decimal mark
    ['1,500', 'BRL', 'pt-BR', 1.5], // in Portuguese, for reais, the comma is
    ['1,500', 'USD', 'pt-BR', 1500], // dollars are written 1,500 at home: a thousands separator
    ['1.500', 'MXN', 'es-MX', 1.5],
    ['R$ 2.000,00', 'BRL', 'pt-BR', 2000],
    ['US$ 1.000,50', 'USD', 'pt-BR', 1000.5],
    ['MX$ 18,450.00', 'MXN', 'es-MX', 18450],
  ])('%s (%s, %s) → %d', (text, currency, lang, want) => {
    expect(parseTypedAmount(text, currency, lang)).toBe(want);
  });

  it.each(['', 'abc', '-5', '1e5', '12.34.56', '1,2,3', '12.', '1.234,5,6'])('refuses %j in every language', (text) => {
    for (const lang of ['en', 'pt-BR', 'es-MX'] as const) expect(parseTypedAmount(text, 'USD', lang)).toBeNaN();
  });
});

// Issue 26, item 1: the forms the issue lists, in each language and each
// currency, read by the one parser every amount field uses. The answer does
// not depend on the language for these forms: each is unambiguous.
describe('the issue-26 forms in en, pt-BR and es-MX (issue 26, item 1)', () => {
  const forms: Array<[string, number]> = [
    ['1.234,56', 1234.56],
    ['1,234.56', 1234.56],
    ['1234,56', 1234.56],
    ['150,75', 150.75],
    ['150.75', 150.75],
    ['0,5', 0.5],
  ];
  const garbage = ['abc', '150,75abc', '12a', '1.2.3,4', '1,23,4', '--1', '150,,75', '1 5 0,7 5x', '∞', 'NaN', '0x10'];
  for (const lang of ['en', 'pt-BR', 'es-MX'] as const satisfies readonly Language[]) {
    for (const currency of ['USD', 'BRL', 'MXN'] as const satisfies readonly CurrencyCode[]) {
      it.each(forms)(`${lang} ${currency}: %j → %d`, (text, want) => {
        expect(parseTypedAmount(text, currency, lang)).toBe(want);
        expect(readAmount(text, currency, lang)).toEqual({ ok: true, value: want });
      });
      it(`${lang} ${currency}: refuses garbage, never drops characters`, () => {
        for (const text of garbage) expect(readAmount(text, currency, lang), text).toEqual({ ok: false, reason: 'unreadable' });
      });
    }
  }
});
