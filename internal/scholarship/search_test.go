package scholarship_test

import (
	"context"
	"net/url"
	"slices"
	"testing"

	"github.com/crebit/crebit/internal/scholarship"
)

func ids(r scholarship.Result) []string {
	var out []string
	for _, h := range r.Hits {
		out = append(out, h.Program.ID)
	}
	return out
}

func chipSet(cs []scholarship.Chip) map[string]bool {
	m := map[string]bool{}
	for _, c := range cs {
		m[c.Facet+":"+c.Value] = true
	}
	return m
}

func TestUnderstandThreeLanguages(t *testing.T) {
	cases := []struct {
		q    string
		want []string
	}{
		{"bolsa para mulher brasileira em engenharia nos EUA", []string{"gender:women", "nationality:BR", "field:engineering"}},
		{"beca para mexicana que estudia ingeniería en Texas", []string{"gender:women", "nationality:MX", "field:engineering", "us_state:TX"}},
		{"money for a first-gen Mexican student in computer science", []string{"criteria:first_generation", "nationality:MX", "field:computer_science"}},
		{"mestrado em direito, bolsa integral acima de US$ 20.000", []string{"level:graduate", "field:law", "coverage:full", "amount_min:20000"}},
		{"becas para DACA con green card", []string{"status:DACA"}},
	}
	for _, c := range cases {
		got := chipSet(scholarship.DefaultLexicon.Understand(c.q).Chips)
		for _, w := range c.want {
			if !got[w] {
				t.Errorf("%q: want chip %s, got %v", c.q, w, got)
			}
		}
	}
	// A feminine adjective agreeing with "bolsa" is not a woman.
	if got := chipSet(scholarship.DefaultLexicon.Understand("bolsa brasileira de engenharia").Chips); got["gender:women"] {
		t.Errorf("bolsa brasileira read as a woman: %v", got)
	}
}

func search(ix *scholarship.Index, q scholarship.Query) scholarship.Result {
	q.Today = today
	return ix.Search(context.Background(), q, nil)
}

func TestKeywordSearchAccentsPluralsTypos(t *testing.T) {
	ix := scholarship.NewIndex(fixtures(t))
	for _, q := range []string{"engenharia", "ENGENHARIA", "ingeniería", "ingenieria", "engineers", "enginering", "mulheres brasileiras"} {
		got := ids(search(ix, scholarship.Query{Text: q, Mode: scholarship.ModeKeyword, Partial: true}))
		if len(got) == 0 || got[0] != "fx-brazil-women-engineering" {
			t.Errorf("%q: got %v", q, got)
		}
	}
	if got := ids(search(ix, scholarship.Query{Text: "voluntariado comunidade", Mode: scholarship.ModeKeyword})); len(got) == 0 || got[0] != "fx-open-any" {
		t.Errorf("voluntariado: %v", got)
	}
	if got := ids(search(ix, scholarship.Query{Text: "zzzqqq", Mode: scholarship.ModeKeyword})); len(got) != 0 {
		t.Errorf("nonsense matched %v", got)
	}
}

func TestHardEligibilityIsNeverOverridden(t *testing.T) {
	ix := scholarship.NewIndex(fixtures(t))
	// A Brazilian woman on an F-1 visa studying computer science.
	yes := scholarship.Yes
	_ = yes
	s := scholarship.FromProfile(&scholarship.QuickMatch{CitizenshipCountries: []string{"BR"}, VisaStatus: "F-1",
		CurrentResidency: scholarship.Residency{CountryCode: "US"}, GenderIdentityTags: []string{"woman"},
		MajorAreasOfInterest: []string{"computer_science_it"}, DegreeLevel: []string{"UNDERGRAD"}}, nil)
	q := scholarship.Query{Text: "women in computing scholarship", Mode: scholarship.ModeKeyword, Student: s}
	if got := ids(search(ix, q)); slices.Contains(got, "fx-citizens-computing") {
		t.Fatalf("an F-1 student was shown a citizens-only program: %v", got)
	}
	q.Partial = true
	r := search(ix, q)
	for _, h := range r.Hits {
		if h.Program.ID != "fx-citizens-computing" {
			continue
		}
		if h.Verdict.Eligible || len(h.Verdict.Unmet) == 0 || h.Verdict.Unmet[0].Facet != "us_status" {
			t.Fatalf("partial match must say why not: %+v", h.Verdict)
		}
		if !slices.Contains(ids(r), "fx-citizens-computing") {
			t.Fatal("missing")
		}
		// Partial matches come after every eligible one, whatever the score.
		if r.Hits[len(r.Hits)-1].Verdict.Eligible {
			t.Fatalf("an eligible program ranked after a partial match: %v", ids(r))
		}
		return
	}
	t.Fatalf("partial=true did not show the program: %v", ids(r))
}

