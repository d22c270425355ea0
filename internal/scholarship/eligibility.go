package scholarship

// Tri is a yes/no answer that may be unknown.
type Tri int8

// Tri values.
const (
	Unknown Tri = iota
	Yes
	No
)

// Student is what matching knows about the person searching: from the saved
// profile, the eligibility form and what the query says. Empty means unknown.
type Student struct {
	Nationalities []string
	Residence     string
	Status        string   // one of USStatuses, "" unknown
	NotStatus     []string // statuses the student said they do not have
	Levels        []string
	Years         []string
	Fields        []string
	States        []string
	Women         Tri
	Criteria      map[string]Tri
	GPA4          *float64 // on the 4.0 scale
}

var degreeToLevels = map[string][]string{"HS_SENIOR": {"high_school", "undergraduate"}, "UNDERGRAD": {"undergraduate"},
	"MASTERS": {"graduate"}, "PHD": {"doctoral"}, "POSTDOC": {"doctoral"}, "NONDEGREE": {"vocational"}}
var yearToYears = map[string]string{"INCOMING_FROSH": "freshman", "FRESHMAN": "freshman", "SOPHOMORE": "sophomore",
	"JUNIOR": "junior", "SENIOR": "senior", "GRAD": "graduate"}

// FromProfile builds a Student from the saved answers (either may be nil).
func FromProfile(q *QuickMatch, e *EligibilityForm) Student {
	s := Student{Criteria: map[string]Tri{}}
	if q != nil {
		s.Nationalities = append(s.Nationalities, q.CitizenshipCountries...)
		s.Residence = q.CurrentResidency.CountryCode
		switch q.VisaStatus {
		case "F-1", "J-1":
			s.Status = q.VisaStatus
		case "None_NA":
			if contains(q.CitizenshipCountries, "US") {
				s.Status = "citizen"
			} else if s.Residence != "" && s.Residence != "US" {
				s.Status = "none"
			}
		}
		for _, d := range q.DegreeLevel {
			for _, l := range degreeToLevels[d] {
				s.Levels = appendNew(s.Levels, l)
			}
		}
		for _, y := range q.YearOfStudy {
			s.Years = appendNew(s.Years, yearToYears[y])
		}
		for _, a := range q.MajorAreasOfInterest {
			if f := MajorAreas[a]; f != "" {
				s.Fields = appendNew(s.Fields, f)
			}
		}
		for _, f := range DefaultLexicon.Understand(q.IntendedMajors).Facets.Fields {
			s.Fields = appendNew(s.Fields, f)
		}
		if q.GPACurrent != nil {
			scale := 4.0
			if q.GPAScale == "10.0" {
				scale = 10
			}
			g := *q.GPACurrent / scale * 4
			s.GPA4 = &g
		}
		s.Criteria["first_generation"] = yesNo(q.FirstGen)
		s.Criteria["low_income"] = yesNo(q.LowIncome)
		s.Criteria["lgbtq"] = yesNo(q.LGBTQ)
		switch {
		case contains(q.GenderTags, "female") || contains(q.GenderIdentityTags, "woman"):
			s.Women = Yes
		case contains(q.GenderTags, "male") || contains(q.GenderIdentityTags, "man"):
			s.Women = No
		}
		if overlaps(q.RaceEthnicityTags, underrepresentedSet) {
			s.Criteria["underrepresented"] = Yes
		}
		if len(q.DisabilityTags) > 0 && !contains(q.DisabilityTags, "prefer_not_to_say") {
			s.Criteria["disability"] = Yes
		}
	}
	if e != nil {
		if e.FirstGeneration == "yes" || e.FirstGeneration == "no" {
			s.Criteria["first_generation"] = yesNo(e.FirstGeneration)
		}
		switch e.HouseholdIncome {
		case "under-25k", "25k-50k":
			s.Criteria["low_income"] = Yes
		case "75k-100k", "100k-150k", "over-150k":
			s.Criteria["low_income"] = No
		}
		if contains(underrepresentedSet, e.Race) {
			s.Criteria["underrepresented"] = Yes
		}
		switch e.Gender {
		case "woman":
			s.Women = Yes
		case "man":
			s.Women = No
		}
		if g, ok := parseGPA(e.GPA); ok && e.GPA != "" {
			s.GPA4 = &g
		}
	}
	return s
}

func yesNo(v string) Tri {
	switch v {
	case "yes":
		return Yes
	case "no":
		return No
	}
	return Unknown
}

// With returns the student with what a query says added on top: a query for
// "engineering" searches engineering even if the profile says business.
func (s Student) With(f Facets) Student {
	out := s
	out.Criteria = map[string]Tri{}
	for k, v := range s.Criteria {
		out.Criteria[k] = v
	}
	if len(f.Nationality) > 0 {
		out.Nationalities = f.Nationality
	}
	if len(f.Levels) > 0 {
		out.Levels = f.Levels
	}
	if len(f.Years) > 0 {
		out.Years = f.Years
	}
	if len(f.Fields) > 0 {
		out.Fields = f.Fields
	}
	if len(f.States) > 0 {
		out.States = f.States
	}
	if f.Status != "" {
		out.Status = f.Status
	}
	if len(f.NotStatus) > 0 {
		out.NotStatus = append(append([]string(nil), s.NotStatus...), f.NotStatus...)
		if contains(out.NotStatus, out.Status) {
			out.Status = "" // the query overrides a profile it contradicts
		}
	}
	for _, c := range f.NotCriteria {
		out.Criteria[c] = No
	}
	if f.Gender == "women" {
		out.Women = Yes
	}
	for _, c := range f.Criteria {
		out.Criteria[c] = Yes
	}
	return out
}

