package scholarship

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crebit/crebit/internal/apperr"
)

// Option lists of the Quick Match profile and the eligibility form. The
// specification names the four lists it does not show (major areas, race
// and ethnicity, gender identities, sexual orientations); these are the
// lists US scholarship searches use, mirrored in the web app's
// features/scholarships/lib/options.ts.
var (
	Countries        = []string{"US", "BR", "MX", "CA", "AR", "CO", "PE", "CL"}
	AudienceContexts = []string{"INTERNATIONAL_IN_COUNTRY", "DOMESTIC_ONLY", "OUTBOUND_STUDY_ABROAD", "ANY_UNSURE"}
	VisaStatuses     = []string{"F-1", "J-1", "Other", "None_NA"}
	DegreeLevels     = []string{"HS_SENIOR", "UNDERGRAD", "MASTERS", "PHD", "POSTDOC", "NONDEGREE"}
	YearsOfStudy     = []string{"INCOMING_FROSH", "FRESHMAN", "SOPHOMORE", "JUNIOR", "SENIOR", "GRAD"}
	GPAScales        = []string{"4.0", "10.0"}
	FAFSAStatuses    = []string{"Completed", "Will_file", "Not_applicable"}
	YesNo            = []string{"yes", "no", "prefer_not_to_say"} // "" is unanswered; prefer_not_to_say is an answer
	// MajorAreas maps each of the 19 major areas to the catalog field it counts as.
	MajorAreas = map[string]string{
		"agriculture_environment": "stem", "architecture_design": "arts_humanities", "arts_music_film": "arts_humanities",
		"biology_life_sciences": "stem", "business_management": "business", "communications_journalism": "social_sciences",
		"computer_science_it": "computer_science", "economics_finance": "business", "education": "education",
		"engineering": "engineering", "health_medicine_nursing": "medicine_health", "humanities_languages": "arts_humanities",
		"law_legal_studies": "law", "mathematics_statistics": "stem", "physical_sciences": "stem", "psychology": "social_sciences",
		"public_policy_international_relations": "social_sciences", "social_sciences": "social_sciences", "undecided": "",
	}
	RaceEthnicities = []string{"american_indian_alaska_native", "asian", "black_african_american", "hispanic_latino",
		"middle_eastern_north_african", "native_hawaiian_pacific_islander", "white", "multiracial", "prefer_not_to_say"}
	GenderIdentities    = []string{"woman", "man", "non_binary", "transgender", "self_describe", "prefer_not_to_say"}
	SexualOrientations  = []string{"heterosexual", "gay", "lesbian", "bisexual", "pansexual", "asexual", "queer", "prefer_not_to_say"}
	GenderTags          = []string{"female", "male", "intersex", "prefer_not_to_say"}
	FaithTags           = []string{"christian", "catholic", "jewish", "muslim", "hindu", "buddhist", "other", "none", "prefer_not_to_say"}
	DisabilityTags      = []string{"physical", "visual", "hearing", "learning", "chronic_illness", "mental_health", "other", "prefer_not_to_say"}
	FirstGenAnswers     = []string{"yes", "no", "unsure"}
	HouseholdIncomes    = []string{"under-25k", "25k-50k", "50k-75k", "75k-100k", "100k-150k", "over-150k", "prefer-not-to-say"}
	Extracurriculars    = []string{"athletics", "arts", "stem", "community-service", "leadership", "academic-clubs", "work-experience", "other"}
	underrepresentedSet = []string{"american_indian_alaska_native", "black_african_american", "hispanic_latino", "native_hawaiian_pacific_islander"}
)

// Residency is the current country of residence.
type Residency struct {
	CountryCode string `json:"countryCode"`
}

// QuickMatch is the Quick Match profile, field for field as the specification names it.
type QuickMatch struct {
	CitizenshipCountries  []string  `json:"citizenshipCountries"`
	CurrentResidency      Residency `json:"currentResidency"`
	PlannedCollegeCountry string    `json:"plannedCollegeCountry"`
	AudienceContext       string    `json:"audienceContext"`
	VisaStatus            string    `json:"visaStatus"`
	DegreeLevel           []string  `json:"degreeLevel"`
	YearOfStudy           []string  `json:"yearOfStudy"`
	IntendedMajors        string    `json:"intendedMajors"`
	MajorAreasOfInterest  []string  `json:"majorAreasOfInterest"`
	GPACurrent            *float64  `json:"gpaCurrent"`
	GPAScale              string    `json:"gpaScale"`
	FirstGen              string    `json:"firstGen"`
	LowIncome             string    `json:"lowIncome"`
	FAFSAStatus           string    `json:"fafsaStatus"`
	GenderTags            []string  `json:"genderTags"`
	RaceEthnicityTags     []string  `json:"raceEthnicityTags"`
	LGBTQ                 string    `json:"lgbtq"`
	SexualOrientationTags []string  `json:"sexualOrientationTags"`
	GenderIdentityTags    []string  `json:"genderIdentityTags"`
	FaithTags             []string  `json:"faithTags"`
	DisabilityTags        []string  `json:"disabilityTags"`
}

// EligibilityForm is the separate scholarship eligibility form.
type EligibilityForm struct {
	Race             string   `json:"race"`
	Gender           string   `json:"gender"`
	FirstGeneration  string   `json:"firstGeneration"`
	HouseholdIncome  string   `json:"householdIncome"`
	GPA              string   `json:"gpa"`
	Extracurriculars []string `json:"extracurriculars"`
}

