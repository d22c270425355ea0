package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

type searchBody struct {
	Total          int  `json:"total"`
	ProfileApplied bool `json:"profile_applied"`
	Results        []struct {
		ID       string `json:"id"`
		Eligible bool   `json:"eligible"`
		WhyNot   []struct {
			Facet string `json:"facet"`
		} `json:"why_not"`
	} `json:"results"`
	Understood []struct {
		Facet, Value string
		Negated      bool
	} `json:"understood"`
	Hint   string                    `json:"hint"`
	Counts map[string]map[string]int `json:"counts"`
}

func decodeSearch(t *testing.T, r apptest.Response) searchBody {
	t.Helper()
	if r.Status != http.StatusOK {
		t.Fatalf("search: %d %s", r.Status, r.Body)
	}
	var s searchBody
	if err := json.Unmarshal(r.Body, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestScholarshipProfileFilterSetsAndIDOR(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		student, other := h.Browser(), h.Browser()

		// A visitor without a session reads an empty profile; no session is made.
		r := student.MustOK("GET", "/api/scholarships/profile", nil)
		if len(r.Header.Values("Set-Cookie")) != 0 || len(r.JSON["citizenshipCountries"].([]any)) != 0 {
			t.Fatalf("empty profile: %s %v", r.Body, r.Header)
		}
		profile := map[string]any{"citizenshipCountries": []string{"BR"}, "visaStatus": "F-1", "degreeLevel": []string{"UNDERGRAD"},
			"majorAreasOfInterest": []string{"engineering"}, "gpaCurrent": 3.7, "gpaScale": "4.0", "genderIdentityTags": []string{"woman"},
			"raceEthnicityTags": []string{"hispanic_latino"}, "lgbtq": "yes"}
		student.MustOK("PUT", "/api/scholarships/profile", profile)
		r = student.MustOK("GET", "/api/scholarships/profile", nil)
		if r.Str("visaStatus") != "F-1" || r.Str("lgbtq") != "yes" {
			t.Fatalf("saved profile: %s", r.Body)
		}
		student.MustOK("PUT", "/api/scholarships/eligibility", map[string]any{"firstGeneration": "yes", "householdIncome": "25k-50k", "gpa": "3.7"})
		if r := student.MustOK("GET", "/api/scholarships/eligibility", nil); r.Str("householdIncome") != "25k-50k" {
			t.Fatalf("eligibility: %s", r.Body)
		}
		// Bad answers are refused with the field named; nothing is lost.
		for _, bad := range []any{
			map[string]any{"visaStatus": "H-1B"},
			map[string]any{"gpaCurrent": 4.5, "gpaScale": "4.0"},
			map[string]any{"citizenshipCountries": []string{"FR"}},
			`{"citizenshipCountries":["BR"],"ssn":"x"}`,
		} {
			if r := student.Do("PUT", "/api/scholarships/profile", bad); r.Status != http.StatusBadRequest || r.Error() == "" {
				t.Errorf("%v: %d %s", bad, r.Status, r.Body)
			}
		}
		if r := student.Do("PUT", "/api/scholarships/eligibility", map[string]any{"gpa": "excellent"}); r.Status != 400 {
			t.Errorf("gpa text: %d", r.Status)
		}
		if r := student.MustOK("GET", "/api/scholarships/profile", nil); r.Str("visaStatus") != "F-1" {
			t.Fatalf("a refused save changed the profile: %s", r.Body)
		}

		// Another browser never sees the affinity answers.
		if r := other.MustOK("GET", "/api/scholarships/profile", nil); r.Str("lgbtq") != "" || r.Str("visaStatus") != "" {
			t.Fatalf("another session read the profile: %s", r.Body)
		}
		if r := other.MustOK("GET", "/api/scholarships/eligibility", nil); r.Str("householdIncome") != "" {
			t.Fatalf("another session read the eligibility form: %s", r.Body)
		}

		// Search applies the saved profile: every result is eligible unless partial=1.
		all := decodeSearch(t, student.Do("GET", "/api/scholarships/search?profile=0", nil))
		mine := decodeSearch(t, student.Do("GET", "/api/scholarships/search", nil))
		if !mine.ProfileApplied || all.ProfileApplied || mine.Total > all.Total {
			t.Fatalf("profile applied %v/%v, totals %d/%d", mine.ProfileApplied, all.ProfileApplied, mine.Total, all.Total)
		}
		overview := student.MustOK("GET", "/api/scholarships", nil)
		if overview.Num("count") != jsonInt(all.Total) {
			t.Fatalf("overview count %s, search total %d", overview.Num("count"), all.Total)
		}
		for _, res := range mine.Results {
			if !res.Eligible {
				t.Fatalf("ineligible result without partial=1: %+v", res)
			}
		}
		partial := decodeSearch(t, student.Do("GET", "/api/scholarships/search?partial=1", nil))
		if partial.Total != all.Total {
			t.Fatalf("partial=1 must show every program (%d of %d)", partial.Total, all.Total)
		}
		for _, res := range partial.Results {
			if !res.Eligible && len(res.WhyNot) == 0 {
				t.Fatalf("a partial match must say why not: %+v", res)
			}
		}
		if len(all.Results) > 0 {
			if r := student.Do("GET", "/api/scholarships/programs/"+all.Results[0].ID+"?lang=pt-BR", nil); r.Status != 200 || r.Str("official_url") == "" {
				t.Fatalf("program: %d %s", r.Status, r.Body)
			}
		}
		if r := student.Do("GET", "/api/scholarships/programs/no-such-program", nil); r.Status != 404 {
			t.Fatalf("unknown program: %d", r.Status)
		}
		if r := student.Do("GET", "/api/scholarships/search?mode=telepathy", nil); r.Status != 400 {
			t.Fatalf("bad mode: %d", r.Status)
		}
		u := decodeSearch(t, student.Do("GET", "/api/scholarships/search?mode=semantic&q="+url.QueryEscape("beca para mexicana que estudia ingeniería en Texas"), nil))
		if len(u.Understood) < 4 {
			t.Fatalf("understood: %+v", u.Understood)
		}

		// Filter sets: saved, listed, and invisible and undeletable to others.
		created := student.Do("POST", "/api/scholarships/filter-sets", map[string]any{"name": "STEM grants", "params": "field=stem&award=merit&page=3"})
		if created.Status != http.StatusCreated || created.Str("params") != "award=merit&field=stem" {
			t.Fatalf("create: %d %s", created.Status, created.Body)
		}
		id := created.Str("id")
		if r := student.Do("POST", "/api/scholarships/filter-sets", map[string]any{"name": "x", "params": "field=cooking"}); r.Status != 400 {
			t.Fatalf("bad params saved: %d", r.Status)
		}
		if r := student.Do("POST", "/api/scholarships/filter-sets", map[string]any{"name": " ", "params": ""}); r.Status != 400 {
			t.Fatalf("empty name saved: %d", r.Status)
		}
		if r := other.MustOK("GET", "/api/scholarships/filter-sets", nil); len(r.JSON["filter_sets"].([]any)) != 0 {
			t.Fatalf("another session sees filter sets: %s", r.Body)
		}
		if r := other.Do("DELETE", "/api/scholarships/filter-sets/"+id, nil); r.Status != 404 {
			t.Fatalf("IDOR delete: %d", r.Status)
		}
		if r := h.Browser().Do("DELETE", "/api/scholarships/filter-sets/"+id, nil); r.Status != 404 {
			t.Fatalf("delete without a session: %d", r.Status)
		}
		if r := student.MustOK("GET", "/api/scholarships/filter-sets", nil); len(r.JSON["filter_sets"].([]any)) != 1 {
			t.Fatalf("list: %s", r.Body)
		}
		student.MustOK("DELETE", "/api/scholarships/filter-sets/"+id, nil)
		if r := student.Do("DELETE", "/api/scholarships/filter-sets/"+id, nil); r.Status != 404 {
			t.Fatalf("second delete: %d", r.Status)
		}
	})
}

