// Package apptest starts the whole application for a test: a migrated
// database on the chosen engine, the River queue, the embedded sandbox
// partner and the HTTP server on a real loopback port, driven through real
// HTTP with per-browser cookie jars. Nothing of our own is mocked.
package apptest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app"
	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

// Harness is one running application.
type Harness struct {
	T      testing.TB
	URL    string
	Config config.Config
	DB     *store.DB
	Stack  *app.Stack
	Clock  *Clock // the application's clock; Advance it to test expiry
	logs   *logBuffer
	opts   store.Options
}

// Option changes the configuration before start.
type Option func(env map[string]string)

// Env sets a configuration variable.
func Env(key, value string) Option { return func(env map[string]string) { env[key] = value } }

// New starts the application on engine e and stops it when t ends. The
// sandbox's automatic progression is off unless an option turns it on, so
// tests decide which events arrive and in what order.
func New(t testing.TB, e store.Engine, opts ...Option) *Harness {
	t.Helper()
	return NewOn(t, storetest.Migrated(t, e), opts...)
}

// NewOn starts the application on the database dbOpts names; two calls
// with the same options are two instances sharing one database.
func NewOn(t testing.TB, dbOpts store.Options, opts ...Option) *Harness {
	t.Helper()
	ctx := context.Background()
	env := map[string]string{
		"CREBIT_DATA_DIR":             t.TempDir(),
		"CREBIT_SANDBOX_AUTO_ADVANCE": "0",
		"CREBIT_LOG_LEVEL":            "error",
	}
	for _, o := range opts {
		o(env)
	}
	cfg, err := config.Load(nil, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if err := cfg.FillSecrets(); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(ctx, dbOpts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if err := jobs.Migrate(ctx, db); err != nil {
		t.Fatal(err)
	}
	addr := "127.0.0.1:0"
	if env["CREBIT_ADDR"] != "" {
		addr = env["CREBIT_ADDR"] // a test that must know the address first (a partner's webhook endpoint)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	loopback := "http://" + ln.Addr().String()
	if cfg.BaseURL == "" {
		cfg.BaseURL = loopback
	}
	// Every line, debug included, is kept for Logs (tests grep it for
	// secrets); only errors reach t.Log unless CREBIT_TEST_LOG is set.
	logs := &logBuffer{t: t, all: os.Getenv("CREBIT_TEST_LOG") != ""}
	log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	clock := &Clock{}
	st, err := app.Build(cfg, db, log, clock.Now, loopback)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(st.Server)
	ts.Listener.Close()
	ts.Listener = ln
	ts.Start()
	qctx, cancel := context.WithCancel(ctx)
	if err := st.StartJobs(qctx); err != nil {
		t.Fatal(err)
	}
	liveDone := make(chan struct{})
	go func() { st.Live.Run(qctx); close(liveDone) }()
	t.Cleanup(func() {
		st.Server.CloseStreams()
		defer func() { <-liveDone }()
		stopCtx, c := context.WithTimeout(context.Background(), 20*time.Second)
		defer c()
		st.StopJobs(stopCtx)
		cancel()
		ts.Close()
		st.Close()
		db.Close()
	})
	if st.BlindPaySandbox != nil {
		st.BlindPaySandbox.SetLocalReceiver(st.Server.WebhookURL())
	}
	if st.BlindPaySandbox != nil {
		if err := st.Payments.RegisterWebhook(ctx, st.Server.WebhookURL()); err != nil {
			t.Fatal(err)
		}
	}
	return &Harness{T: t, URL: loopback, Config: cfg, DB: db, Stack: st, Clock: clock, opts: dbOpts, logs: logs}
}

// Another starts a second instance of the application on the same
// database and data directory (so with the same secrets), as a deployment
// with several instances runs: its own HTTP server, job workers and live
// status listener. It registers its own webhook URL with the sandbox, so
// events are delivered to it.
func (h *Harness) Another(opts ...Option) *Harness {
	h.T.Helper()
	return NewOn(h.T, h.opts, append([]Option{Env("CREBIT_DATA_DIR", h.Config.DataDir)}, opts...)...)
}

// logBuffer keeps every log line and forwards errors (or all) to t.Log.
type logBuffer struct {
	t   testing.TB
	all bool
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	l.buf.Write(p)
	l.mu.Unlock()
	if l.all || bytes.Contains(p, []byte("level=ERROR")) {
		l.t.Log(strings.TrimRight(string(p), "\n"))
	}
	return len(p), nil
}

// Logs returns every log line the application wrote so far, at any level.
func (h *Harness) Logs() string {
	h.logs.mu.Lock()
	defer h.logs.mu.Unlock()
	return h.logs.buf.String()
}

// Browser is one visitor with its own cookies.
type Browser struct {
	h    *Harness
	HTTP *http.Client
	// Headers are sent with every request (a call's own headers win), e.g.
	// X-Forwarded-For to come from another address behind a trusted proxy.
	Headers map[string]string
}

// Browser returns a new visitor.
func (h *Harness) Browser() *Browser {
	jar, _ := cookiejar.New(nil)
	return &Browser{h: h, HTTP: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
}

// SetLanguage makes the browser's requests speak lang, as the web app's
// language cookie does.
func (b *Browser) SetLanguage(lang string) {
	u, err := url.Parse(b.h.URL)
	if err != nil {
		b.h.T.Fatal(err)
	}
	b.HTTP.Jar.SetCookies(u, []*http.Cookie{{Name: "crebit_lang", Value: lang, Path: "/"}})
}

// Response is a decoded answer.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
	JSON   map[string]any
}

// Str returns a top-level string field (or "").
func (r Response) Str(key string) string {
	s, _ := r.JSON[key].(string)
	return s
}

// Num returns a top-level JSON number as its exact text (or "").
func (r Response) Num(key string) string {
	n, _ := r.JSON[key].(json.Number)
	return string(n)
}

// Error returns the {"error": ...} text.
func (r Response) Error() string { return r.Str("error") }

// Do sends a request; body may be nil, a string (sent raw) or a value (sent as JSON).
func (b *Browser) Do(method, path string, body any, headers ...string) Response {
	b.h.T.Helper()
	var rd io.Reader
	switch v := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(v)
	case []byte:
		rd = bytes.NewReader(v)
	default:
		buf, err := json.Marshal(v)
		if err != nil {
			b.h.T.Fatal(err)
		}
		rd = bytes.NewReader(buf)
	}
	req, err := http.NewRequest(method, b.h.URL+path, rd)
	if err != nil {
		b.h.T.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range b.Headers {
		req.Header.Set(k, v)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i] == "Host" { // Go sends req.Host, not a Host header
			req.Host = headers[i+1]
			continue
		}
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := b.HTTP.Do(req)
	if err != nil {
		b.h.T.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	out := Response{Status: resp.StatusCode, Header: resp.Header, Body: raw}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // amounts stay exact text, never float64
	_ = dec.Decode(&out.JSON)
	return out
}

// MustOK sends a request and fails the test unless it answers 2xx.
func (b *Browser) MustOK(method, path string, body any, headers ...string) Response {
	b.h.T.Helper()
	r := b.Do(method, path, body, headers...)
	if r.Status < 200 || r.Status > 299 {
		b.h.T.Fatalf("%s %s: %d %s", method, path, r.Status, r.Body)
	}
	return r
}

// Patience is how long a test waits for something to happen before it
// gives up (storetest.Patience).
const Patience = storetest.Patience

// Eventually polls cond until it holds or Patience passes.
func (h *Harness) Eventually(what string, cond func() bool) {
	h.T.Helper()
	deadline := time.Now().Add(Patience)
	for !cond() {
		if time.Now().After(deadline) {
			h.T.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// LedgerProblems runs the ledger check on the database.
func (h *Harness) LedgerProblems() []ledger.Problem {
	h.T.Helper()
	var txs []ledger.StoredTransaction
	var bals []ledger.Balance
	err := h.DB.Read(context.Background(), func(tx *store.Tx) (err error) { txs, bals, err = tx.LedgerSnapshot(context.Background()); return })
	if err != nil {
		h.T.Fatal(err)
	}
	return ledger.Check(txs, bals)
}

// RequireBalancedLedger fails the test when the ledger check finds a problem.
func (h *Harness) RequireBalancedLedger() {
	h.T.Helper()
	for _, p := range h.LedgerProblems() {
		h.T.Errorf("ledger: %s", p)
	}
}
