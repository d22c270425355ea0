// Command loadtest measures how many quotes a crebit binary locks per second
// on this machine, next to a ceiling: a bare net/http handler answering a
// JSON body of the same size, served by this process on another port.
//
//	go run ./cmd/loadtest -bin ./bin/crebit [-duration 10s] [-concurrency 32]
//	    [-postgres postgres://postgres@127.0.0.1:5432/postgres] [-out docs/PERFORMANCE.md]
//
// It starts the binary on a free loopback port with a temporary data
// directory (SQLite and the embedded BlindPay sandbox; with -postgres, a second run on
// a database it creates and drops), waits for /healthz, and drives
// POST /api/create-quote with a closed loop of workers. Each worker is one
// browser with its own cookie jar, so its session is created once and then
// reused. Traffic goes to 127.0.0.1 only, and every run stops by itself.
// The results are printed and written between the load markers of -out.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/crebit/crebit/internal/runbin"
)

const quoteBody = `{"symbol":"USDC/BRL","amount_usd":100}`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

type options struct {
	bin         string
	duration    time.Duration
	warmup      time.Duration
	concurrency int
	postgres    string
	out         string
	env         []string
	mode        string        // quote (default) or lifecycle
	instances   int           // lifecycle: instances sharing the database
	advance     time.Duration // lifecycle: the sandbox's auto-advance delay (0: every stage triggered)
	families    int           // lifecycle: a new family (address, session, onboarding) every this many payments, limits on (0: one per payer, limits off)
	memEvery    time.Duration // lifecycle: how often the instances' memory is sampled (0: at idle, set-up and the end only)
	countStmts  bool          // lifecycle, PostgreSQL: count statements and transactions per lifecycle (pgcount.go)
	keepProfile string        // lifecycle: where to write the instances' CPU profiles too ("" not at all)
	rate        float64       // lifecycle: lifecycles started per second at most, all payers together (0: each payer starts the next at once)
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	var o options
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.StringVar(&o.bin, "bin", "", "crebit binary to start (required)")
	fs.DurationVar(&o.duration, "duration", 10*time.Second, "measured time per target")
	fs.DurationVar(&o.warmup, "warmup", 2*time.Second, "unmeasured time per target before it (creates the sessions)")
	fs.IntVar(&o.concurrency, "concurrency", 32, "concurrent workers (browsers; payers in lifecycle mode)")
	fs.StringVar(&o.mode, "mode", "quote", "quote: POST /api/create-quote against a bare ceiling; rates: GET /api/rates against a bare ceiling (rates.go); lifecycle: payments from creation to completed (see lifecycle.go)")
	fs.IntVar(&o.instances, "instances", 1, "lifecycle: instances sharing one PostgreSQL database")
	fs.DurationVar(&o.advance, "auto-advance", 0, "lifecycle: let the sandbox take the stages after the pay-in itself, this long apart (reports how late they come)")
	fs.IntVar(&o.families, "families", 0, "lifecycle: every payer is a family with its own client address (X-Forwarded-For through CREBIT_TRUSTED_PROXIES=127.0.0.1/32) and browser session, and becomes a new family (onboarded again) after this many payments, with every rate limit on (at most 20: a session's payment limit); 0: one family per payer and the per-IP limits off")
	fs.DurationVar(&o.memEvery, "mem-every", 10*time.Second, "lifecycle: sample the instances' memory (RSS, live heap, goroutines) this often")
	fs.BoolVar(&o.countStmts, "count-statements", false, "lifecycle with -postgres: reach PostgreSQL through a counting proxy and report statements, transactions and CPU (Crebit's and PostgreSQL's backends') per lifecycle")
	fs.StringVar(&o.postgres, "postgres", "", "PostgreSQL URL: also run on a fresh database created and dropped there")
	fs.StringVar(&o.keepProfile, "keep-profile", "", "lifecycle: also write each instance's CPU profile, taken while measured, to PATH-N.pb.gz (for go tool pprof)")
	fs.Float64Var(&o.rate, "rate", 0, "lifecycle: start at most this many lifecycles a second, all payers together, evenly spaced (an open loop: a payer waits for its turn; 0: each payer starts its next lifecycle at once, a closed loop that saturates the machine)")
	fs.StringVar(&o.out, "out", "docs/PERFORMANCE.md", "Markdown file whose load section is rewritten (empty: print only)")
	fs.Func("env", "KEY=VALUE passed to the binary (repeatable), e.g. CREBIT_LOG_LEVEL=warn", func(kv string) error {
		if k, _, ok := strings.Cut(kv, "="); !ok || !strings.HasPrefix(k, "CREBIT_") {
			return errors.New("want CREBIT_NAME=VALUE")
		}
		o.env = append(o.env, kv)
		return nil
	})
	if err := fs.Parse(args); err != nil {
		return err
	}
	if o.bin == "" || o.duration <= 0 || o.warmup < 0 || o.concurrency < 1 || o.duration > time.Hour {
		return errors.New("usage: loadtest -bin PATH [-duration 10s] [-warmup 2s] [-concurrency 32] [-postgres URL] [-env CREBIT_X=Y] [-out FILE]")
	}
	bin, err := filepath.Abs(o.bin)
	if err != nil {
		return err
	}
	if o.mode == "lifecycle" {
		if o.instances < 1 || o.instances > 4 {
			return errors.New("-instances must be 1 to 4")
		}
		if o.rate < 0 || o.rate > 1000 {
			return errors.New("-rate must be 0 to 1000 lifecycles a second")
		}
		if o.families < 0 || o.families > 20 {
			return errors.New("-families must be 0 to 20 (a browser session may make 20 payments an hour)")
		}
		r, err := runLifecycle(ctx, stdout, o, bin)
		if err != nil {
			return err
		}
		fmt.Fprint(stdout, "\n"+renderLifecycle([]lifecycleResult{r}))
		if r.mem != nil {
			fmt.Fprint(stdout, r.mem.render())
		}
		if r.errors > 0 {
			fmt.Fprintf(stdout, "%d errors; first: %s\n", r.errors, r.firstErr)
		}
		if !r.after.ok() {
			return errors.New("an invariant broke (see above)")
		}
		return nil
	} else if o.mode == "rates" {
		return runRates(ctx, stdout, o, bin)
	} else if o.mode != "quote" {
		return fmt.Errorf("unknown -mode %q", o.mode)
	}

	loadBefore := loadAverage()
	var results []result
	for _, engine := range []string{"SQLite", "PostgreSQL"} {
		if engine == "PostgreSQL" && o.postgres == "" {
			continue
		}
		fmt.Fprintf(stdout, "crebit on %s: starting %s\n", engine, o.bin)
		r, err := loadCrebit(ctx, stdout, o, bin, engine)
		if err != nil {
			return fmt.Errorf("crebit on %s: %w", engine, err)
		}
		results = append(results, r)
	}
	fmt.Fprintln(stdout, "ceiling: bare net/http JSON handler")
	ceiling, err := loadCeiling(ctx, o)
	if err != nil {
		return fmt.Errorf("ceiling: %w", err)
	}
	results = append(results, ceiling)

	table := renderTable(results, ceiling)
	fmt.Fprint(stdout, "\n"+table)
	if o.out == "" {
		return nil
	}
	if err := runbin.WriteSection(o.out, "<!-- load:start -->", "<!-- load:end -->", renderSection(o, table, loadBefore, loadAverage())); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nwrote the load section of %s\n", o.out)
	return nil
}