func jsonInt(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestEmbeddingsServerReranksWhenConfigured starts the app with
// CREBIT_EMBEDDINGS_URL pointing at a local fake OpenAI-compatible server.
// A search says what it understood, denials included, hints when nothing
// searchable was typed, and counts each filter option (the schema of these
// answers is checked against docs/openapi.yaml by the OpenAPI test).
func TestScholarshipSearchNegationHintAndCounts(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, store.SQLite, apptest.BlindPay())
	b := h.Browser()
	neg := decodeSearch(t, b.Do("GET", "/api/scholarships/search?q="+url.QueryEscape("no tengo green card ni ciudadanía")+"&lang=es-MX", nil))
	denied := map[string]bool{}
	for _, c := range neg.Understood {
		if c.Negated {
			denied[c.Value] = true
		}
	}
	if !denied["permanent_resident"] || !denied["citizen"] || neg.Total == 0 {
		t.Fatalf("want green card and citizenship denied and results, got %+v (%d results)", neg.Understood, neg.Total)
	}
	stop := decodeSearch(t, b.Do("GET", "/api/scholarships/search?q=para+la", nil))
	all := decodeSearch(t, b.Do("GET", "/api/scholarships/search", nil))
	if stop.Hint != "no_terms" || stop.Total != all.Total || all.Hint != "" {
		t.Fatalf("stop words: hint %q total %d (all %d, hint %q)", stop.Hint, stop.Total, all.Total, all.Hint)
	}
	if n, ok := all.Counts["award"]["athletic"]; !ok || n != 0 || all.Counts["category"]["lgbtq"] == 0 {
		t.Fatalf("counts: %+v", all.Counts)
	}
	lgbtq := decodeSearch(t, b.Do("GET", "/api/scholarships/search?category=lgbtq", nil))
	if lgbtq.Total != all.Counts["category"]["lgbtq"] {
		t.Fatalf("lgbtq count %d but choosing it gives %d", all.Counts["category"]["lgbtq"], lgbtq.Total)
	}
}

