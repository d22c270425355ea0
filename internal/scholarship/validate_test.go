package scholarship_test

import (
	"encoding/json"
	"io/fs"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/scholarship"
	"github.com/crebit/crebit/internal/scholarship/catalog"
	"github.com/crebit/crebit/internal/scholarship/validate"
)

var today = time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)

func fixtures(t *testing.T) []scholarship.Program {
	t.Helper()
	ps, err := validate.LoadDir(os.DirFS("testdata/valid"), today)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 5 {
		t.Fatalf("fixtures: %d", len(ps))
	}
	return ps
}

// TestShippedCatalogIsValid validates the real catalog embedded in the binary.
func TestShippedCatalogIsValid(t *testing.T) {
	ps, err := validate.LoadDir(catalog.FS(), time.Now())
	if err != nil {
		t.Fatalf("catalog/ has invalid records:\n%v", err)
	}
	if len(ps) == 0 {
		t.Fatal("the shipped catalog is empty")
	}
	t.Logf("%d programs in the shipped catalog", len(ps))
}

func TestDecodeRefusesBadRecords(t *testing.T) {
	fixture, err := os.ReadFile("testdata/valid/fx-citizens-computing.json")
	if err != nil {
		t.Fatal(err)
	}
	// The same faults are refused in a fixture and in every shipped record.
	records := map[string][]byte{"fx-citizens-computing.json": fixture}
	entries, err := fs.ReadDir(catalog.FS(), ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".json") {
			records[e.Name()], _ = fs.ReadFile(catalog.FS(), e.Name())
		}
	}
	for file, raw := range records {
		refuseBadVersions(t, file, raw)
	}
}

func refuseBadVersions(t *testing.T, file string, raw []byte) {
	now := time.Now().UTC()
	tomorrow := now.AddDate(0, 0, 1).Format(time.DateOnly)
	cases := []struct {
		name   string
		mutate func(m map[string]any)
		want   string
	}{
		{"no sources key", func(m map[string]any) { delete(m, "sources") }, "sources: missing"},
		{"empty sources", func(m map[string]any) { m["sources"] = []any{} }, "at least one source"},
		{"no verified_at", func(m map[string]any) { delete(m, "verified_at") }, "verified_at: missing"},
		{"future verified_at", func(m map[string]any) { m["verified_at"] = tomorrow }, "in the future"},
		{"future read_at", func(m map[string]any) {
			m["sources"] = []any{map[string]any{"url": "https://example.org/a", "read_at": tomorrow}}
		}, "in the future"},
		{"http official url", func(m map[string]any) { m["official_url"] = "http://example.org/x" }, "https URL"},
		{"http source url", func(m map[string]any) {
			m["sources"] = []any{map[string]any{"url": "http://example.org/a", "read_at": "2026-01-01"}}
		}, "https URL"},
		{"http figure source", func(m map[string]any) {
			m["applicants"] = map[string]any{"value": 3, "source": "ftp://example.org"}
		}, "applicants.source"},
		{"unknown key", func(m map[string]any) { m["rating"] = 5 }, "unknown field"},
		{"unknown nested key", func(m map[string]any) { m["amount"].(map[string]any)["note"] = "x" }, "unknown field"},
		{"http source url in the list", func(m map[string]any) {
			m["sources"] = append(m["sources"].([]any), map[string]any{"url": "http://example.org/b", "read_at": "2026-01-01"})
		}, "https URL"},
		{"missing nested key", func(m map[string]any) { delete(m["amount"].(map[string]any), "min") }, "amount.min: missing"},
		{"bad currency", func(m map[string]any) { m["amount"].(map[string]any)["currency"] = "EUR" }, "currency"},
		{"bad level", func(m map[string]any) { m["levels"] = []any{"kindergarten"} }, "levels"},
		{"any mixed", func(m map[string]any) { m["fields"] = []any{"any", "law"} }, "alone"},
		{"bad country", func(m map[string]any) { m["nationalities"] = []any{"Brazil"} }, "nationalities"},
		{"bad status", func(m map[string]any) { m["us_status"] = []any{"H-1B"} }, "us_status"},
		{"bad gender", func(m map[string]any) { m["gender"] = "men" }, "gender"},
		{"bad state", func(m map[string]any) { m["us_states"] = []any{"ZZ"} }, "us_states"},
		{"gpa above scale", func(m map[string]any) { m["gpa_min"] = map[string]any{"value": 5, "scale": 4} }, "gpa_min"},
		{"no deadline", func(m map[string]any) { m["deadline"] = map[string]any{"date": nil, "rule": nil} }, "date or a rule"},
		{"bad month", func(m map[string]any) {
			m["deadline"] = map[string]any{"date": "2027-01-01", "rule": nil, "month": 13}
		}, "month"},
		{"missing translation", func(m map[string]any) { m["summary"].(map[string]any)["es-MX"] = "" }, "summary.es-MX"},
		{"id not file name", func(m map[string]any) { m["id"] = "other-id" }, "file name"},
		{"min above max", func(m map[string]any) {
			m["amount"].(map[string]any)["min"], m["amount"].(map[string]any)["max"] = 30000, 20000
		}, "above max"},
	}
	for _, c := range cases {
		t.Run(file+"/"+c.name, func(t *testing.T) {
			var m map[string]any
			if err := json.Unmarshal(raw, &m); err != nil {
				t.Fatal(err)
			}
			c.mutate(m)
			b, _ := json.Marshal(m)
			_, err := validate.Decode(file, b, now)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("want error containing %q, got %v", c.want, err)
			}
		})
	}
	if _, err := validate.Decode(file, raw, now); err != nil {
		t.Fatalf("the unmodified record must pass: %v", err)
	}
}