// Verdict is how a program fits a student: Met lists what matched (the
// "why it matched" chips), Unmet what rules the student out (a program with
// any Unmet is not eligible), Open what the student has not told us yet.
type Verdict struct {
	Eligible bool   `json:"eligible"`
	Match    int    `json:"match"`
	Met      []Chip `json:"met"`
	Unmet    []Chip `json:"unmet"`
	Open     []Chip `json:"open"`
	// Targeted counts restrictions the student meets that most students
	// would not (a Brazil-only program for a Brazilian): specificity.
	Targeted int `json:"-"`
}

// Check applies the program's hard rules to the student and computes match %:
// each rule counts 1 when met, 1/2 when we do not know, 0 when failed; open
// rules ("any") count as met. Relevance never overrides an Unmet rule.
func Check(p *Program, s Student) Verdict {
	var v Verdict
	total, score := 0.0, 0.0
	rule := func(facet, value string, restricted bool, known, ok bool) {
		total++
		switch {
		case !restricted:
			score++
		case !known:
			score += 0.5
			v.Open = append(v.Open, Chip{Facet: facet, Value: value})
		case ok:
			score++
			v.Targeted++
			v.Met = append(v.Met, Chip{Facet: facet, Value: value})
		default:
			v.Unmet = append(v.Unmet, Chip{Facet: facet, Value: value})
		}
	}
	rule("nationality", firstOr(intersect(p.Nationalities, s.Nationalities), join(p.Nationalities)),
		!isAny(p.Nationalities), len(s.Nationalities) > 0, overlaps(p.Nationalities, s.Nationalities))
	rule("residence", firstOr(intersect(p.Residence, []string{s.Residence}), join(p.Residence)),
		!isAny(p.Residence), s.Residence != "", contains(p.Residence, s.Residence))
	statusKnown, statusOK := s.Status != "", contains(p.USStatus, s.Status)
	if !statusKnown && len(s.NotStatus) > 0 && !isAny(p.USStatus) && subset(p.USStatus, s.NotStatus) {
		statusKnown, statusOK = true, false // only for statuses the student said they lack
	}
	rule("us_status", firstOr(intersect(p.USStatus, []string{s.Status}), join(p.USStatus)),
		!isAny(p.USStatus), statusKnown, statusOK)
	rule("level", firstOr(intersect(p.Levels, s.Levels), join(p.Levels)),
		len(p.Levels) < len(Levels), len(s.Levels) > 0, overlaps(p.Levels, s.Levels))
	if len(p.Years) > 0 {
		rule("year", firstOr(intersect(p.Years, s.Years), join(p.Years)), true, len(s.Years) > 0, overlaps(p.Years, s.Years))
	}
	rule("field", firstOr(intersect(p.Fields, expandFields(s.Fields)), join(p.Fields)),
		!isAny(p.Fields), len(s.Fields) > 0, overlaps(p.Fields, expandFields(s.Fields)))
	if p.Gender == "women" {
		rule("gender", "women", true, s.Women != Unknown, s.Women == Yes)
	}
	if len(p.USStates) > 0 {
		rule("us_state", firstOr(intersect(p.USStates, s.States), join(p.USStates)), true, len(s.States) > 0, overlaps(p.USStates, s.States))
	}
	for _, c := range p.Criteria {
		t := s.Criteria[c]
		if c == "women_in_stem" {
			t = Unknown
			switch {
			case s.Women == Yes && overlaps(s.Fields, append([]string{"medicine_health"}, stemFamily...)):
				t = Yes
			case s.Women == No:
				t = No
			}
		}
		rule("criteria", c, true, t != Unknown, t == Yes)
	}
	if g := p.GPAMin; g != nil {
		need := g.Value / g.Scale * 4
		rule("gpa", formatGPA(g), true, s.GPA4 != nil, s.GPA4 != nil && *s.GPA4+1e-9 >= need)
	}
	v.Eligible = len(v.Unmet) == 0
	if total > 0 {
		v.Match = int(100*score/total + 0.5)
	}
	return v
}

// expandFields adds "stem" to engineering and computer science: a program
// for STEM students takes them.
func expandFields(fs []string) []string {
	out := append([]string(nil), fs...)
	if overlaps(fs, []string{"engineering", "computer_science"}) {
		out = appendNew(out, "stem")
	}
	return out
}

func subset(a, b []string) bool {
	for _, x := range a {
		if !contains(b, x) {
			return false
		}
	}
	return true
}

func intersect(a, b []string) []string {
	var out []string
	for _, x := range a {
		if contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

func firstOr(list []string, def string) string {
	if len(list) > 0 {
		return list[0]
	}
	return def
}

func join(list []string) string {
	out := ""
	for i, x := range list {
		if i > 0 {
			out += ","
		}
		out += x
	}
	return out
}