// The cards speak the page's language: description, requirements and tags
// come in the language the visitor chose, without a lang parameter.
func TestScholarshipCardsInThePagesLanguage(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, store.SQLite, apptest.BlindPay())
	for lang, want := range map[string][2]string{
		"pt-BR": {"Bolsas para estudantes de Direito", "direitos civis"},
		"es-MX": {"Becas para estudiantes de derecho", "derechos civiles"},
		"en":    {"Scholarships for law students", "civil rights"},
	} {
		b := h.Browser()
		b.SetLanguage(lang)
		r := b.MustOK("GET", "/api/scholarships/search?q=MALDEF", nil)
		var body struct {
			Results []struct {
				ID, Description string
				Tags            []string
			}
		}
		if err := json.Unmarshal(r.Body, &body); err != nil || len(body.Results) == 0 {
			t.Fatalf("%s: %v %s", lang, err, r.Body)
		}
		got := body.Results[0]
		if !strings.HasPrefix(got.Description, want[0]) || !slices.Contains(got.Tags, want[1]) {
			t.Errorf("%s: description %q tags %v", lang, got.Description, got.Tags)
		}
		one := b.MustOK("GET", "/api/scholarships/programs/maldef-law-school-scholarship", nil)
		if !strings.HasPrefix(one.Str("description"), want[0]) {
			t.Errorf("%s: program page %q", lang, one.Str("description"))
		}
	}
}

