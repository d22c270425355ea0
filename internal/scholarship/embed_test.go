package scholarship_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/crebit/crebit/internal/scholarship"
)

// fakeEmbeddings is an OpenAI-compatible /v1/embeddings server whose vectors
// say "community" texts point one way and everything else another.
func fakeEmbeddings(t *testing.T, calls *atomic.Int32, fail bool) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		if r.URL.Path != "/v1/embeddings" || r.Method != http.MethodPost || r.Header.Get("Authorization") != "Bearer k" {
			t.Errorf("unexpected request %s %s", r.Method, r.URL.Path)
		}
		if fail {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		var req struct {
			Model string   `json:"model"`
			Input []string `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Model != "m" {
			t.Errorf("bad body: %v %q", err, req.Model)
		}
		type item struct {
			Index     int       `json:"index"`
			Embedding []float64 `json:"embedding"`
		}
		var data []item
		for i, in := range req.Input {
			v := []float64{0, 1}
			if strings.Contains(strings.ToLower(in), "volunteer") || strings.Contains(strings.ToLower(in), "community") {
				v = []float64{1, 0}
			}
			data = append(data, item{i, v})
		}
		json.NewEncoder(w).Encode(map[string]any{"data": data})
	}))
}

func TestEmbedderReranksSemanticMode(t *testing.T) {
	ix := scholarship.NewIndex(fixtures(t))
	q := scholarship.Query{Text: "support for engineering or community", Mode: scholarship.ModeSemantic, Today: today}
	plain := ids(ix.Search(context.Background(), q, nil))
	var calls atomic.Int32
	srv := fakeEmbeddings(t, &calls, false)
	defer srv.Close()
	emb := scholarship.NewOpenAIEmbedder(srv.URL, "k", "m")
	got := ids(ix.Search(context.Background(), q, emb))
	if len(got) == 0 || got[0] != "fx-open-any" {
		t.Fatalf("re-ranked: %v (lexical %v)", got, plain)
	}
	before := calls.Load()
	q2 := q
	q2.Text = "community or engineering support"
	ix.Search(context.Background(), q2, emb)
	if calls.Load() != before+1 {
		t.Fatalf("program vectors must be cached (one call for the new query only): %d calls", calls.Load()-before)
	}
	// A failing endpoint leaves the lexical order.
	var c2 atomic.Int32
	bad := fakeEmbeddings(t, &c2, true)
	defer bad.Close()
	if got := ids(ix.Search(context.Background(), q, scholarship.NewOpenAIEmbedder(bad.URL, "k", "m"))); strings.Join(got, ",") != strings.Join(plain, ",") {
		t.Fatalf("failure changed results: %v vs %v", got, plain)
	}
}