func TestEligibilityVerdicts(t *testing.T) {
	ps := fixtures(t)
	byID := map[string]*scholarship.Program{}
	for i := range ps {
		byID[ps[i].ID] = &ps[i]
	}
	gpa := 3.5
	low := 2.5
	br := scholarship.QuickMatch{CitizenshipCountries: []string{"BR"}, VisaStatus: "F-1", GenderTags: []string{"female"},
		MajorAreasOfInterest: []string{"engineering"}, DegreeLevel: []string{"UNDERGRAD"}, GPACurrent: &gpa, GPAScale: "4.0"}
	v := scholarship.Check(byID["fx-brazil-women-engineering"], scholarship.FromProfile(&br, nil))
	if !v.Eligible || v.Match != 100 || len(v.Met) < 4 {
		t.Fatalf("ideal student: %+v", v)
	}
	br.GPACurrent = &low
	if v := scholarship.Check(byID["fx-brazil-women-engineering"], scholarship.FromProfile(&br, nil)); v.Eligible {
		t.Fatalf("GPA 2.5 < 3.0 must exclude: %+v", v)
	}
	ten := 8.0 // 8.0/10 = 3.2/4
	br.GPACurrent, br.GPAScale = &ten, "10.0"
	if v := scholarship.Check(byID["fx-brazil-women-engineering"], scholarship.FromProfile(&br, nil)); !v.Eligible {
		t.Fatalf("GPA 8/10 meets 3.0/4: %+v", v)
	}
	mx := scholarship.QuickMatch{CitizenshipCountries: []string{"MX"}}
	if v := scholarship.Check(byID["fx-brazil-women-engineering"], scholarship.FromProfile(&mx, nil)); v.Eligible {
		t.Fatal("a Mexican student is not eligible for a Brazil-only program")
	}
	// The eligibility form's answers count: first-gen "no" rules out a first-gen program.
	daca := scholarship.QuickMatch{VisaStatus: "Other", CurrentResidency: scholarship.Residency{CountryCode: "US"}}
	v = scholarship.Check(byID["fx-daca-first-gen"], scholarship.FromProfile(&daca, &scholarship.EligibilityForm{FirstGeneration: "no"}))
	if v.Eligible {
		t.Fatalf("first-gen no must exclude: %+v", v)
	}
	v = scholarship.Check(byID["fx-daca-first-gen"], scholarship.FromProfile(&daca, &scholarship.EligibilityForm{FirstGeneration: "yes", HouseholdIncome: "under-25k"}))
	if !v.Eligible || len(v.Open) == 0 || v.Match >= 100 {
		t.Fatalf("unknown status and state stay open and lower the match: %+v", v)
	}
	// Nothing known: everything is open, nothing excluded.
	if v := scholarship.Check(byID["fx-mexico-graduate"], scholarship.Student{}); !v.Eligible || v.Match != 80 {
		t.Fatalf("empty profile: %+v", v)
	}
}

