import { z } from 'zod';
import type { QuickMatch } from '../api/types';

/** QuickMatchForm is the form's shape: the profile with the GPA as typed. */
export type QuickMatchForm = Omit<QuickMatch, 'gpaCurrent'> & { gpaCurrent: string };

export const emptyQuickMatch: QuickMatch = {
  citizenshipCountries: [], currentResidency: { countryCode: '' }, plannedCollegeCountry: '', audienceContext: '', visaStatus: '',
  degreeLevel: [], yearOfStudy: [], intendedMajors: '', majorAreasOfInterest: [], gpaCurrent: null, gpaScale: '4.0',
  firstGen: '', lowIncome: '', fafsaStatus: '', genderTags: [], raceEthnicityTags: [], lgbtq: '', sexualOrientationTags: [],
  genderIdentityTags: [], faithTags: [], disabilityTags: [],
};

/** toForm fills the form from a saved profile. */
export function toForm(q: QuickMatch): QuickMatchForm {
  return { ...emptyQuickMatch, ...q, gpaScale: q.gpaScale || '4.0', gpaCurrent: q.gpaCurrent == null ? '' : String(q.gpaCurrent) };
}

/** Lists come back from checkbox groups as arrays, or false when none is ticked. */
function list(v: unknown): string[] {
  return Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? [v] : [];
}

/** toProfile turns the form into what the server stores. */
export function toProfile(f: QuickMatchForm): QuickMatch {
  return {
    ...f,
    citizenshipCountries: list(f.citizenshipCountries),
    degreeLevel: list(f.degreeLevel),
    yearOfStudy: list(f.yearOfStudy),
    majorAreasOfInterest: list(f.majorAreasOfInterest),
    genderTags: list(f.genderTags),
    raceEthnicityTags: list(f.raceEthnicityTags),
    sexualOrientationTags: list(f.sexualOrientationTags),
    genderIdentityTags: list(f.genderIdentityTags),
    faithTags: list(f.faithTags),
    disabilityTags: list(f.disabilityTags),
    intendedMajors: f.intendedMajors.trim(),
    gpaCurrent: f.gpaCurrent.trim() === '' ? null : Number(f.gpaCurrent),
  };
}

/** gpaSchema checks the GPA against its scale (no field is required). */
export const gpaSchema = z
  .object({ gpaCurrent: z.string(), gpaScale: z.string() })
  .passthrough()
  .superRefine((v, ctx) => {
    const raw = v.gpaCurrent.trim();
    if (raw === '') return;
    const max = v.gpaScale === '10.0' ? 10 : 4;
    const n = Number(raw);
    if (!/^\d{1,2}(\.\d{1,2})?$/.test(raw) || Number.isNaN(n) || n < 0 || n > max) {
      ctx.addIssue({ code: 'custom', path: ['gpaCurrent'], message: String(max) });
    }
  });
