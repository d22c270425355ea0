/** Chip is one thing understood from a query or matched in a profile. */
export interface Chip {
  facet: string;
  value: string;
  term?: string;
}

export interface Figure {
  value: number;
  source: string;
}

/** Program is one result card (GET /api/scholarships/search, /programs/{id}). */
export interface Program {
  id: string;
  title: string;
  provider: string;
  description: string;
  official_url: string;
  amount: { min: number | null; max: number | null; currency: 'USD' | 'BRL' | 'MXN'; text: string };
  deadline: { status: 'open' | 'closed' | 'recurring'; date?: string; expected?: string; month?: number; rule?: string };
  renewable: boolean | null;
  coverage: string[];
  award_types: string[];
  levels: string[];
  fields: string[];
  tags: string[];
  requirements: string[];
  eligibility: string[];
  applicants: Figure | null;
  awarded: Figure | null;
  verified_at: string;
  match?: number;
  eligible?: boolean;
  why?: Chip[];
  why_not?: Chip[];
  unknown?: Chip[];
}

export interface SearchResult {
  total: number;
  page: number;
  per_page: number;
  sort: 'best' | 'deadline' | 'magic';
  mode: 'keyword' | 'semantic';
  profile_applied: boolean;
  understood: Chip[];
  results: Program[];
}

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

export interface FilterSet {
  id: string;
  name: string;
  params: string;
  created_at: string;
}
