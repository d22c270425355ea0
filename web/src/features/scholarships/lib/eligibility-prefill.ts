import type { EligibilityForm, QuickMatch } from '../api/types';
import { genderIdentities, raceEthnicities } from './options';

type Known = Pick<EligibilityForm, 'race' | 'gender' | 'firstGeneration' | 'gpa'>;

/**
 * fromQuickMatch is what the eligibility form already knows from the saved
 * Quick Match (race, gender, first generation, GPA), so it is not asked twice.
 * Only answers given count; an unanswered question stays empty.
 */
export function fromQuickMatch(q: QuickMatch | undefined): Partial<Known> {
  if (!q) return {};
  const out: Partial<Known> = {};
  const races = (q.raceEthnicityTags ?? []).filter((r) => (raceEthnicities as readonly string[]).includes(r));
  const stated = races.filter((r) => r !== 'prefer_not_to_say');
  if (stated.length === 1) out.race = stated[0];
  else if (stated.length > 1) out.race = 'multiracial';
  else if (races.includes('prefer_not_to_say')) out.race = 'prefer_not_to_say';
  const identity = (q.genderIdentityTags ?? []).find((g) => (genderIdentities as readonly string[]).includes(g));
  if (identity) out.gender = identity;
  else if (q.genderTags?.includes('female')) out.gender = 'woman';
  else if (q.genderTags?.includes('male')) out.gender = 'man';
  if (q.firstGen === 'yes' || q.firstGen === 'no') out.firstGeneration = q.firstGen;
  if (q.gpaCurrent != null) out.gpa = q.gpaScale === '10.0' ? `${q.gpaCurrent}/10` : String(q.gpaCurrent);
  return out;
}

/** mergeAnswers: the eligibility form's own saved answers win; Quick Match fills the rest. */
export function mergeAnswers<T extends Record<string, unknown>>(empty: T, quick: Partial<T>, saved: Partial<T> | undefined): T {
  const own = Object.fromEntries(Object.entries(saved ?? {}).filter(([, v]) => v !== '' && v != null && !(Array.isArray(v) && v.length === 0)));
  return { ...empty, ...quick, ...own } as T;
}
