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
)

var today = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

func fixtures(t *testing.T) []scholarship.Program {
	t.Helper()
	ps, err := scholarship.LoadDir(os.DirFS("testdata/valid"), today)
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
	ps, err := scholarship.LoadDir(catalog.FS(), time.Now())
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
			_, err := scholarship.Decode(file, b, now)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("want error containing %q, got %v", c.want, err)
			}
		})
	}
	if _, err := scholarship.Decode(file, raw, now); err != nil {
		t.Fatalf("the unmodified record must pass: %v", err)
	}
}

func TestStale(t *testing.T) {
	ps := fixtures(t)
	if got := scholarship.Stale(ps, today); len(got) != 0 {
		t.Fatalf("fresh fixtures reported stale: %d", len(got))
	}
	later := today.AddDate(1, 1, 0)
	if got := scholarship.Stale(ps, later); len(got) != len(ps) {
		t.Fatalf("13 months later want all %d stale, got %d", len(ps), len(got))
	}
}
