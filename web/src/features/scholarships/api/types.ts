import type { components } from '@contract/api-types';

type Schemas = components['schemas'];

/** Chip is one thing understood from a query or matched in a profile. */
export type Chip = Schemas['Chip'];

/** Figure is a count with the page it comes from (null when unknown). */
export type Figure = NonNullable<Schemas['Figure']>;

/** Program is one result card (GET /api/scholarships/search, /programs/{id}). */
export type Program = Schemas['ScholarshipProgram'];

export type SearchResult = Schemas['ScholarshipSearch'];

/** ScholarshipOverview is GET /api/scholarships: the catalog's size and freshness. */
export type ScholarshipOverview = Schemas['ScholarshipOverview'];

/** QuickMatch is the Quick Match profile, field for field as the spec names it. */
export interface QuickMatch {
  citizenshipCountries: string[];
  currentResidency: { countryCode: string };
  plannedCollegeCountry: string;
  audienceContext: string;
  visaStatus: string;
  degreeLevel: string[];
  yearOfStudy: string[];
  intendedMajors: string;
  majorAreasOfInterest: string[];
  gpaCurrent: number | null;
  gpaScale: string;
  firstGen: string;
  lowIncome: string;
  fafsaStatus: string;
  genderTags: string[];
  raceEthnicityTags: string[];
  lgbtq: string;
  sexualOrientationTags: string[];
  genderIdentityTags: string[];
  faithTags: string[];
  disabilityTags: string[];
}

export interface EligibilityForm {
  race: string;
  gender: string;
  firstGeneration: string;
  householdIncome: string;
  gpa: string;
  extracurriculars: string[];
}

export type FilterSet = Schemas['FilterSet'];