// A name that describes the program, and its provider, are shown in the
// page's language too (they were English on every page).
func TestScholarshipTitleAndProviderInThePagesLanguage(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, store.SQLite, apptest.BlindPay())
	for lang, want := range map[string][2]string{
		"pt-BR": {"Harvard College: auxílio por necessidade para estudantes internacionais", "Programa de Bolsas do Banco Mundial (financiado pelo Governo do Japão)"},
		"es-MX": {"Harvard College: ayuda según necesidad para estudiantes internacionales", "Programa de Becas del Banco Mundial (financiado por el Gobierno de Japón)"},
		"en":    {"Harvard College need-based aid for international students", "World Bank Scholarships Program (funded by the Government of Japan)"},
	} {
		b := h.Browser()
		b.SetLanguage(lang)
		if got := b.MustOK("GET", "/api/scholarships/programs/harvard-need-blind-international-aid", nil).Str("title"); got != want[0] {
			t.Errorf("%s: title %q, want %q", lang, got, want[0])
		}
		if got := b.MustOK("GET", "/api/scholarships/programs/joint-japan-world-bank-graduate-scholarship", nil).Str("provider"); got != want[1] {
			t.Errorf("%s: provider %q, want %q", lang, got, want[1])
		}
	}
}

func TestEmbeddingsServerReranksWhenConfigured(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		var req struct {
			Input []string `json:"input"`
		}
		if r.URL.Path != "/v1/embeddings" || json.NewDecoder(r.Body).Decode(&req) != nil {
			http.Error(w, "bad", http.StatusBadRequest)
			return
		}
		data := []map[string]any{}
		for i, in := range req.Input {
			// "peace" texts point one way, everything else another.
			v := []float64{0, 1}
			if strings.Contains(strings.ToLower(in), "peace") {
				v = []float64{1, 0}
			}
			data = append(data, map[string]any{"index": i, "embedding": v})
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"data": data})
	}))
	defer fake.Close()
	h := apptest.New(t, store.SQLite, apptest.BlindPay(), apptest.Env("CREBIT_EMBEDDINGS_URL", fake.URL), apptest.Env("CREBIT_EMBEDDINGS_MODEL", "fake"))
	q := "/api/scholarships/search?mode=semantic&q=" + url.QueryEscape("graduate fellowship for peace studies")
	res := decodeSearch(t, h.Browser().Do("GET", q, nil))
	if calls.Load() == 0 {
		t.Fatal("the embeddings server was never called")
	}
	if len(res.Results) == 0 {
		t.Fatal("no results")
	}
	// Keyword mode never calls it.
	before := calls.Load()
	decodeSearch(t, h.Browser().Do("GET", "/api/scholarships/search?q=peace", nil))
	if calls.Load() != before {
		t.Fatal("keyword mode called the embeddings server")
	}
}

// TestScholarshipProfileMovesToTheAccount: a guest's Quick Match answers
// become the account's when the guest signs up, so the same account sees
// them from another browser; strangers still see nothing.
func TestScholarshipProfileMovesToTheAccount(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		guest := h.Browser()
		guest.MustOK("PUT", "/api/scholarships/profile", map[string]any{"citizenshipCountries": []string{"MX"}, "visaStatus": "F-1"})
		guest.SignUp("lucia@example.org")
		if r := guest.MustOK("GET", "/api/scholarships/profile", nil); r.Str("visaStatus") != "F-1" {
			t.Fatalf("after sign-up the profile is gone: %s", r.Body)
		}
		laptop := h.Browser()
		laptop.MustOK("POST", "/api/signin", map[string]string{"email": "lucia@example.org", "password": apptest.Password})
		if r := laptop.MustOK("GET", "/api/scholarships/profile", nil); r.Str("visaStatus") != "F-1" {
			t.Fatalf("the account's other browser does not see the profile: %s", r.Body)
		}
		if r := h.Browser().MustOK("GET", "/api/scholarships/profile", nil); r.Str("visaStatus") != "" {
			t.Fatalf("a stranger sees the profile: %s", r.Body)
		}
	})
}
