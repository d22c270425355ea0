package scholarship_test

import (
	"slices"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/scholarship"
	"github.com/crebit/crebit/internal/scholarship/catalog"
	"github.com/crebit/crebit/internal/scholarship/validate"
)

func shipped(t *testing.T) *scholarship.Index {
	t.Helper()
	// The shipped catalog is validated against the real day (as in
	// TestShippedCatalogIsValid): records read after the fixtures' fixed
	// day are not "in the future".
	ps, err := validate.LoadDir(catalog.FS(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return scholarship.NewIndex(ps)
}

// The queries the issue reported, in the words students typed.
func TestSearchAppliesWhatItUnderstood(t *testing.T) {
	ix := shipped(t)
	for _, mode := range []string{scholarship.ModeKeyword, scholarship.ModeSemantic} {
		t.Run(mode, func(t *testing.T) {
			r := search(ix, scholarship.Query{Text: "bolsa integral mestrado nos EUA para brasileiros em engenharia", Mode: mode})
			if len(r.Hits) == 0 {
				t.Fatal("no results")
			}
			for _, h := range r.Hits {
				p := h.Program
				if !slices.Contains(p.Nationalities, "any") && !slices.Contains(p.Nationalities, "BR") {
					t.Errorf("%s is closed to Brazilians", p.ID)
				}
				if !slices.Contains(p.Levels, "graduate") && !slices.Contains(p.Levels, "doctoral") {
					t.Errorf("%s is not a graduate program: %v", p.ID, p.Levels)
				}
				if scholarship.IsLoan(p) {
					t.Errorf("%s is a loan, and no loan was asked for", p.ID)
				}
			}
		})
	}
}

func TestNegationDeniesAStatus(t *testing.T) {
	ix := shipped(t)
	for _, q := range []string{"no tengo green card ni ciudadanía", "I don't have a green card or citizenship", "sem green card nem cidadania americana"} {
		r := search(ix, scholarship.Query{Text: q})
		negated := map[string]bool{}
		for _, c := range r.Understood {
			if c.Facet == "status" && !c.Negated {
				t.Errorf("%q read as asking for status %s", q, c.Value)
			}
			if c.Negated {
				negated[c.Value] = true
			}
		}
		if !negated["permanent_resident"] || !negated["citizen"] {
			t.Errorf("%q: want green card and citizenship denied, got %+v", q, r.Understood)
		}
		if len(r.Hits) == 0 {
			t.Fatalf("%q: no results", q)
		}
		for _, h := range r.Hits {
			only := true
			for _, s := range h.Program.USStatus {
				if s != "citizen" && s != "permanent_resident" {
					only = false
				}
			}
			if only {
				t.Errorf("%q: %s is only for citizens and residents (%v)", q, h.Program.ID, h.Program.USStatus)
			}
		}
	}
	// "no" as the Portuguese "in the" negates nothing.
	u := scholarship.DefaultLexicon.Understand("bolsa de mestrado no Brasil")
	for _, c := range u.Chips {
		if c.Negated {
			t.Errorf("'no Brasil' read as a negation: %+v", c)
		}
	}
}

func TestNationalityIsNeverADemographicFilter(t *testing.T) {
	ix := shipped(t)
	r := search(ix, scholarship.Query{Text: "scholarship for Mexican students who want to study in Texas"})
	got := chipSet(r.Understood)
	if !got["nationality:MX"] || got["criteria:underrepresented"] {
		t.Fatalf("want nationality MX and no demographic chip, got %v", got)
	}
	if len(r.Hits) == 0 {
		t.Fatal("no results for Mexican students in Texas")
	}
	for _, h := range r.Hits {
		if !slices.Contains(h.Program.Nationalities, "any") && !slices.Contains(h.Program.Nationalities, "MX") {
			t.Errorf("%s is closed to Mexicans", h.Program.ID)
		}
	}
}

func TestTyposInPlacesAndFields(t *testing.T) {
	ix := shipped(t)
	cases := map[string]string{"beca para ingenieria en Califronia": "us_state:CA", "engeneering scholarship for women phd": "field:engineering", "bolsa em Massachusets": "us_state:MA"}
	for q, want := range cases {
		r := search(ix, scholarship.Query{Text: q})
		if !chipSet(r.Understood)[want] {
			t.Errorf("%q: want %s understood, got %+v", q, want, r.Understood)
		}
		if len(r.Hits) == 0 {
			t.Errorf("%q: no results", q)
		}
	}
	// A real word close to a place is left alone ("medico" is not "mexico").
	if chipSet(scholarship.DefaultLexicon.UnderstandWith("medico", func(string) bool { return true }).Chips)["nationality:MX"] {
		t.Error("medico read as Mexico")
	}
	// Only places and fields are guessed: a near miss of a gender, status or
	// criteria word is not a filter ("toman" is not "woman").
	for q, not := range map[string]string{"universidades que no toman en cuenta si necesito beca": "gender:women", "bolsa para quem toma cafe": "gender:women"} {
		if r := search(ix, scholarship.Query{Text: q}); chipSet(r.Understood)[not] {
			t.Errorf("%q read as %s: %+v", q, not, r.Understood)
		}
	}
}

func TestPlaceholderExamplesFindPrograms(t *testing.T) {
	ix := shipped(t)
	for _, q := range []string{"ingeniería", "Fulbright", "engenharia", "fulbright"} {
		if r := search(ix, scholarship.Query{Text: q}); len(r.Hits) == 0 {
			t.Errorf("%q finds nothing", q)
		}
	}
}

func TestStopWordsOnlyGiveAHint(t *testing.T) {
	ix := shipped(t)
	all := search(ix, scholarship.Query{})
	for _, q := range []string{"for the", "para a", "de la", "?"} {
		r := search(ix, scholarship.Query{Text: q})
		if r.Hint != scholarship.HintNoTerms {
			t.Errorf("%q: want the no-terms hint, got %q", q, r.Hint)
		}
		if len(r.Hits) != len(all.Hits) {
			t.Errorf("%q: want the whole list (%d), got %d", q, len(all.Hits), len(r.Hits))
		}
	}
	if r := search(ix, scholarship.Query{Text: "fulbright"}); r.Hint != "" {
		t.Errorf("a real query got a hint: %q", r.Hint)
	}
}

func TestLoansOnlyWhenAskedFor(t *testing.T) {
	ix := shipped(t)
	hasLoan := func(r scholarship.Result) bool {
		for _, h := range r.Hits {
			if scholarship.IsLoan(h.Program) {
				return true
			}
		}
		return false
	}
	for _, q := range []string{"", "MBA scholarship", "beca maestria para mexicanos", "crédito para estudiar una maestría sin préstamo"} {
		if hasLoan(search(ix, scholarship.Query{Text: q})) {
			t.Errorf("%q shows a loan", q)
		}
	}
	for _, q := range []string{"student loan for an MBA", "préstamo para maestría", "empréstimo estudantil mestrado"} {
		if !hasLoan(search(ix, scholarship.Query{Text: q})) {
			t.Errorf("%q shows no loan", q)
		}
	}
}

func TestBestMatchAgreesWithMatchPercent(t *testing.T) {
	ix := shipped(t)
	gpa := 3.9
	student := scholarship.Student{Nationalities: []string{"BR"}, Residence: "BR", Status: "none", Levels: []string{"graduate"},
		Criteria: map[string]scholarship.Tri{}, GPA4: &gpa}
	r := search(ix, scholarship.Query{Student: student, Sort: scholarship.SortBest})
	for i := 1; i < len(r.Hits); i++ {
		if r.Hits[i].Verdict.Match > r.Hits[i-1].Verdict.Match {
			t.Fatalf("without a query Best Match must follow match %%: %s (%d%%) after %s (%d%%)",
				r.Hits[i].Program.ID, r.Hits[i].Verdict.Match, r.Hits[i-1].Program.ID, r.Hits[i-1].Verdict.Match)
		}
	}
}

func TestFilterOptionsCarryCounts(t *testing.T) {
	ix := shipped(t)
	r := search(ix, scholarship.Query{})
	if r.Counts["category"]["lgbtq"] == 0 {
		t.Errorf("the LGBTQ option counts no program: %v", r.Counts["category"])
	}
	if n, ok := r.Counts["award"]["athletic"]; !ok || n != 0 {
		t.Errorf("athletic must be counted as 0 (the catalog has no athletic award), got %d, present %v", n, ok)
	}
	// Each count is what choosing the option gives.
	for _, c := range []string{"first_generation", "lgbtq", "military"} {
		got := len(search(ix, scholarship.Query{Filters: scholarship.Filters{Category: c}}).Hits)
		if got != r.Counts["category"][c] {
			t.Errorf("category %s: count says %d, choosing it gives %d", c, r.Counts["category"][c], got)
		}
	}
}

// A high-school senior is looking for money for the first year of college,
// not for a high-school program.
func TestHighSchoolSeniorMeansFirstYearOfCollege(t *testing.T) {
	ix := shipped(t)
	for _, q := range []string{"Hispanic high school senior, low income", "bolsa para aluno no último ano do ensino médio", "beca para último año de preparatoria"} {
		r := search(ix, scholarship.Query{Text: q})
		if len(r.Hits) < 3 {
			t.Fatalf("%q: %d results", q, len(r.Hits))
		}
		for _, h := range r.Hits {
			if !slices.Contains(h.Program.Levels, "undergraduate") {
				t.Errorf("%q: %s is not for college students: %v", q, h.Program.ID, h.Program.Levels)
			}
		}
	}
	// The top result is a first-year award for low-income, underrepresented
	// US citizens (the Gates Scholarship and the Jackie Robinson Foundation's
	// both are), not merely any college award.
	r := search(ix, scholarship.Query{Text: "Hispanic high school senior, US citizen, low income"})
	top := r.Hits[0].Program
	if !slices.Contains(top.Years, "freshman") || !slices.Contains(top.USStatus, "citizen") ||
		!slices.Contains(top.Criteria, "low_income") || !slices.Contains(top.Criteria, "underrepresented") {
		t.Errorf("first result %s (years %v, status %v, criteria %v), want a first-year award for low-income, underrepresented citizens",
			top.ID, top.Years, top.USStatus, top.Criteria)
	}
}