func TestCheckCatalogReportsOldAndUnofficialFacts(t *testing.T) {
	ps := fixtures(t)
	if r := validate.CheckCatalog(ps, today); len(r.StaleFacts) != 0 || len(r.PastDue) != 0 || len(r.NoOfficial) != 0 {
		t.Fatalf("fresh official fixtures reported: %+v", r)
	}
	later := today.AddDate(1, 1, 0)
	r := validate.CheckCatalog(ps, later)
	if len(r.StaleFacts) == 0 || len(r.PastDue) != 0 {
		t.Fatalf("13 months later want stale facts and nothing past due, got %+v", r)
	}
	r = validate.CheckCatalog(ps, today.AddDate(2, 1, 0))
	if len(r.PastDue) != len(ps) {
		t.Fatalf("25 months later want all %d past due, got %v", len(ps), r.PastDue)
	}
	note := "evergreen rules page, re-read on schedule"
	ps[0].CheckNote = &note
	ps[1].Sources[0].Official = false
	r = validate.CheckCatalog(ps, today.AddDate(2, 1, 0))
	if len(r.PastDue) != len(ps)-1 {
		t.Fatalf("a check_note must excuse its record: %v", r.PastDue)
	}
	if len(r.NoOfficial) != 1 || r.NoOfficial[0] != ps[1].ID {
		t.Fatalf("want %s without an official source, got %v", ps[1].ID, r.NoOfficial)
	}
	if r.WithOfficial != len(ps)-1 {
		t.Fatalf("want %d records with an official source, got %d", len(ps)-1, r.WithOfficial)
	}
}

// The check counts the catalog's shares: an amount, a dated deadline, one
// of the current or last cycle (at most 24 months past), an official source.
func TestCheckCatalogCountsShares(t *testing.T) {
	ps := fixtures(t)
	date := func(s string) *string { return &s }
	var amount int64 = 1000
	for i := range ps {
		ps[i].Amount.Min, ps[i].Amount.Max, ps[i].Deadline.Date = nil, nil, nil
	}
	ps[0].Amount.Max = &amount
	ps[1].Deadline.Date = date("2027-01-15") // ahead
	ps[2].Deadline.Date = date("2024-11-26") // exactly 24 months past: still the last cycle
	ps[3].Deadline.Date = date("2024-11-25") // older
	r := validate.CheckCatalog(ps, today)
	if r.WithAmount != 1 || r.WithDate != 3 || r.WithRecentDate != 2 || r.WithOfficial != len(ps) {
		t.Fatalf("shares: amount %d, dated %d, recent %d, official %d", r.WithAmount, r.WithDate, r.WithRecentDate, r.WithOfficial)
	}
}

