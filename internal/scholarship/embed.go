package scholarship

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"
)

// Embedder turns texts into vectors. When one is configured
// (CREBIT_EMBEDDINGS_URL), the semantic mode re-ranks its best lexical
// candidates by cosine similarity; without one, search needs no network.
type Embedder interface {
	Embed(ctx context.Context, texts []string) ([][]float64, error)
}

// OpenAIEmbedder calls an OpenAI-compatible POST {BaseURL}/v1/embeddings.
type OpenAIEmbedder struct {
	BaseURL string // e.g. http://127.0.0.1:8081 (without /v1)
	APIKey  string
	Model   string
	Client  *http.Client

	mu    sync.Mutex
	cache map[string][]float64 // program texts never change at run time
}

// NewOpenAIEmbedder returns an embedder with a 5-second timeout.
func NewOpenAIEmbedder(baseURL, apiKey, model string) *OpenAIEmbedder {
	return &OpenAIEmbedder{BaseURL: strings.TrimRight(baseURL, "/"), APIKey: apiKey, Model: model,
		Client: &http.Client{Timeout: 5 * time.Second}, cache: map[string][]float64{}}
}

// Embed returns one vector per text, in order; program texts are cached.
func (e *OpenAIEmbedder) Embed(ctx context.Context, texts []string) ([][]float64, error) {
	out := make([][]float64, len(texts))
	var missing []string
	var at []int
	e.mu.Lock()
	for i, t := range texts {
		if v, ok := e.cache[t]; ok {
			out[i] = v
		} else {
			missing, at = append(missing, t), append(at, i)
		}
	}
	e.mu.Unlock()
	if len(missing) == 0 {
		return out, nil
	}
	body, _ := json.Marshal(map[string]any{"model": e.Model, "input": missing})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.BaseURL+"/v1/embeddings", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if e.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+e.APIKey)
	}
	resp, err := e.Client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("embeddings: status %d", resp.StatusCode)
	}
	var r struct {
		Data []struct {
			Index     int       `json:"index"`
			Embedding []float64 `json:"embedding"`
		} `json:"data"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 64<<20)).Decode(&r); err != nil {
		return nil, fmt.Errorf("embeddings: %w", err)
	}
	if len(r.Data) != len(missing) {
		return nil, fmt.Errorf("embeddings: %d vectors for %d texts", len(r.Data), len(missing))
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, d := range r.Data {
		if d.Index < 0 || d.Index >= len(missing) {
			return nil, fmt.Errorf("embeddings: index %d out of range", d.Index)
		}
		out[at[d.Index]] = d.Embedding
		if len(e.cache) < 10000 {
			e.cache[missing[d.Index]] = d.Embedding
		}
	}
	return out, nil
}

// rerankDepth is how many lexical candidates the embedder re-orders.
const rerankDepth = 30

// rerank blends each top candidate's lexical score with its cosine
// similarity to the query: score' = score × (0.6 + 0.8 × cos). On error the
// lexical scores stay.
func rerank(ctx context.Context, emb Embedder, query string, hs []Hit) {
	sort.SliceStable(hs, func(i, j int) bool { return hs[i].Score > hs[j].Score })
	n := min(len(hs), rerankDepth)
	if n == 0 {
		return
	}
	texts := []string{query}
	for _, h := range hs[:n] {
		texts = append(texts, h.Program.Name+". "+h.Program.Summary.EN)
	}
	vs, err := emb.Embed(ctx, texts)
	if err != nil || len(vs) != len(texts) {
		return
	}
	for i := range hs[:n] {
		hs[i].Score *= 0.6 + 0.8*cosine(vs[0], vs[i+1])
	}
}

func cosine(a, b []float64) float64 {
	if len(a) != len(b) || len(a) == 0 {
		return 0
	}
	var dot, na, nb float64
	for i := range a {
		dot += a[i] * b[i]
		na += a[i] * a[i]
		nb += b[i] * b[i]
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}
