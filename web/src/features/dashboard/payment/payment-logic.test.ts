import { describe, expect, it } from 'vitest';
import { amountProblem, bankLabel, canContinueSendMoney, estimate } from './payment-logic';

describe('Send Money', () => {
  it('continues only with an amount and a recipient', () => {
    expect(canContinueSendMoney({ amount: '', recipient: 'Boston University' })).toBe(false);
    expect(canContinueSendMoney({ amount: '250', recipient: '   ' })).toBe(false);
    expect(canContinueSendMoney({ amount: '  ', recipient: 'x' })).toBe(false);
    expect(canContinueSendMoney({ amount: '250', recipient: 'Boston University' })).toBe(true);
  });

  it('checks the amount: a number over 0 with cents at most, and the Brazil minimum', () => {
    expect(amountProblem('abc', 'brazil')).toBe('invalid');
    expect(amountProblem('0', 'brazil')).toBe('invalid');
    expect(amountProblem('10.555', 'mexico')).toBe('invalid');
    expect(amountProblem('15.99', 'brazil')).toBe('minimum');
    expect(amountProblem('15.99', 'mexico')).toBeNull();
    expect(amountProblem('1,234.56', 'brazil')).toBeNull();
  });

  it('estimates at the live rate and waits for it', () => {
    expect(estimate('100', undefined)).toBeNull();
    expect(estimate('', 5.3)).toBeNull();
    expect(estimate('100', 5.4321)).toEqual({ usd: 100, local: 543.21, rate: 5.4321 });
    expect(estimate('1,000.50', 18.25)).toEqual({ usd: 1000.5, local: 18259.13, rate: 18.25 });
  });

  it('names a saved bank account as the spec lists it', () => {
    expect(bankLabel({ bank_name: 'JPMorgan Chase', account_holder_name: 'Maria Silva', last4: '6789' })).toBe('JPMorgan Chase - Maria Silva (****6789)');
  });
});