func TestCycleStatus(t *testing.T) {
	src := func(content string) []scholarship.Source {
		return []scholarship.Source{{URL: "https://example.org/p", ReadAt: "2026-11-20", ContentDate: &content, Official: true, Facts: []string{"deadline"}}}
	}
	date := func(d string) *string { return &d }
	cases := []struct {
		name string
		p    scholarship.Program
		want string
	}{
		{"dated ahead", scholarship.Program{Sources: src("2026-09"), Deadline: scholarship.Deadline{Date: date("2027-02-01")}}, scholarship.CycleOpen},
		{"dated passed, recurs", scholarship.Program{Sources: src("2026"), Deadline: scholarship.Deadline{Date: date("2026-03-01"), Month: 3}}, scholarship.CycleExpected},
		{"dated passed, no month", scholarship.Program{Sources: src("2026"), Deadline: scholarship.Deadline{Date: date("2026-03-01")}}, scholarship.CycleClosed},
		{"rule with month, fresh source", scholarship.Program{Sources: src("2025-10"), Deadline: scholarship.Deadline{Month: 10}}, scholarship.CycleExpected},
		{"rule with month, 2019 source", scholarship.Program{Sources: src("2019"), Deadline: scholarship.Deadline{Month: 10}}, scholarship.CycleUnknown},
		{"old date with month", scholarship.Program{Sources: src("2021"), Deadline: scholarship.Deadline{Date: date("2021-05-21"), Month: 5}}, scholarship.CycleClosed},
		{"discontinued", scholarship.Program{Sources: src("2026"), Deadline: scholarship.Deadline{Date: date("2027-02-01")},
			Discontinued: &scholarship.Discontinued{Since: "2022", Evidence: "https://example.org/end"}}, scholarship.CycleDiscontinued},
	}
	for _, c := range cases {
		if got := c.p.CycleStatus(today).Status; got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
}

func TestProvenanceRules(t *testing.T) {
	raw, err := os.ReadFile("testdata/valid/fx-citizens-computing.json")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		mutate func(m map[string]any)
		want   string
	}{
		{"home page", func(m map[string]any) { m["official_url"] = "https://example.org/" }, "is a home page"},
		{"official url not a source", func(m map[string]any) { m["official_url"] = "https://example.org/other" }, "not one of the record's official sources"},
		{"fee to apply", func(m map[string]any) { m["application_fee"] = true }, "fee to apply"},
		{"no source for the amount", func(m map[string]any) {
			for _, s := range m["sources"].([]any) {
				s.(map[string]any)["facts"] = []any{"deadline", "eligibility"}
			}
		}, "no source gives the amount"},
		{"bad content date", func(m map[string]any) { m["sources"].([]any)[0].(map[string]any)["content_date"] = "May 2024" }, "content_date"},
		{"future content date", func(m map[string]any) { m["sources"].([]any)[0].(map[string]any)["content_date"] = "2099" }, "in the future"},
		{"source without official flag", func(m map[string]any) { delete(m["sources"].([]any)[0].(map[string]any), "official") }, "official: missing"},
		{"unknown fact", func(m map[string]any) { m["sources"].([]any)[0].(map[string]any)["facts"] = []any{"vibes"} }, "unknown value"},
		{"bad runner", func(m map[string]any) { m["runner"] = "sweepstakes" }, "runner"},
		{"discontinued without evidence", func(m map[string]any) {
			m["discontinued"] = map[string]any{"since": "2022", "evidence": "", "note": map[string]any{"en": "x", "pt-BR": "x", "es-MX": "x"}}
		}, "discontinued.evidence"},
	}
	for _, c := range cases {
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		c.mutate(m)
		b, _ := json.Marshal(m)
		if _, err := validate.Decode("fx-citizens-computing.json", b, today); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: want error containing %q, got %v", c.name, c.want, err)
		}
	}
	// A home page is accepted when the record says why.
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	m["official_url"], m["official_url_note"] = "https://example.org/", "the program has no page of its own"
	b, _ := json.Marshal(m)
	if _, err := validate.Decode("fx-citizens-computing.json", b, today); err != nil {
		t.Errorf("a noted home page must pass: %v", err)
	}
}
