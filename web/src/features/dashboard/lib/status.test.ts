import { describe, expect, it } from 'vitest';
import { badgeFor, groupOf, pageCount, signedAmount } from './status';

describe('status badges', () => {
  it('colours each group: completed green, processing yellow, failed red', () => {
    expect(badgeFor('completed').className).toContain('green');
    expect(badgeFor('processing').className).toContain('yellow');
    expect(badgeFor('failed').className).toContain('red');
    expect(badgeFor('failed').labelKey).toBe('status.failed');
  });
  it('never shows an unknown group as done or failed', () => {
    expect(groupOf('')).toBe('processing');
    expect(groupOf('refunded')).toBe('processing');
    expect(badgeFor('something_new').className).toContain('yellow');
  });
});

describe('signedAmount', () => {
  it('signs sent amounts negative and refunds positive, in the language', () => {
    expect(signedAmount(50, 'sent', 'en')).toBe('−$50.00');
    expect(signedAmount(30.5, 'received', 'en')).toBe('+$30.50');
    expect(signedAmount(1234.5, 'sent', 'pt-BR')).toMatch(/^−US\$\s1\.234,50$/);
  });
});

describe('pageCount', () => {
  it('counts pages of 20', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(23, 20)).toBe(2);
  });
});
