package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app"
	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/bpsandbox/bpsandboxtest"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

// syncBuffer is an io.Writer safe for the server goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// running is one run() of the binary's code.
type running struct {
	url    string
	cancel context.CancelFunc
	done   chan error
	stderr *syncBuffer
	stdout *syncBuffer
}

var listening = regexp.MustCompile(`listening on (http://[0-9.:]+)`)

// start runs app.Run("serve") on port 0 with env and waits for /healthz.
func start(t *testing.T, env map[string]string) *running {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out, errOut := &syncBuffer{}, &syncBuffer{}
	r := &running{cancel: cancel, done: make(chan error, 1), stderr: errOut, stdout: out}
	go func() {
		r.done <- app.Run(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, func(k string) string { return env[k] }, out, errOut)
	}()
	deadline := time.Now().Add(apptest.Patience)
	for {
		if m := listening.FindStringSubmatch(out.String()); m != nil {
			r.url = m[1]
			break
		}
		select {
		case err := <-r.done:
			t.Fatalf("run exited early: %v\n%s", err, errOut)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no listening line:\n%s", errOut)
		}
		time.Sleep(10 * time.Millisecond)
	}
	for {
		res, err := http.Get(r.url + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("healthz never answered")
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Cleanup(func() { r.stop(t) })
	return r
}

// stop cancels the run (as SIGTERM does) and waits for a clean return.
func (r *running) stop(t *testing.T) {
	if r.cancel == nil {
		return
	}
	r.cancel()
	r.cancel = nil
	select {
	case err := <-r.done:
		if err != nil {
			t.Errorf("run returned %v", err)
		}
	case <-time.After(apptest.Patience):
		t.Errorf("graceful shutdown took over %s", apptest.Patience)
	}
}

func TestRunServesHealthAndShutsDownGracefully(t *testing.T) {
	t.Parallel()
	r := start(t, map[string]string{"CREBIT_DATA_DIR": t.TempDir()})
	res, err := http.Get(r.url + "/readyz")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("readyz: %v %v", res, err)
	}
	r.stop(t)
	if _, err := http.Get(r.url + "/healthz"); err == nil {
		t.Fatal("still serving after shutdown")
	}
}

func TestRunRefusesBadConfigurationWithOneLine(t *testing.T) {
	t.Parallel()
	err := app.Run(context.Background(), []string{"serve"}, func(k string) string {
		return map[string]string{"CREBIT_PARTNER": "acme", "CREBIT_DATA_DIR": t.TempDir()}[k]
	}, io.Discard, io.Discard)
	if err == nil || strings.Count(err.Error(), "\n") > 0 || !strings.Contains(err.Error(), "CREBIT_PARTNER") {
		t.Fatalf("got %v", err)
	}
	if err := app.Run(context.Background(), []string{"frobnicate"}, func(string) string { return "" }, io.Discard, io.Discard); err == nil {
		t.Fatal("unknown command accepted")
	}
}

// client is a browser with cookies that outlives server restarts.
type client struct {
	t    *testing.T
	base string
	http *http.Client
}

func (c *client) call(method, path string, body any, headers ...string) (int, map[string]any) {
	c.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		if s, ok := body.(string); ok {
			b = []byte(s)
		}
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.base+path, rd)
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	dec := json.NewDecoder(res.Body)
	dec.UseNumber()
	dec.Decode(&out)
	return res.StatusCode, out
}

func (c *client) ok(method, path string, body any, headers ...string) map[string]any {
	c.t.Helper()
	status, out := c.call(method, path, body, headers...)
	if status/100 != 2 {
		c.t.Fatalf("%s %s: %d %v", method, path, status, out)
	}
	return out
}

func str(m map[string]any, k string) string { s, _ := m[k].(string); return s }

func num(m map[string]any, k string) string { n, _ := m[k].(json.Number); return string(n) }

func state(c *client, txn string) string {
	_, out := c.call("GET", "/api/webhook-status/"+txn, nil)
	st, _ := out["status"].(map[string]any)
	return str(st, "status")
}