// loadCrebit starts the binary on engine, loads it, and stops it.
func loadCrebit(ctx context.Context, stdout io.Writer, o options, bin, engine string) (result, error) {
	return loadCrebitAt(ctx, stdout, o, bin, engine, "/api/create-quote", post)
}

// loadCrebitAt is loadCrebit sending each request to path with send.
func loadCrebitAt(ctx context.Context, stdout io.Writer, o options, bin, engine, path string, send func(context.Context, *http.Client, string) error) (result, error) {
	dir, err := os.MkdirTemp("", "crebit-loadtest-")
	if err != nil {
		return result{}, err
	}
	defer os.RemoveAll(dir)
	port, err := runbin.FreePort()
	if err != nil {
		return result{}, err
	}
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	// The per-IP limits (120 quotes an hour) would answer nearly every
	// request of one load-generating address with 429: they are turned off
	// (CREBIT_RATE_LIMIT_SCALE=0, for load tests only), as cmd/chaos does.
	// -env settings come next; the address, data directory and database below win.
	env := append([]string{"CREBIT_RATE_LIMIT_SCALE=0"}, o.env...)
	env = append(env, "CREBIT_ADDR=127.0.0.1:"+fmt.Sprint(port), "CREBIT_DATA_DIR="+dir, "CREBIT_PARTNER=blindpay-sandbox")
	if engine == "PostgreSQL" {
		dbURL, drop, err := runbin.CreateDatabase(ctx, o.postgres, "crebit_load_")
		if err != nil {
			return result{}, err
		}
		defer drop()
		env = append(env, "CREBIT_DATABASE_URL="+dbURL)
	}
	logPath := filepath.Join(dir, "crebit.log")
	stop, exited, err := runbin.StartServer(bin, env, logPath)
	if err != nil {
		return result{}, err
	}
	defer stop()
	if err := runbin.WaitHealthy(ctx, base, 60*time.Second, exited); err != nil {
		return result{}, fmt.Errorf("%w (log: %s)", err, tail(logPath))
	}
	r, err := loadWith(ctx, o, base+path, send)
	r.name = "crebit, " + engine
	if err == nil && r.errors > 0 {
		fmt.Fprintf(stdout, "  %d errors; first: %s\n  end of the server log:\n%s\n", r.errors, r.firstErr, tail(logPath))
	}
	return r, err
}