func TestEveryFilter(t *testing.T) {
	ix := scholarship.NewIndex(fixtures(t))
	cases := []struct {
		name string
		f    scholarship.Filters
		want []string
	}{
		{"none", scholarship.Filters{}, []string{"fx-brazil-women-engineering", "fx-citizens-computing", "fx-daca-first-gen", "fx-mexico-graduate", "fx-open-any"}},
		{"amount min 5000", scholarship.Filters{AmountMin: 5000}, []string{"fx-brazil-women-engineering", "fx-citizens-computing", "fx-daca-first-gen", "fx-mexico-graduate"}},
		{"amount min 15000", scholarship.Filters{AmountMin: 15000}, []string{"fx-citizens-computing"}},
		{"amount max 3000", scholarship.Filters{AmountMax: 3000}, []string{"fx-daca-first-gen", "fx-open-any"}},
		{"award need", scholarship.Filters{AwardType: "need"}, []string{"fx-daca-first-gen"}},
		{"award service", scholarship.Filters{AwardType: "community_service"}, []string{"fx-open-any"}},
		{"renewable", scholarship.Filters{Renewable: "yes"}, []string{"fx-brazil-women-engineering", "fx-citizens-computing", "fx-daca-first-gen"}},
		{"one-time", scholarship.Filters{Renewable: "no"}, []string{"fx-mexico-graduate", "fx-open-any"}},
		{"field cs", scholarship.Filters{Field: "computer_science"}, []string{"fx-citizens-computing", "fx-daca-first-gen", "fx-mexico-graduate", "fx-open-any"}},
		{"field engineering", scholarship.Filters{Field: "engineering"}, []string{"fx-brazil-women-engineering", "fx-daca-first-gen", "fx-mexico-graduate", "fx-open-any"}},
		{"level doctoral", scholarship.Filters{Level: "doctoral"}, []string{"fx-mexico-graduate"}},
		{"level high school", scholarship.Filters{Level: "high_school"}, []string{"fx-open-any"}},
		{"year junior", scholarship.Filters{Year: "junior"}, []string{"fx-brazil-women-engineering", "fx-citizens-computing", "fx-mexico-graduate", "fx-open-any"}},
		{"gpa 2.5", scholarship.Filters{GPA: 2.5}, []string{"fx-citizens-computing", "fx-daca-first-gen", "fx-mexico-graduate", "fx-open-any"}},
		{"gpa 3.0", scholarship.Filters{GPA: 3.0}, []string{"fx-brazil-women-engineering", "fx-citizens-computing", "fx-daca-first-gen", "fx-mexico-graduate", "fx-open-any"}},
		{"deadline 2 weeks", scholarship.Filters{Deadline: "2w"}, []string{"fx-brazil-women-engineering"}},
		{"deadline 3 months", scholarship.Filters{Deadline: "3m"}, []string{"fx-brazil-women-engineering", "fx-citizens-computing"}},
		{"deadline 6 months", scholarship.Filters{Deadline: "6m"}, []string{"fx-brazil-women-engineering", "fx-citizens-computing", "fx-mexico-graduate", "fx-open-any"}},
		{"deadline academic year", scholarship.Filters{Deadline: "year"}, []string{"fx-brazil-women-engineering", "fx-citizens-computing", "fx-mexico-graduate", "fx-open-any"}},
		{"citizens", scholarship.Filters{Residency: "citizen"}, []string{"fx-citizens-computing", "fx-mexico-graduate", "fx-open-any"}},
		{"international", scholarship.Filters{Residency: "international"}, []string{"fx-brazil-women-engineering", "fx-mexico-graduate", "fx-open-any"}},
		{"state residents", scholarship.Filters{Residency: "state"}, []string{"fx-daca-first-gen"}},
		{"first gen", scholarship.Filters{Category: "first_generation"}, []string{"fx-daca-first-gen"}},
		{"women in stem", scholarship.Filters{Category: "women_in_stem"}, []string{"fx-brazil-women-engineering", "fx-citizens-computing"}},
		{"military", scholarship.Filters{Category: "military"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := ids(search(ix, scholarship.Query{Filters: c.f, Sort: scholarship.SortBest}))
			slices.Sort(got)
			if !slices.Equal(got, c.want) {
				t.Fatalf("got %v want %v", got, c.want)
			}
		})
	}
}