// TestPaymentsSurviveARestart runs a Brazil and a Mexico payment to
// completed through the HTTP API and the sandbox's signed webhooks, with
// the server stopped and started again in the middle.
func TestPaymentsSurviveARestart(t *testing.T) {
	t.Parallel()
	for _, e := range storetest.Engines {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			env := map[string]string{"CREBIT_DATA_DIR": t.TempDir(), "CREBIT_SANDBOX_AUTO_ADVANCE": "0", "CREBIT_LOG_LEVEL": "warn"}
			if e == store.Postgres {
				opts := storetest.Options(t, e)
				db, err := store.Open(context.Background(), opts) // creates the schema
				if err != nil {
					t.Fatal(err)
				}
				db.Close()
				env["CREBIT_DATABASE_URL"] = opts.DatabaseURL + "&search_path=" + opts.Schema
			}
			srv := start(t, env)
			jarBR, _ := cookiejar.New(nil)
			jarMX, _ := cookiejar.New(nil)
			br := &client{t: t, base: srv.url, http: &http.Client{Jar: jarBR, Timeout: apptest.Patience}}
			mx := &client{t: t, base: srv.url, http: &http.Client{Jar: jarMX, Timeout: apptest.Patience}}

			cb := br.stagedCustomer(apptest.CustomerBR(apptest.CPF))
			br.ok("POST", "/api/create-external-account", apptest.BankAccount(str(cb, "customer_id")))
			qb := br.ok("POST", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":1500.50}`)
			onb, _ := qb["on_ramp"].(map[string]any)
			pb := br.ok("POST", "/api/create-pix-payment", fmt.Sprintf(`{"amount_brl":%s,"customer_id":%q,"wallet_address":%q,"quote_id":%q,"sender_name":"Maria Silva","sender_document":%q}`,
				num(qb, "total_local_amount"), str(cb, "customer_id"), str(cb, "wallet_address"), str(onb, "id"), apptest.CPF), "Idempotency-Key", "br-1")

			cm := mx.stagedCustomer(apptest.CustomerMX(apptest.CURP))
			mx.ok("POST", "/api/create-external-account", apptest.BankAccount(str(cm, "customer_id")))
			qm := mx.ok("POST", "/api/create-quote", `{"symbol":"USDC/MXN","amount_usd":800}`)
			onm, _ := qm["on_ramp"].(map[string]any)
			pm := mx.ok("POST", "/api/create-spei-payment", fmt.Sprintf(`{"amount_mxn":%s,"customer_id":%q,"wallet_id":%q,"quote_id":%q,"sender_clabe":%q}`,
				num(qm, "total_local_amount"), str(cm, "customer_id"), str(cm, "wallet_id"), str(onm, "id"), apptest.CURP))
			txBR, txMX := str(pb, "transaction_id"), str(pm, "transaction_id")

			// The pay-ins settle; Crebit asks BlindPay for the payouts.
			br.ok("POST", "/api/trigger-mock-webhook", map[string]string{"transaction_id": txBR, "event": "payin_completed"})
			mx.ok("POST", "/api/trigger-mock-webhook", map[string]string{"transaction_id": txMX, "event": "payin_completed"})
			waitState(t, br, txBR, "offramp_created")
			waitState(t, mx, txMX, "offramp_created")

			// Restart: the same data, a new process; the browsers keep their cookies.
			srv.stop(t)
			srv = start(t, env)
			br.base, mx.base = srv.url, srv.url
			if ids := br.ok("GET", "/api/last-quote-ids", nil); str(ids, "on_ramp_quote_id") != str(onb, "id") {
				t.Fatalf("session lost across restart: %v", ids)
			}
			// The payouts asked for before the restart complete after it.
			br.ok("POST", "/api/trigger-mock-webhook", map[string]string{"transaction_id": txBR, "event": "offramp_completed"})
			mx.ok("POST", "/api/trigger-mock-webhook", map[string]string{"transaction_id": txMX, "event": "offramp_completed"})
			waitState(t, br, txBR, "completed")
			waitState(t, mx, txMX, "completed")
			// A retry of the first payment after the restart is still the same payment.
			again := br.ok("POST", "/api/create-pix-payment", fmt.Sprintf(`{"amount_brl":%s,"customer_id":%q,"wallet_address":%q,"quote_id":%q,"sender_name":"Maria Silva","sender_document":%q}`,
				num(qb, "total_local_amount"), str(cb, "customer_id"), str(cb, "wallet_address"), str(onb, "id"), apptest.CPF), "Idempotency-Key", "br-1")
			if str(again, "transaction_id") != txBR {
				t.Fatalf("retry after restart made a new payment: %v", again)
			}
			srv.stop(t)

			var out bytes.Buffer
			if err := app.Run(context.Background(), []string{"ledger", "check"}, func(k string) string { return env[k] }, &out, io.Discard); err != nil {
				t.Fatalf("ledger check: %v\n%s", err, out.String())
			}
			if !strings.Contains(out.String(), "ledger check: OK") {
				t.Fatalf("ledger check said %q", out.String())
			}
			if e == store.SQLite {
				sandboxKeepsItsOwnFile(t, env["CREBIT_DATA_DIR"])
			}
		})
	}
}