// loadCeiling serves a bare JSON handler in this process and loads it.
func loadCeiling(ctx context.Context, o options) (result, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return result{}, err
	}
	srv := &http.Server{Handler: http.HandlerFunc(ceilingHandler), ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	defer srv.Close()
	r, err := load(ctx, o, "http://"+ln.Addr().String()+"/api/create-quote")
	r.name = "ceiling: bare net/http JSON handler"
	return r, err
}

// ceilingHandler decodes the quote request and encodes a fixed answer of
// the same shape and size as crebit's (about 360 bytes): the least an HTTP
// JSON endpoint can do.
func ceilingHandler(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Symbol    string      `json:"symbol"`
		AmountUSD json.Number `json:"amount_usd"`
	}
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&req); err != nil {
		http.Error(w, `{"error":"bad request"}`, http.StatusBadRequest)
		return
	}
	type ramp struct {
		ID        string      `json:"id"`
		Quotation json.Number `json:"quotation"`
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(struct {
		Symbol            string      `json:"symbol"`
		AmountUSD         json.Number `json:"amount_usd"`
		TotalLocalAmount  json.Number `json:"total_local_amount"`
		LocalCurrency     string      `json:"local_currency"`
		TotalFeesUSD      json.Number `json:"total_fees_usd"`
		EffectiveRate     json.Number `json:"effective_rate"`
		OnRamp            ramp        `json:"on_ramp"`
		OffRamp           ramp        `json:"off_ramp"`
		ExpiresAt         time.Time   `json:"expires_at"`
		ExpiresAtReadable string      `json:"expires_at_readable"`
	}{req.Symbol, req.AmountUSD, "542.23", "BRL", "0.50", "5.4223",
		ramp{"qt_xvf6jsmndodr72dvepau5g5t7y", "5.39"}, ramp{"qt_3q2iryx6c2d2smtxiv6tp2kksm", "0.999"},
		time.Date(2026, 11, 22, 4, 24, 47, 110e6, time.UTC), "Nov 22, 2026 04:24:47 UTC"})
}

// result is one target's measured phase.
type result struct {
	name     string
	requests int
	errors   int
	firstErr string
	elapsed  time.Duration
	p50, p99 time.Duration
}

func (r result) rps() float64 { return float64(r.requests) / r.elapsed.Seconds() }

// load runs a warm-up and then a measured closed loop against target: each
// worker sends its next request as soon as the previous one is answered.
// An error is a transport failure or any status but 200.
func load(ctx context.Context, o options, target string) (result, error) {
	return loadWith(ctx, o, target, post)
}

// loadWith is load with each request sent by send.
func loadWith(ctx context.Context, o options, target string, send func(context.Context, *http.Client, string) error) (result, error) {
	tr := &http.Transport{MaxIdleConnsPerHost: o.concurrency, MaxIdleConns: o.concurrency}
	defer tr.CloseIdleConnections()
	clients := make([]*http.Client, o.concurrency)
	for i := range clients {
		jar, _ := cookiejar.New(nil)
		clients[i] = &http.Client{Transport: tr, Jar: jar, Timeout: 30 * time.Second}
	}
	if o.warmup > 0 {
		phase(ctx, clients, target, o.warmup, send)
	}
	if err := ctx.Err(); err != nil {
		return result{}, err
	}
	r := phase(ctx, clients, target, o.duration, send)
	return r, ctx.Err()
}