func TestSorts(t *testing.T) {
	ix := scholarship.NewIndex(fixtures(t))
	got := ids(search(ix, scholarship.Query{Sort: scholarship.SortDeadline}))
	want := []string{"fx-brazil-women-engineering", "fx-citizens-computing", "fx-mexico-graduate", "fx-open-any", "fx-daca-first-gen"}
	if !slices.Equal(got, want) {
		t.Fatalf("deadline: got %v want %v (open dates first, the closed program last)", got, want)
	}
	r := search(ix, scholarship.Query{Sort: scholarship.SortMagic})
	for i := 1; i < len(r.Hits); i++ {
		if r.Hits[i].Magic > r.Hits[i-1].Magic {
			t.Fatalf("magic not descending: %v", ids(r))
		}
	}
	if ids(r)[len(r.Hits)-1] != "fx-daca-first-gen" {
		t.Fatalf("the closed program must rank last by Magic: %v", ids(r))
	}
	// Best Match with a profile: the program targeted at the student first.
	s := scholarship.FromProfile(&scholarship.QuickMatch{CitizenshipCountries: []string{"MX"}, DegreeLevel: []string{"MASTERS"}}, nil)
	if got := ids(search(ix, scholarship.Query{Sort: scholarship.SortBest, Student: s})); got[0] != "fx-mexico-graduate" {
		t.Fatalf("best: %v", got)
	}
}

func TestSemanticModeUsesFacets(t *testing.T) {
	ix := scholarship.NewIndex(fixtures(t))
	r := search(ix, scholarship.Query{Text: "bolsa para mulher brasileira em engenharia nos EUA", Mode: scholarship.ModeSemantic})
	if got := ids(r); len(got) == 0 || got[0] != "fx-brazil-women-engineering" || slices.Contains(got, "fx-mexico-graduate") {
		t.Fatalf("got %v", got)
	}
	r = search(ix, scholarship.Query{Text: "beca de posgrado para mexicanos", Mode: scholarship.ModeSemantic})
	if got := ids(r); len(got) == 0 || got[0] != "fx-mexico-graduate" {
		t.Fatalf("got %v", got)
	}
}

func TestDeadlineStatus(t *testing.T) {
	d := func(s string) *string { return &s }
	cases := []struct {
		dl     scholarship.Deadline
		status string
	}{
		{scholarship.Deadline{Date: d("2026-11-26")}, scholarship.StatusOpen},
		{scholarship.Deadline{Date: d("2026-11-25")}, scholarship.StatusClosed},
		{scholarship.Deadline{Month: 3, Rule: &scholarship.Text{EN: "x"}}, scholarship.StatusRecurring},
	}
	for _, c := range cases {
		if got := scholarship.DeadlineStatus(c.dl, today); got.Status != c.status {
			t.Errorf("%+v: %s want %s", c.dl, got.Status, c.status)
		}
	}
	if got := scholarship.DeadlineStatus(scholarship.Deadline{Date: d("2026-01-15")}, today); got.Expected != "2027-01-15" {
		t.Errorf("closed until next cycle: %+v", got)
	}
}

func TestParamsRoundTrip(t *testing.T) {
	v, _ := url.ParseQuery("q=beca+ingenier%C3%ADa&mode=semantic&sort=magic&page=2&amount_min=1000&amount_max=50000&award=merit&renewable=yes&field=engineering&level=graduate&year=senior&gpa=3.25&deadline=3m&residency=international&category=women_in_stem&partial=1")
	p, err := scholarship.ParseParams(v)
	if err != nil {
		t.Fatal(err)
	}
	back, _ := url.ParseQuery(p.Encode())
	p2, err := scholarship.ParseParams(back)
	if err != nil || p2 != p {
		t.Fatalf("round trip: %+v vs %+v (%v)", p, p2, err)
	}
	for _, bad := range []string{"foo=1", "mode=magic", "gpa=3.1", "amount_min=-1", "amount_min=5&amount_max=1", "field=cooking", "page=x", "sort=best&sort=magic"} {
		v, _ := url.ParseQuery(bad)
		if _, err := scholarship.ParseParams(v); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