// stagedCustomer goes through BlindPay's first steps as a browser does:
// the partner's terms (Crebit opens the acceptance, the browser posts the
// partner's page, the partner's webhook confirms it), the customer, and
// the wallet once the partner approved the payer. It returns the
// create-customer answer with the wallet's id and address added.
func (c *client) stagedCustomer(customer map[string]any) map[string]any {
	c.t.Helper()
	start := c.ok("POST", "/api/partner-terms", map[string]string{"return_path": "/pay"})
	page, err := url.Parse(str(start, "url"))
	if err != nil || page.Query().Get("session_token") == "" {
		c.t.Fatalf("partner terms: no page in %v", start)
	}
	noFollow := *c.http
	noFollow.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	res, err := noFollow.PostForm(str(start, "url"), url.Values{"session_token": {page.Query().Get("session_token")}})
	if err != nil {
		c.t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		c.t.Fatalf("accepting the partner's terms: %d", res.StatusCode)
	}
	deadline := time.Now().Add(apptest.Patience)
	for _, terms := c.call("GET", "/api/partner-terms", nil); terms["accepted"] != true; _, terms = c.call("GET", "/api/partner-terms", nil) {
		if time.Now().After(deadline) {
			c.t.Fatalf("the partner never confirmed the terms: %v", terms)
		}
		time.Sleep(50 * time.Millisecond)
	}
	cust := c.ok("POST", "/api/create-customer", customer)
	for {
		status, w := c.call("POST", "/api/create-wallet", map[string]string{"customer_id": str(cust, "customer_id")})
		if status == http.StatusOK {
			cust["wallet_id"], cust["wallet_address"] = w["wallet_id"], w["wallet_address"]
			return cust
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("the partner never approved the payer: %d %v", status, w)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func waitState(t *testing.T, c *client, txn, want string) {
	t.Helper()
	deadline := time.Now().Add(apptest.Patience)
	for state(c, txn) != want {
		if time.Now().After(deadline) {
			t.Fatalf("%s never reached %s (is %s)", txn, want, state(c, txn))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestSetupWebhookIsAnOperatorCommand: with the embedded sandbox the
// server registers its own endpoint when it starts, and the command says
// there is nothing to set up; with CREBIT_PARTNER=blindpay it registers
// this server's receiver at BlindPay (here a BlindPay double over real
// HTTP) and prints the signing secret BlindPay made, for the operator to
// keep as CREBIT_WEBHOOK_SECRET. A refused API key is an error that does
// not print a secret.
func TestSetupWebhookIsAnOperatorCommand(t *testing.T) {
	t.Parallel()
	run := func(env map[string]string) (string, error) {
		var out bytes.Buffer
		err := app.Run(context.Background(), []string{"setup-webhook"}, func(k string) string { return env[k] }, &out, io.Discard)
		return out.String(), err
	}
	if out, err := run(map[string]string{"CREBIT_DATA_DIR": t.TempDir()}); err != nil || !strings.Contains(out, "nothing to set up") {
		t.Fatalf("setup-webhook with the embedded sandbox: %v\n%s", err, out)
	}

	const key, instance = "sk_test_setup_key", "in_setupwebhook"
	_, srv, _ := bpsandboxtest.Start(t, storetest.Open(t, store.SQLite), bpsandboxtest.Options{InstanceID: instance, APIKey: key})
	base := "http://127.0.0.1:8443"
	env := map[string]string{"CREBIT_PARTNER": "blindpay", "CREBIT_PARTNER_URL": srv.URL + "/bpsandbox", "CREBIT_PARTNER_API_KEY": key,
		"CREBIT_BLINDPAY_INSTANCE_ID": instance, "CREBIT_BASE_URL": base, "CREBIT_DATA_DIR": t.TempDir()}
	out, err := run(env)
	if err != nil {
		t.Fatalf("setup-webhook: %v\n%s", err, out)
	}
	secret := regexp.MustCompile(`whsec_[A-Za-z0-9+/=]+`).FindString(out)
	if !strings.Contains(out, "registered for "+base+"/api/webhook/payout-events") || secret == "" {
		t.Fatalf("output: %s", out)
	}
	// The secret printed is the endpoint's at BlindPay; a second run finds
	// the endpoint and prints the same one.
	if again, err := run(env); err != nil || !strings.Contains(again, secret) {
		t.Fatalf("setup-webhook again: %v\n%s", err, again)
	}
	// With a wrong API key the partner refuses, and the command says so.
	env["CREBIT_PARTNER_API_KEY"] = "sk_wrong"
	if out, err := run(env); err == nil || strings.Contains(out, secret) {
		t.Fatalf("a refused registration: %v\n%s", err, out)
	}
}

func TestMetricsListenOnTheirOwnAddress(t *testing.T) {
	t.Parallel()
	r := start(t, map[string]string{"CREBIT_DATA_DIR": t.TempDir(), "CREBIT_METRICS_ADDR": "127.0.0.1:0"})
	m := regexp.MustCompile(`metrics on (http://[0-9.:]+/metrics)`).FindStringSubmatch(r.stdout.String())
	if m == nil {
		t.Fatalf("no metrics line in %q", r.stdout.String())
	}
	http.Get(r.url + "/api/config")
	res, err := http.Get(m[1])
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(b), `crebit_http_requests_total{code="200",method="GET",route="GET /api/config"} 1`) {
		t.Fatalf("metrics do not count the request:\n%.2000s", b)
	}
	// SQLite's connection pools, and how long transactions waited for the
	// one writer of each database.
	for _, want := range []string{`go_sql_wait_duration_seconds_total{db_name="writer"}`, `go_sql_wait_duration_seconds_total{db_name="readers"}`,
		`go_sql_wait_duration_seconds_total{db_name="sandbox-writer"}`, `crebit_sqlite_write_wait_seconds_total{db="crebit"}`,
		`crebit_sqlite_write_wait_seconds_total{db="sandbox"}`} {
		if !strings.Contains(string(b), want) {
			t.Fatalf("no %s:\n%.3000s", want, b)
		}
	}
	if regexp.MustCompile(`crebit_sqlite_write_transactions_total\{db="crebit"\} 0\n`).Match(b) {
		t.Fatal("no write transaction counted, though the server imported its scholarship catalog at start")
	}
	// Not on the public site.
	if res, err := http.Get(r.url + "/metrics"); err == nil {
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if strings.Contains(string(b), "crebit_http_requests_total") {
			t.Fatal("/metrics is served on the public address")
		}
	}
}

// sandboxKeepsItsOwnFile checks that on SQLite the sandbox partner's data
// (here the two pay-ins) is in its own private file beside Crebit's, not
// in Crebit's database.
func sandboxKeepsItsOwnFile(t *testing.T, dir string) {
	t.Helper()
	path := filepath.Join(dir, "crebit.sandbox.db")
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("%s has mode %v, want 0600", path, fi.Mode().Perm())
	}
	ctx := context.Background()
	db, err := store.Open(ctx, store.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sdb, err := db.Beside(ctx, "sandbox")
	if err != nil {
		t.Fatal(err)
	}
	defer sdb.Close()
	payins := func(db *store.DB) (n int) {
		if err := db.Read(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT COUNT(*) FROM bpsandbox_payins`).Scan(&n)
		}); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if in, beside := payins(db), payins(sdb); in != 0 || beside != 2 {
		t.Fatalf("sandbox pay-ins: %d in crebit.db, %d in crebit.sandbox.db; want 0 and 2", in, beside)
	}
}

// TestSandboxOnAPublicAddressNeedsConsentAndSaysSo: with the sandbox
// partner, a base URL that is not loopback (http as much as https) stops
// start-up without CREBIT_ALLOW_SANDBOX=1, and with it the server says at
// start-up what is exposed.
func TestSandboxOnAPublicAddressNeedsConsentAndSaysSo(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	err := app.Run(context.Background(), []string{"serve", "--addr", "127.0.0.1:0"}, func(k string) string {
		return map[string]string{"CREBIT_DATA_DIR": dir, "CREBIT_BASE_URL": "http://crebit.example"}[k]
	}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "CREBIT_ALLOW_SANDBOX=1") {
		t.Fatalf("an http public base URL with the sandbox started: %v", err)
	}
	r := start(t, map[string]string{"CREBIT_DATA_DIR": dir, "CREBIT_BASE_URL": "http://crebit.example", "CREBIT_ALLOW_SANDBOX": "1"})
	if logs := r.stderr.String(); !strings.Contains(logs, "level=WARN") || !strings.Contains(logs, "answer only clients on loopback") {
		t.Fatalf("no WARN line at start-up:\n%s", logs)
	}
}

// TestOperatorCommandMakesTheFirstAdmin: `crebit operator add` is how the
// first admin gets in (the account signs up first); the change is audited
// as the command line's, and `remove` ends it.
func TestOperatorCommandMakesTheFirstAdmin(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	env := map[string]string{"CREBIT_DATA_DIR": dir}
	r := start(t, env)
	c := &client{t: t, base: r.url, http: &http.Client{}}
	c.ok("POST", "/api/signup", map[string]string{"email": "first.admin@example.com", "password": "correct horse battery staple 42"})
	r.stop(t)

	cli := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := app.Run(context.Background(), args, func(k string) string { return env[k] }, &out, io.Discard)
		return out.String(), err
	}
	if _, err := cli("operator", "add", "nobody@example.com", "--role", "admin"); err == nil || !strings.Contains(err.Error(), "signs up first") {
		t.Fatalf("an unknown address became an operator: %v", err)
	}
	if _, err := cli("operator", "add", "first.admin@example.com", "--role", "boss"); err == nil {
		t.Fatal("an unknown role was accepted")
	}
	if out, err := cli("operator", "add", "First.Admin@example.com", "--role", "admin", "--reason", "founding admin"); err != nil || !strings.Contains(out, "is now an operator (admin)") {
		t.Fatalf("operator add: %v %s", err, out)
	}
	if out, err := cli("operator", "list"); err != nil || !strings.Contains(out, "first.admin@example.com\tadmin") {
		t.Fatalf("operator list: %v %s", err, out)
	}
	if _, err := cli("operator", "remove", "first.admin@example.com"); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(context.Background(), store.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.Read(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT COUNT(*) FROM audit_log WHERE actor = 'cli' AND actor_email = 'cli'`).Scan(&n)
	}); err != nil || n != 2 {
		t.Fatalf("%d command-line entries in the audit log (%v), want 2 (add, remove)", n, err)
	}
}
