import { describe, expect, it } from 'vitest';
import { checkDateOfBirth, formatDateInput } from './date-input';

const today = '2026-11-23';

// Issue 16, item 2: '25/12/1990' became 1990-02-05 (desktop) or 2512-19-90 (phone) and was accepted.
describe('date of birth rule', () => {
  it.each([
    ['1990-12-25', null],
    ['2008-11-23', null], // 18 today
    ['2008-11-24', 'underAge'],
    ['2015-06-01', 'underAge'],
    ['2026-11-23', 'future'],
    ['2030-01-01', 'future'],
    ['1990-02-30', 'notReal'],
    ['1990-13-01', 'notReal'],
    ['2512-19-90', 'notReal'],
    ['1899-12-31', 'before1900'],
    ['25/12/1990', 'format'],
    ['1990-5-10', 'format'],
    ['', 'format'],
  ] as const)('%j -> %s', (text, want) => {
    expect(checkDateOfBirth(text, today)).toBe(want);
  });
});

describe('the date field shapes what is typed', () => {
  it.each([
    ['25/12/1990', '1990-12-25'],
    ['5/3/1990', '1990-03-05'],
    ['25.12.1990', '1990-12-25'],
    ['19901225', '1990-12-25'],
    ['1990-12-25', '1990-12-25'],
    ['1990-122', '1990-12-2'], // typing on after the mask's dash
    ['1990-5-10', '1990-5-10'], // the payer's own dashes are kept, and the rule explains them
    ['25121990', '2512-19-90'], // digits alone are read year first; the rule then refuses it under the field
  ])('%j -> %j', (typed, want) => {
    expect(formatDateInput(typed)).toBe(want);
  });
});
