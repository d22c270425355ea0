import { describe, expect, it } from 'vitest';
import { safeNext } from './api/account-api';
import { emptyForm, firstMissing, formatDob, isoFromDob, stepComplete } from './signup-model';

describe('sign-up model', () => {
  it('auto-slashes the date of birth, digits only, max 10 characters', () => {
    expect(formatDob('1')).toBe('1');
    expect(formatDob('1005')).toBe('10/05');
    expect(formatDob('10051990')).toBe('10/05/1990');
    expect(formatDob('10/05/19901234')).toBe('10/05/1990');
    expect(formatDob('ab10c05')).toBe('10/05');
    expect(isoFromDob('10/05/1990')).toBe('1990-05-10');
  });

  it('enables Continue only when the step is complete', () => {
    const f = { ...emptyForm, email: 'a@b.co', password: 'x'.repeat(12), confirmPassword: 'y'.repeat(12) };
    expect(stepComplete(1, f)).toBe(false);
    expect(stepComplete(1, { ...f, confirmPassword: f.password })).toBe(true);
    expect(stepComplete(4, { ...f, hasUSBankAccount: false })).toBe(true);
    expect(stepComplete(4, { ...f, hasUSBankAccount: true, bankName: 'X' })).toBe(false);
  });

  it("names the first missing field with the spec's label", () => {
    expect(firstMissing(emptyForm)).toBe('labels.firstName');
    expect(firstMissing({ ...emptyForm, firstName: 'A', lastName: 'B' })).toBe('labels.email');
  });

  it('keeps next to same-site paths', () => {
    expect(safeNext('/dashboard?x=1')).toBe('/dashboard?x=1');
    expect(safeNext('//evil.example')).toBe('/dashboard');
    expect(safeNext('/\\evil.example')).toBe('/dashboard');
    expect(safeNext('https://evil.example')).toBe('/dashboard');
    expect(safeNext(null)).toBe('/dashboard');
  });
});
