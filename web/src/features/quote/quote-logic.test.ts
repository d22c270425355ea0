import { describe, expect, it } from 'vitest';
import { ratePageFigures, savingsVersus } from '@/lib/comparison-data';
import {
  DEFAULT_AMOUNT_USD,
  canRequestQuote,
  currencyFor,
  methodFor,
  symbolFor,
  validateQuoteInput,
  wizardPathFor,
} from './quote-logic';

describe('rate page rules', () => {
  it('defaults to 5000 USD', () => {
    expect(DEFAULT_AMOUNT_USD).toBe('5000');
  });

  it('maps each country to its method, symbol, currency and wizard', () => {
    expect([methodFor('BR'), symbolFor('BR'), currencyFor('BR'), wizardPathFor('BR')]).toEqual(['pix', 'USDC/BRL', 'BRL', '/get-started']);
    expect([methodFor('MX'), symbolFor('MX'), currencyFor('MX'), wizardPathFor('MX')]).toEqual([
      'spei',
      'USDC/MXN',
      'MXN',
      '/get-started-mexico',
    ]);
  });

  it('carries a readable amount into the wizard (issue 16, item 4)', () => {
    expect(wizardPathFor('BR', '7,300')).toBe('/get-started?amount=7300.00');
    expect(wizardPathFor('MX', '150.75')).toBe('/get-started-mexico?amount=150.75');
    expect(wizardPathFor('BR', 'abc')).toBe('/get-started');
  });

  it('disables the button only while loading (a wrong amount is explained instead)', () => {
    expect(canRequestQuote('5000', false)).toBe(true);
    expect(canRequestQuote('5000', true)).toBe(false);
    expect(canRequestQuote('0', false)).toBe(true);
  });

  it('validates the method first, then the amount', () => {
    expect(validateQuoteInput('', '5000')).toBe('noMethod');
    expect(validateQuoteInput('', '')).toBe('noMethod');
    expect(validateQuoteInput('pix', '')).toBe('invalidAmount');
    expect(validateQuoteInput('spei', '0')).toBe('zeroAmount');
    expect(validateQuoteInput('spei', 'x')).toBe('invalidAmount');
    expect(validateQuoteInput('pix', '10.255')).toBe('invalidAmount');
    expect(validateQuoteInput('pix', '16')).toBeNull();
    expect(validateQuoteInput('pix', '150.75')).toBeNull();
  });
});

describe('savings (spec section 9)', () => {
  it('first comparison provider: 6.06 BRL or 19.28 MXN times (amount + 20) minus the total', () => {
    expect(savingsVersus(ratePageFigures.transferService, 'BRL', 5000, 27111.86)).toBeCloseTo(6.06 * 5020 - 27111.86, 6);
    expect(savingsVersus(ratePageFigures.transferService, 'BRL', 5000, 27111.86)).toBeCloseTo(3309.34, 2);
    expect(savingsVersus(ratePageFigures.transferService, 'MXN', 1000, 18500)).toBeCloseTo(19.28 * 1020 - 18500, 6);
  });

  it('second comparison provider: 5.88 BRL or 19.5 MXN times (amount + 27.5) minus the total', () => {
    expect(savingsVersus(ratePageFigures.tuitionService, 'BRL', 5000, 27111.86)).toBeCloseTo(2449.84, 2);
    expect(savingsVersus(ratePageFigures.tuitionService, 'MXN', 1000, 18500)).toBeCloseTo(19.5 * 1027.5 - 18500, 6);
  });

  it('the rate page figures are those of the spec', () => {
    expect(ratePageFigures.crebitFallback).toMatchObject({ rates: { BRL: 5.12, MXN: 17.89 }, fee: '5-15' });
    expect(ratePageFigures.transferService).toMatchObject({ fee: '$15-$25', addedFeeUsd: 20 });
    expect(ratePageFigures.tuitionService).toMatchObject({ fee: '$20-$35', addedFeeUsd: 27.5 });
  });
});
