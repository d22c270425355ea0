import { describe, expect, it } from 'vitest';
import { emptyQuickMatch, gpaSchema, toForm, toProfile } from './quick-match-form';

describe('Quick Match form ⇄ profile', () => {
  it('turns checkbox results and the typed GPA into the stored profile and back', () => {
    const form = { ...toForm(emptyQuickMatch), citizenshipCountries: 'BR' as unknown as string[], degreeLevel: false as unknown as string[], gpaCurrent: '8.75', gpaScale: '10.0' };
    const p = toProfile(form);
    expect(p.citizenshipCountries).toEqual(['BR']);
    expect(p.degreeLevel).toEqual([]);
    expect(p.gpaCurrent).toBe(8.75);
    expect(toForm(p).gpaCurrent).toBe('8.75');
    expect(toProfile({ ...form, gpaCurrent: ' ' }).gpaCurrent).toBeNull();
  });

  it('checks the GPA against its scale with at most two decimals', () => {
    const ok = (gpaCurrent: string, gpaScale: string) => gpaSchema.safeParse({ gpaCurrent, gpaScale }).success;
    expect(ok('', '4.0')).toBe(true);
    expect(ok('3.85', '4.0')).toBe(true);
    expect(ok('4.01', '4.0')).toBe(false);
    expect(ok('9.5', '10.0')).toBe(true);
    expect(ok('3.855', '4.0')).toBe(false);
    expect(ok('-1', '4.0')).toBe(false);
  });
});
