import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, formatRate } from '@/lib/money';
import { showMoney } from '@/features/payments/lib/format';
import { hasAtMostTwoDecimals, parseTypedAmount, roundCents } from '@/lib/amount';
import { usdFieldText, usdFromLocal } from './amount';

describe('parseTypedAmount', () => {
  it.each([
    ['250', 'USD', 250],
    ['1,234.56', 'USD', 1234.56],
    ['1,000', 'USD', 1000],
    ['$ 1,500.00', 'USD', 1500],
    ['0.5', 'USD', 0.5],
    ['1.234,56', 'BRL', 1234.56],
    ['R$ 2.000,00', 'BRL', 2000],
    ['2.000', 'BRL', 2000],
    ['1.234.567', 'BRL', 1234567],
    ['500,5', 'BRL', 500.5],
    ['500.50', 'BRL', 500.5],
    ['10,000.25', 'MXN', 10000.25],
    ['18 500', 'MXN', 18500],
  ] as const)('reads %s (%s) as %d', (text, currency, want) => {
    expect(parseTypedAmount(text, currency)).toBe(want);
  });

  it.each(['', 'abc', '-5', '1e5', '12.34.56', '1,2,3', '1.234,5,6', '12.'])('refuses %j', (text) => {
    expect(parseTypedAmount(text, 'USD')).toBeNaN();
  });
});

describe('the local-currency conversion', () => {
  it('divides by the rate of a 100 USD quote and rounds to cents', () => {
    // 100 USD cost 542.23 BRL: rate 5.4223; 2000 BRL -> 368.847... -> 368.85
    expect(usdFromLocal(2000, 542.23)).toBe(368.85);
    expect(usdFromLocal(1856, 1856)).toBe(100);
  });

  it('rounds half away from zero without float drift', () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(2.675)).toBe(2.68);
    expect(roundCents(10)).toBe(10);
  });

  it('gives NaN without a usable rate', () => {
    expect(usdFromLocal(100, 0)).toBeNaN();
  });

  it('writes the USD field with 2 decimals', () => {
    expect(usdFieldText(368.85)).toBe('368.85');
    expect(usdFieldText(100)).toBe('100.00');
  });

  it('knows 2-decimal amounts', () => {
    expect(hasAtMostTwoDecimals(10.25)).toBe(true);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(10.255)).toBe(false);
  });
});

describe('amount display', () => {
  it('uses pt-BR for BRL, es-MX for MXN and en-US for USD', () => {
    expect(formatMoney(1355.59, 'BRL').replace(/\s/g, ' ')).toBe('R$ 1.355,59');
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(showMoney(2236.57, 'MXN')).toBe('MX$2,236.57');
    expect(formatAmount(16, 'USD')).toBe('16.00');
    expect(formatRate(5.4223)).toBe('5.4223');
    expect(formatRate(18.5607, 3)).toBe('18.561');
  });
});