// phase runs every client in a loop for d and summarises what it measured.
func phase(ctx context.Context, clients []*http.Client, target string, d time.Duration, send func(context.Context, *http.Client, string) error) result {
	type worker struct {
		lats     []time.Duration
		errors   int
		firstErr string
	}
	ws := make([]worker, len(clients))
	start := time.Now()
	deadline := start.Add(d)
	var wg sync.WaitGroup
	for i, c := range clients {
		wg.Go(func() {
			w := &ws[i]
			for time.Now().Before(deadline) && ctx.Err() == nil {
				t0 := time.Now()
				err := send(ctx, c, target)
				w.lats = append(w.lats, time.Since(t0))
				if err != nil {
					if w.errors++; w.firstErr == "" {
						w.firstErr = err.Error()
					}
				}
			}
		})
	}
	wg.Wait()
	r := result{elapsed: time.Since(start)}
	var all []time.Duration
	for _, w := range ws {
		all = append(all, w.lats...)
		r.errors += w.errors
		if r.firstErr == "" {
			r.firstErr = w.firstErr
		}
	}
	slices.Sort(all)
	r.requests = len(all)
	if len(all) > 0 {
		r.p50, r.p99 = all[len(all)*50/100], all[min(len(all)-1, len(all)*99/100)]
	}
	return r
}

func post(ctx context.Context, c *http.Client, target string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader([]byte(quoteBody)))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d: %.200s", resp.StatusCode, body)
	}
	return nil
}

func renderTable(results []result, ceiling result) string {
	var b strings.Builder
	b.WriteString("| target | requests | req/s | p50 | p99 | errors | req/s vs ceiling |\n")
	b.WriteString("|---|--:|--:|--:|--:|--:|--:|\n")
	for _, r := range results {
		fmt.Fprintf(&b, "| %s | %d | %.0f | %s | %s | %d | %.1f%% |\n", r.name, r.requests, r.rps(),
			ms(r.p50), ms(r.p99), r.errors, 100*r.rps()/ceiling.rps())
	}
	return b.String()
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)) }

func renderSection(o options, table, loadBefore, loadAfter string) string {
	cmd := fmt.Sprintf("go run ./cmd/loadtest -bin %s -duration %s -concurrency %d", o.bin, o.duration, o.concurrency)
	if o.warmup != 2*time.Second {
		cmd += " -warmup " + o.warmup.String()
	}
	for _, kv := range o.env {
		cmd += " -env " + kv
	}
	if o.postgres != "" {
		cmd += " -postgres '" + redact(o.postgres) + "'"
	}
	session := fmt.Sprintf("created during the %s warm-up", o.warmup)
	if o.warmup == 0 {
		session = "created by its first request"
	}
	var b strings.Builder
	b.WriteString("\n## HTTP load: POST /api/create-quote\n\n")
	fmt.Fprintf(&b, "Written by cmd/loadtest on %s: %s/%s, %d CPUs (%s), %s. ",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), cpuModel(), runtime.Version())
	fmt.Fprintf(&b, "Load average (1, 5, 15 min) before the run: %s; after it: %s. ", loadBefore, loadAfter)
	b.WriteString("Anything else running on the machine raises these and lowers every figure, the ceiling's included.\n\n")
	fmt.Fprintf(&b, "    %s\n\n", cmd)
	fmt.Fprintf(&b, "A closed loop of %d workers, each a browser with its own cookie jar (its session is %s, then reused), "+
		"sends `POST /api/create-quote %s` for %s per target. ", o.concurrency, session, quoteBody, o.duration)
	b.WriteString("Every quote asks the partner, the embedded BlindPay sandbox, for its pay-in and payout FX rates " +
		"through the BlindPay adapter (HTTP requests handed to the sandbox in process) and writes to the database. " +
		"The ceiling is a bare net/http handler in the load tool's own process that decodes the same request and encodes " +
		"a JSON answer of the same size. The load tool, the server, the sandbox and PostgreSQL share the same cores, " +
		"so the figures compare the server with the ceiling on this machine; they are not a capacity plan. " +
		"The server runs with `CREBIT_RATE_LIMIT_SCALE=0`: one address sending this many quotes would otherwise be answered 429 by the per-IP limits. " +
		"An error is a transport failure or any status but 200.\n\n")
	b.WriteString(table)
	return b.String()
}

// redact drops a password from a database URL before it is published.
func redact(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "URL"
	}
	return u.Redacted()
}

// loadAverage is the machine's 1, 5 and 15 minute load average.
func loadAverage() string {
	b, _ := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}

func cpuModel() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}

// tail returns the end of a log file, for error messages.
func tail(path string) string {
	b, _ := os.ReadFile(path)
	if len(b) > 1500 {
		b = b[len(b)-1500:]
	}
	return strings.TrimSpace(string(b))
}
