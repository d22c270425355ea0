package httpapi

import (
	"compress/gzip"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/crebit/crebit/internal/accounts"
	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

var testFiles = fstest.MapFS{
	"index.html":          {Data: []byte("<!doctype html><title>Crebit</title><div id=root></div>" + strings.Repeat(" ", 2000))},
	"assets/app-abc12.js": {Data: []byte("console.log('app');" + strings.Repeat("//pad\n", 400))},
	"robots.txt":          {Data: []byte("User-agent: *\nAllow: /\n")},
	"assets/big-1.css":    {Data: []byte(strings.Repeat("body{}", 300))},
	"assets/big-1.css.br": {Data: []byte("brotli bytes of big-1.css")},
	"assets/big-1.css.gz": {Data: []byte("gzip bytes of big-1.css")},
	"favicon.svg":         {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
}

func newStaticServer(t *testing.T) *Server {
	t.Helper()
	cfg, svc := newTestService(t, storetest.Open(t, store.SQLite))
	return NewServer(Deps{Config: cfg, Accounts: svc, Log: slog.New(slog.DiscardHandler), Static: testFiles})
}

// newTestService builds the real account service over db (its job queue is
// never started) for tests of the HTTP plumbing: sessions and readiness.
func newTestService(t *testing.T, db *store.DB) (config.Config, *accounts.Service) {
	t.Helper()
	cfg := config.Config{SessionTTL: time.Hour, DataDir: t.TempDir()}
	if err := cfg.FillSecrets(); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	svc, err := accounts.New(accounts.Deps{DB: db, Queue: jobs.New(db, log), Config: cfg, Log: log})
	if err != nil {
		t.Fatal(err)
	}
	return cfg, svc
}

func get(t *testing.T, h http.Handler, path string, headers ...string) *http.Response {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func TestStaticCacheHeadersAndSPAFallback(t *testing.T) {
	t.Parallel()
	s := newStaticServer(t)
	cases := []struct {
		path, status, cache, body string
	}{
		{"/", "200", "no-cache", "<div id=root>"},
		{"/index.html", "200", "no-cache", "<div id=root>"},
		{"/assets/app-abc12.js", "200", "public, max-age=31536000, immutable", "console.log"},
		{"/robots.txt", "200", "public, max-age=3600", "User-agent"},
		{"/favicon.svg", "200", "public, max-age=3600", "<svg"},
		{"/get-started", "200", "no-cache", "<div id=root>"},        // a client route
		{"/some/unknown/page", "200", "no-cache", "<div id=root>"},  // the client router shows its 404
		{"/assets/missing-123.js", "404", "", "404 page not found"}, // a missing asset is a real 404
	}
	for _, c := range cases {
		res := get(t, s, c.path)
		body, _ := io.ReadAll(res.Body)
		if got := res.Status[:3]; got != c.status {
			t.Errorf("%s: status %s, want %s", c.path, got, c.status)
		}
		if c.cache != "" && res.Header.Get("Cache-Control") != c.cache {
			t.Errorf("%s: Cache-Control %q, want %q", c.path, res.Header.Get("Cache-Control"), c.cache)
		}
		if !strings.Contains(string(body), c.body) {
			t.Errorf("%s: body %.80q lacks %q", c.path, body, c.body)
		}
	}
}

func TestTextIsCompressedWhenAccepted(t *testing.T) {
	t.Parallel()
	s := newStaticServer(t)
	for _, path := range []string{"/", "/assets/app-abc12.js"} {
		res := get(t, s, path, "Accept-Encoding", "gzip")
		if res.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s not compressed: %v", path, res.Header)
		}
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(zr)
		if len(b) < 1000 {
			t.Fatalf("%s: decompressed to %d bytes", path, len(b))
		}
		if plain := get(t, s, path); plain.Header.Get("Content-Encoding") != "" {
			t.Fatalf("%s compressed for a client that did not ask", path)
		}
	}
}

func TestPanicBecomesJSON500(t *testing.T) {
	t.Parallel()
	h := observe(slog.New(slog.DiscardHandler), nil, nil, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		panic("boom: secret detail")
	}))
	res := get(t, h, "/api/anything")
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 500 || strings.TrimSpace(string(body)) != `{"error":"internal error","code":"internal"}` {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	if res.Header.Get("X-Request-Id") == "" {
		t.Fatal("no request id")
	}
}

func TestReadyzReportsTheDatabase(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.SQLite)
	cfg, svc := newTestService(t, db)
	s := NewServer(Deps{Config: cfg, Accounts: svc, Log: slog.New(slog.DiscardHandler), Static: testFiles})
	if res := get(t, s, "/readyz"); res.StatusCode != 200 {
		t.Fatalf("ready: %d", res.StatusCode)
	}
	db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req := httptest.NewRequest("GET", "/readyz", nil).WithContext(ctx)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Code != 503 || !strings.Contains(rec.Body.String(), `"error"`) {
		t.Fatalf("closed database: %d %s", rec.Code, rec.Body)
	}
	if res := get(t, s, "/healthz"); res.StatusCode != 200 {
		t.Fatalf("healthz must not depend on the database: %d", res.StatusCode)
	}
}

func TestPrecompressedFilesAreServedWhenAccepted(t *testing.T) {
	t.Parallel()
	s := newStaticServer(t)
	cases := []struct{ accept, encoding, body string }{
		{"gzip, deflate, br, zstd", "br", "brotli bytes of big-1.css"},
		{"gzip", "gzip", "gzip bytes of big-1.css"},
		{"br;q=0, gzip", "gzip", "gzip bytes of big-1.css"},
		{"", "", "body{}body{}"},
	}
	for _, c := range cases {
		res := get(t, s, "/assets/big-1.css", "Accept-Encoding", c.accept)
		body, _ := io.ReadAll(res.Body)
		if res.Header.Get("Content-Encoding") != c.encoding || !strings.HasPrefix(string(body), c.body) {
			t.Errorf("Accept-Encoding %q: encoding %q body %.30q", c.accept, res.Header.Get("Content-Encoding"), body)
		}
		if !strings.HasPrefix(res.Header.Get("Content-Type"), "text/css") || res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("Accept-Encoding %q: headers %v", c.accept, res.Header)
		}
	}
}
