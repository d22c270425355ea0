import { describe, expect, it } from 'vitest';
import { parseTypedAmount, readAmount } from './amount';

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
