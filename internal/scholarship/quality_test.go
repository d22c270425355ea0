package scholarship_test

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"math"
	"os"
	"sort"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/scholarship"
	"github.com/crebit/crebit/internal/scholarship/catalog"
	"github.com/crebit/crebit/internal/scholarship/validate"
)

// ndcgFloor and precisionFloor are the floors of the gate over
// quality/queries.json. History: with 77 queries (the first 63 plus 14
// written the way students write, with negations, typos and mixed
// languages) and 69 programs the search reached NDCG@5 0.804 and
// precision@5 0.483 (the search before understood filters were applied
// scored 0.763 / 0.434 on the same set). Growing the catalog to 100 programs,
// with every query re-judged for the programs added, and six more queries
// (83; one of them, a Spanish paraphrase of "need-blind", still finds
// nothing relevant) gives 0.783 / 0.482. Growing it to 152 programs (52
// added, one removed for charging to apply), with every query re-judged for
// the programs added, gives 0.767 / 0.499: precision rose, while NDCG fell
// because the ideal ranking now holds more relevant programs (many
// international merit awards and DACA-eligible state programs) than the
// search places in the first five; the search itself did not change. The
// floors sit about one hundredth below so that adding a record does not break
// the build while a change that makes search worse is noticed.
const (
	ndcgFloor      = 0.755
	precisionFloor = 0.49
)

type labelled struct {
	ID       string         `json:"id"`
	Lang     string         `json:"lang"`
	Mode     string         `json:"mode"`
	Query    string         `json:"query"`
	Relevant map[string]int `json:"relevant"`
}

func loadQueries(t *testing.T) []labelled {
	raw, err := os.ReadFile("quality/queries.json")
	if errors.Is(err, fs.ErrNotExist) {
		t.Skip("SKIPPING the NDCG@5 gate: internal/scholarship/quality/queries.json is not on this branch yet (it comes with the catalog branch)")
	}
	if err != nil {
		t.Fatal(err)
	}
	var qs []labelled
	if err := json.Unmarshal(raw, &qs); err != nil {
		t.Fatal(err)
	}
	return qs
}

// ndcgAt5 is the normalised discounted cumulative gain of the first five
// results with gains 2^rel − 1 (rel 2 = highly relevant, 1 = relevant).
func ndcgAt5(got []string, rel map[string]int) float64 {
	dcg := 0.0
	for i, id := range got[:min(5, len(got))] {
		dcg += (math.Pow(2, float64(rel[id])) - 1) / math.Log2(float64(i+2))
	}
	var grades []int
	for _, g := range rel {
		grades = append(grades, g)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(grades)))
	idcg := 0.0
	for i, g := range grades[:min(5, len(grades))] {
		idcg += (math.Pow(2, float64(g)) - 1) / math.Log2(float64(i+2))
	}
	if idcg == 0 {
		return 0
	}
	return dcg / idcg
}

// precisionAt5 is the share of the first five results judged relevant (a
// query with fewer than five relevant programs cannot reach 1; nor can a
// shorter list).
func precisionAt5(got []string, rel map[string]int) float64 {
	n := 0
	for _, id := range got[:min(5, len(got))] {
		if rel[id] > 0 {
			n++
		}
	}
	return float64(n) / 5
}

func TestNDCGGate(t *testing.T) {
	qs := loadQueries(t)
	ps, err := validate.LoadDir(catalog.FS(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	ix := scholarship.NewIndex(ps)
	perLang := map[string]int{}
	for _, q := range qs {
		perLang[q.Lang]++
		for id := range q.Relevant {
			if _, ok := ix.Program(id); !ok {
				t.Errorf("%s: judged program %q is not in the catalog", q.ID, id)
			}
		}
	}
	for _, l := range []string{"en", "pt-BR", "es-MX"} {
		if perLang[l] < 20 {
			t.Errorf("the query set needs at least 20 %s queries, has %d", l, perLang[l])
		}
	}
	total, precision := 0.0, 0.0
	var lat []time.Duration
	for _, q := range qs {
		start := time.Now()
		r := ix.Search(context.Background(), scholarship.Query{Text: q.Query, Mode: q.Mode, Sort: scholarship.SortBest, Today: time.Now()}, nil)
		lat = append(lat, time.Since(start))
		var got []string
		for _, h := range r.Hits {
			got = append(got, h.Program.ID)
		}
		n := ndcgAt5(got, q.Relevant)
		total += n
		precision += precisionAt5(got, q.Relevant)
		if n < 0.5 || testing.Verbose() {
			t.Logf("%s %-5s %-8s %.2f %q → %v", q.ID, q.Lang, q.Mode, n, q.Query, got[:min(5, len(got))])
		}
	}
	// Latency: every query ten more times (warm), one sample each.
	lat = lat[:0]
	for range 10 {
		for _, q := range qs {
			start := time.Now()
			ix.Search(context.Background(), scholarship.Query{Text: q.Query, Mode: q.Mode, Sort: scholarship.SortBest, Today: time.Now()}, nil)
			lat = append(lat, time.Since(start))
		}
	}
	mean := total / float64(len(qs))
	meanP := precision / float64(len(qs))
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	p := func(f float64) time.Duration { return lat[min(len(lat)-1, int(f*float64(len(lat))))] }
	t.Logf("NDCG@5 = %.3f, precision@5 = %.3f over %d queries (%d programs); latency over %d searches p50 %v p99 %v", mean, meanP, len(qs), len(ps), len(lat), p(0.50), p(0.99))
	if mean < ndcgFloor {
		t.Fatalf("NDCG@5 %.3f is below the recorded floor %.2f", mean, ndcgFloor)
	}
	if meanP < precisionFloor {
		t.Fatalf("precision@5 %.3f is below the recorded floor %.2f", meanP, precisionFloor)
	}
}
