import { describe, expect, it } from 'vitest';
import { readPage } from '../overview/overview-tab';
import { kycBadge } from './kyc';

describe('kycBadge', () => {
  it('names each partner status in words and colours', () => {
    expect(kycBadge('approved')).toMatchObject({ labelKey: 'kyc.approved', className: expect.stringContaining('green') });
    expect(kycBadge('under_review').className).toContain('yellow');
    expect(kycBadge('rejected').className).toContain('red');
  });
  it('shows anything else as not verified yet, never as verified', () => {
    expect(kycBadge(undefined).labelKey).toBe('kyc.not_started');
    expect(kycBadge('pending_something').labelKey).toBe('kyc.not_started');
  });
});

describe('readPage', () => {
  it('reads ?page= as a whole number from 1 to 5000, else 1', () => {
    expect(readPage('2')).toBe(2);
    for (const bad of [null, '', '0', '-3', '1.5', 'x', '5001']) expect(readPage(bad)).toBe(1);
  });
});
