import { describe, expect, it } from 'vitest';
import { formatCountdown, localDeadline, secondsLeft, timerView } from './timer';
import { checkDateOfBirth, formatDateInput } from './date-input';

describe('countdown', () => {
  it('counts whole seconds up, never below 0', () => {
    expect(secondsLeft(300_000, 0)).toBe(300);
    expect(secondsLeft(300_000, 1)).toBe(300);
    expect(secondsLeft(300_000, 1_000)).toBe(299);
    expect(secondsLeft(300_000, 299_999)).toBe(1);
    expect(secondsLeft(300_000, 300_000)).toBe(0);
    expect(secondsLeft(300_000, 400_000)).toBe(0);
  });

  it('shows m:ss', () => {
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(299)).toBe('4:59');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(7)).toBe('0:07');
    expect(formatCountdown(0)).toBe('0:00');
  });

  it('turns red at 60 seconds or less and expires at 0', () => {
    expect(timerView(61_000, 0, false)).toEqual({ seconds: 61, warning: false, expired: false });
    expect(timerView(60_000, 0, false)).toEqual({ seconds: 60, warning: true, expired: false });
    expect(timerView(0, 0, false)).toEqual({ seconds: 0, warning: true, expired: true });
  });

  it('a stopped timer (pay-in processing) shows 0 and never expires', () => {
    expect(timerView(10_000, 20_000, true)).toEqual({ seconds: 0, warning: false, expired: false });
  });

  it('without a deadline nothing expires', () => {
    expect(timerView(null, 0, false).expired).toBe(false);
  });
});

describe('localDeadline', () => {
  const expires = '2026-11-22T10:05:00.000Z';
  const created = '2026-11-22T10:00:00.000Z';
  const serverNow = Date.parse(created);

  it('uses the server time when the clocks agree', () => {
    expect(localDeadline(expires, serverNow + 300, created)).toBe(Date.parse(expires));
  });

  it('keeps the server 5 minutes on a browser clock that is off', () => {
    const browserNow = serverNow + 10 * 60_000; // 10 minutes ahead
    expect(localDeadline(expires, browserNow, created)).toBe(browserNow + 300_000);
  });

  it('falls back to expires_at alone', () => {
    expect(localDeadline(expires, 0, null)).toBe(Date.parse(expires));
    expect(localDeadline('not a date', 123)).toBe(123);
  });
});

describe('mobile date of birth', () => {
  it('formats digits as YYYY-MM-DD, at most 8 digits', () => {
    expect(formatDateInput('1990')).toBe('1990');
    expect(formatDateInput('19900')).toBe('1990-0');
    expect(formatDateInput('199005')).toBe('1990-05');
    expect(formatDateInput('1990051')).toBe('1990-05-1');
    expect(formatDateInput('19900510')).toBe('1990-05-10');
    expect(formatDateInput('1990051099')).toBe('1990-05-10');
    expect(formatDateInput('1990-05-10')).toBe('1990-05-10');
    expect(formatDateInput('ab12')).toBe('12');
    expect(checkDateOfBirth('1990-05-10', '2026-11-23')).toBeNull();
    expect(checkDateOfBirth('1990-5-10', '2026-11-23')).toBe('format');
  });
});
