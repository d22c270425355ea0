// Every option list of the Quick Match profile, the eligibility form and the
// Advanced Filters, as the values the server accepts (labels are in the
// scholarships namespace under options.* and search.options.*). The four
// lists the specification names but does not show — 19 major areas, 9
// race/ethnicity options, 6 gender identities, 8 sexual orientations — are
// the ones US scholarship searches use; the server keeps the same lists in
// internal/scholarship/profile.go.

export const countries = ['US', 'BR', 'MX', 'CA', 'AR', 'CO', 'PE', 'CL'] as const;
export const audienceContexts = ['INTERNATIONAL_IN_COUNTRY', 'DOMESTIC_ONLY', 'OUTBOUND_STUDY_ABROAD', 'ANY_UNSURE'] as const;
export const visaStatuses = ['F-1', 'J-1', 'Other', 'None_NA'] as const;
export const degreeLevels = ['HS_SENIOR', 'UNDERGRAD', 'MASTERS', 'PHD', 'POSTDOC', 'NONDEGREE'] as const;
export const yearsOfStudy = ['INCOMING_FROSH', 'FRESHMAN', 'SOPHOMORE', 'JUNIOR', 'SENIOR', 'GRAD'] as const;
export const gpaScales = ['4.0', '10.0'] as const;
export const fafsaStatuses = ['Completed', 'Will_file', 'Not_applicable'] as const;

export const majorAreas = [
  'agriculture_environment', 'architecture_design', 'arts_music_film', 'biology_life_sciences', 'business_management',
  'communications_journalism', 'computer_science_it', 'economics_finance', 'education', 'engineering',
  'health_medicine_nursing', 'humanities_languages', 'law_legal_studies', 'mathematics_statistics', 'physical_sciences',
  'psychology', 'public_policy_international_relations', 'social_sciences', 'undecided',
] as const;

export const raceEthnicities = [
  'american_indian_alaska_native', 'asian', 'black_african_american', 'hispanic_latino', 'middle_eastern_north_african',
  'native_hawaiian_pacific_islander', 'white', 'multiracial', 'prefer_not_to_say',
] as const;

export const genderIdentities = ['woman', 'man', 'non_binary', 'transgender', 'self_describe', 'prefer_not_to_say'] as const;

export const sexualOrientations = [
  'heterosexual', 'gay', 'lesbian', 'bisexual', 'pansexual', 'asexual', 'queer', 'prefer_not_to_say',
] as const;

export const genderTags = ['female', 'male', 'intersex', 'prefer_not_to_say'] as const;
export const faithTags = ['christian', 'catholic', 'jewish', 'muslim', 'hindu', 'buddhist', 'other', 'none', 'prefer_not_to_say'] as const;
export const disabilityTags = ['physical', 'visual', 'hearing', 'learning', 'chronic_illness', 'mental_health', 'other', 'prefer_not_to_say'] as const;

export const firstGenerationAnswers = ['yes', 'no', 'unsure'] as const;
export const householdIncomes = ['under-25k', '25k-50k', '50k-75k', '75k-100k', '100k-150k', 'over-150k', 'prefer-not-to-say'] as const;
export const extracurriculars = ['athletics', 'arts', 'stem', 'community-service', 'leadership', 'academic-clubs', 'work-experience', 'other'] as const;

/** Advanced Filters: '' is the "any" option, listed first as the spec lists it. */
export const filterOptions = {
  award: ['', 'merit', 'need', 'athletic', 'creative', 'community_service'],
  renewable: ['', 'yes', 'no'],
  field: ['', 'stem', 'engineering', 'computer_science', 'business', 'medicine_health', 'arts_humanities', 'social_sciences', 'education', 'law'],
  level: ['', 'high_school', 'undergraduate', 'graduate', 'doctoral', 'vocational'],
  year: ['', 'freshman', 'sophomore', 'junior', 'senior', 'graduate'],
  gpa: ['', '2.0', '2.5', '3.0', '3.25', '3.5', '3.75', '3.9'],
  deadline: ['', '2w', '1m', '3m', '6m', 'year'],
  residency: ['', 'citizen', 'permanent_resident', 'international', 'state'],
  category: ['', 'first_generation', 'underrepresented', 'women_in_stem', 'military', 'disability', 'lgbtq'],
} as const;

export type SelectFilter = keyof typeof filterOptions;