func oneOf(field, v string, allowed []string) error {
	if v != "" && !contains(allowed, v) {
		return apperr.E(apperr.Invalid, "one_of", "field", field, "values", strings.Join(allowed, ", ")).On(field)
	}
	return nil
}

func allOf(field string, vs []string, allowed []string) error {
	if len(vs) > len(allowed) {
		return apperr.E(apperr.Invalid, "too_many_values", "field", field).On(field)
	}
	for _, v := range vs {
		if err := oneOf(field, v, allowed); err != nil {
			return err
		}
	}
	return nil
}

// Validate checks every answer against its option list. No field is required.
func (q QuickMatch) Validate() error {
	areas := make([]string, 0, len(MajorAreas))
	for k := range MajorAreas {
		areas = append(areas, k)
	}
	checks := []error{
		allOf("citizenshipCountries", q.CitizenshipCountries, Countries),
		oneOf("currentResidency.countryCode", q.CurrentResidency.CountryCode, Countries),
		oneOf("plannedCollegeCountry", q.PlannedCollegeCountry, Countries),
		oneOf("audienceContext", q.AudienceContext, AudienceContexts),
		oneOf("visaStatus", q.VisaStatus, VisaStatuses),
		allOf("degreeLevel", q.DegreeLevel, DegreeLevels),
		allOf("yearOfStudy", q.YearOfStudy, YearsOfStudy),
		allOf("majorAreasOfInterest", q.MajorAreasOfInterest, areas),
		oneOf("gpaScale", q.GPAScale, GPAScales),
		oneOf("firstGen", q.FirstGen, YesNo),
		oneOf("lowIncome", q.LowIncome, YesNo),
		oneOf("fafsaStatus", q.FAFSAStatus, FAFSAStatuses),
		allOf("genderTags", q.GenderTags, GenderTags),
		allOf("raceEthnicityTags", q.RaceEthnicityTags, RaceEthnicities),
		oneOf("lgbtq", q.LGBTQ, YesNo),
		allOf("sexualOrientationTags", q.SexualOrientationTags, SexualOrientations),
		allOf("genderIdentityTags", q.GenderIdentityTags, GenderIdentities),
		allOf("faithTags", q.FaithTags, FaithTags),
		allOf("disabilityTags", q.DisabilityTags, DisabilityTags),
	}
	for _, err := range checks {
		if err != nil {
			return err
		}
	}
	if len(q.IntendedMajors) > 200 {
		return apperr.E(apperr.Invalid, "intended_majors").On("intendedMajors")
	}
	if g := q.GPACurrent; g != nil {
		scale := 4.0
		if q.GPAScale == "10.0" {
			scale = 10
		}
		if *g < 0 || *g > scale {
			return apperr.E(apperr.Invalid, "gpa_range", "max", fmt.Sprintf("%.1f", scale)).On("gpaCurrent")
		}
	}
	return nil
}

// Validate checks the eligibility form's answers.
func (e EligibilityForm) Validate() error {
	checks := []error{
		oneOf("race", e.Race, RaceEthnicities),
		oneOf("gender", e.Gender, GenderIdentities),
		oneOf("firstGeneration", e.FirstGeneration, FirstGenAnswers),
		oneOf("householdIncome", e.HouseholdIncome, HouseholdIncomes),
		allOf("extracurriculars", e.Extracurriculars, Extracurriculars),
	}
	for _, err := range checks {
		if err != nil {
			return err
		}
	}
	if len(e.GPA) > 20 {
		return apperr.E(apperr.Invalid, "gpa_length").On("gpa")
	}
	if e.GPA != "" {
		if _, ok := parseGPA(e.GPA); !ok {
			return apperr.E(apperr.Invalid, "gpa_number").On("gpa")
		}
	}
	return nil
}

// parseGPA reads a free-text GPA ("3.6", "3,6", "8.5/10") on the 4.0 scale.
func parseGPA(s string) (float64, bool) {
	s = strings.TrimSpace(strings.ReplaceAll(s, ",", "."))
	scale := 0.0
	if i := strings.Index(s, "/"); i >= 0 {
		sc, err := strconv.ParseFloat(strings.TrimSpace(s[i+1:]), 64)
		if err != nil || sc <= 0 {
			return 0, false
		}
		scale, s = sc, strings.TrimSpace(s[:i])
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 {
		return 0, false
	}
	if scale == 0 {
		switch {
		case v <= 4:
			scale = 4
		case v <= 10:
			scale = 10
		default:
			return 0, false
		}
	}
	if v > scale {
		return 0, false
	}
	return v / scale * 4, true
}

// WithLists returns q with every absent list as an empty one, so clients
// always read arrays.
func (q QuickMatch) WithLists() QuickMatch {
	for _, l := range []*[]string{&q.CitizenshipCountries, &q.DegreeLevel, &q.YearOfStudy, &q.MajorAreasOfInterest, &q.GenderTags,
		&q.RaceEthnicityTags, &q.SexualOrientationTags, &q.GenderIdentityTags, &q.FaithTags, &q.DisabilityTags} {
		if *l == nil {
			*l = []string{}
		}
	}
	return q
}

// WithLists returns e with an empty extracurricular list instead of none.
func (e EligibilityForm) WithLists() EligibilityForm {
	if e.Extracurriculars == nil {
		e.Extracurriculars = []string{}
	}
	return e
}
