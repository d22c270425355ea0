package main

// The lifecycle mode measures a tuition-deadline rush (issue 17): payers
// each take Pix payments from creation to completed through the public API
// and the sandbox trigger (auto-advance off), in a closed loop. The partner
// is the embedded BlindPay sandbox (CREBIT_PARTNER=blindpay-sandbox): each
// payer first accepts its terms and waits for its approval and wallet
// (cmd/internal/bpflow); a lifecycle is payin_completed (the deposit
// arrives and converts), Crebit asking the partner for the payout, and
// offramp_completed (the payout is held, sent and completed), with the
// sandbox delivering its signed webhooks to the instance running its
// delivery job.
//
//	go run ./cmd/loadtest -mode lifecycle -bin bin/crebit -concurrency 64 -duration 20s
//	    [-postgres URL [-instances 2]] [-rate 12]
//
// It reports lifecycles per second, creation → completed p50/p95/p99, the
// share of the machine's CPU that was busy and every error; then, once each
// payer has finished the lifecycle it was in, how long jobs waited in the
// queues, how far e-mail sending fell behind, and the invariants (nothing
// lost, stuck or made twice; `crebit ledger check`), failing if one breaks. Traffic goes to
// 127.0.0.1 only; every run stops by itself.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/crebit/crebit/cmd/internal/bpflow"
	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/runbin"
)

// lifecycleResult is one measured lifecycle run.
type lifecycleResult struct {
	name      string
	payers    int
	completed int
	errors    int
	firstErr  string
	elapsed   time.Duration
	p50, p95  time.Duration
	p99       time.Duration
	after     aftermath // queue waits, e-mails and invariants, read once the payers stopped
	cpuBusy   float64   // share of all CPUs busy during the run, 0..1
	// The CPU the instances and this load driver (which shares the
	// machine) used while measured, in cores.
	serverCores, driverCores float64
	// sandboxShare is the share of the instances' profiled CPU that was the
	// embedded sandbox's (part=sandbox).
	sandboxShare float64
	unfinished   int // lifecycles started but not completed when the run ended
	mem          *memRecorder
	// With -families: families onboarded while measured (terms, customer,
	// approval, wallet, bank account; not in the lifecycle times), and how
	// long each took.
	onboarded []time.Duration
	// With -count-statements: per lifecycle made after the set-up.
	perLifecycle *costs
}

// costs are what the lifecycles made after the set-up cost, each: statements
// sent to PostgreSQL (every Execute and simple Query), BEGIN, COMMIT and
// ROLLBACK among them, and CPU of the instances and of their PostgreSQL
// backends.
type costs struct {
	lifecycles                             int
	statements, begins, commits, rollbacks float64
	crebitCPU, postgresCPU                 time.Duration
	// sandboxShare is the share of the instances' CPU profile samples,
	// while measured, that were the embedded sandbox's (part=sandbox).
	sandboxShare float64
	// pgByWhom is the backends' CPU split by who ran what used it (the
	// proxy's attribution, in ticks).
	pgByWhom map[string]int64
	top      []string // the most executed statements, per lifecycle
}

func (c costs) String() string {
	return c.summary() + strings.Join(c.top, "")
}

func (c costs) summary() string {
	return fmt.Sprintf("Per lifecycle (%d payments after the set-up, until 5 s after the payers stopped): %.1f statements to PostgreSQL "+
		"(%.1f BEGIN, %.1f COMMIT, %.1f ROLLBACK among them); CPU: Crebit %.1f ms (its own %.1f ms, the embedded sandbox %.1f ms: "+
		"%.0f%% of the profiled samples), PostgreSQL backends %.1f ms%s\n",
		c.lifecycles, c.statements, c.begins, c.commits, c.rollbacks,
		millis(c.crebitCPU), millis(c.crebitCPU)*(1-c.sandboxShare), millis(c.crebitCPU)*c.sandboxShare, 100*c.sandboxShare,
		millis(c.postgresCPU), c.pgSplit())
}

// pgSplit says how the backends' CPU divides by who ran what used it, as
// shares of the CPU the proxy could attribute applied to the measured
// total.
func (c costs) pgSplit() string {
	var all int64
	for _, n := range c.pgByWhom {
		all += n
	}
	if all == 0 {
		return ""
	}
	var parts []string
	for _, who := range []string{"Crebit", "the embedded sandbox", "River"} {
		share := float64(c.pgByWhom[who]) / float64(all)
		parts = append(parts, fmt.Sprintf("%s %.1f ms", who, millis(c.postgresCPU)*share))
	}
	return " (" + strings.Join(parts, ", ") + fmt.Sprintf(": by who ran what used it, over the %.0f%% of it the proxy could attribute)",
		100*float64(all)/(float64(c.postgresCPU)*float64(c.lifecycles)/float64(10*time.Millisecond)))
}

func millis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func (r lifecycleResult) perSecond() float64 { return float64(r.completed) / r.elapsed.Seconds() }

// runLifecycle starts the instances, runs the payers, and stops everything.
func runLifecycle(ctx context.Context, stdout io.Writer, o options, bin string) (lifecycleResult, error) {
	engine := "SQLite"
	if o.postgres != "" {
		engine = "PostgreSQL"
	}
	r := lifecycleResult{name: fmt.Sprintf("%d instance(s), %s", o.instances, engine), payers: o.concurrency}
	if o.rate > 0 {
		r.name += fmt.Sprintf(", at most %g started/s", o.rate)
	}
	if o.advance > 0 {
		r.name += fmt.Sprintf(", auto-advance %s (times: beyond the 3 × %s)", o.advance, o.advance)
	}
	if o.instances > 1 && o.postgres == "" {
		return r, errors.New("-instances above 1 needs -postgres (instances share one database)")
	}
	dir, err := os.MkdirTemp("", "crebit-lifecycle-")
	if err != nil {
		return r, err
	}
	defer os.RemoveAll(dir)
	// Each payer claims its own client address (X-Forwarded-For from a
	// trusted loopback proxy), as a rush's payers come from many: the live
	// status streams are capped at 20 per address. With -families every
	// rate limit is on (their database writes are part of the figure) and
	// only 127.0.0.1 is a trusted proxy.
	env := []string{"CREBIT_RATE_LIMIT_SCALE=0", "CREBIT_TRUSTED_PROXIES=127.0.0.0/8"}
	if o.families > 0 {
		env = []string{"CREBIT_TRUSTED_PROXIES=127.0.0.1/32"}
		r.name += fmt.Sprintf(", limits on, a new family every %d payments", o.families)
	}
	env = append(append(env, "CREBIT_SANDBOX_AUTO_ADVANCE="+o.advance.String(), "CREBIT_LOG_LEVEL=warn"), o.env...)
	env = append(env, runbin.SharedSecrets()...)
	env = append(env, "CREBIT_DATA_DIR="+dir, "CREBIT_PARTNER=blindpay-sandbox")
	dbURL := ""
	if o.postgres != "" {
		var drop func()
		dbURL, drop, err = runbin.CreateDatabase(ctx, o.postgres, "crebit_rush_")
		if err != nil {
			return r, err
		}
		defer drop()
		env = append(env, "CREBIT_DATABASE_URL="+dbURL)
	}
	var proxy *pgProxy
	serverEnv := env // the instances' (through the counting proxy with -count-statements)
	if o.countStmts && dbURL != "" {
		var proxied string
		if proxy, proxied, err = startPGProxy(dbURL); err != nil {
			return r, err
		}
		defer proxy.close()
		serverEnv = append(slices.Clone(env), "CREBIT_DATABASE_URL="+proxied)
	}
	var bases []string
	var mems []memTarget
	// Every instance has a metrics listener (memory and profiles); an
	// address given with -env is the first instance's.
	userMetrics := ""
	for _, kv := range o.env {
		if v, ok := strings.CutPrefix(kv, "CREBIT_METRICS_ADDR="); ok {
			userMetrics = v
		}
	}
	for i := range o.instances {
		metrics := ""
		if i == 0 {
			metrics = userMetrics
		}
		base, metrics, pid, stop, err := startInstance(ctx, bin, serverEnv, filepath.Join(dir, fmt.Sprintf("crebit-%d.log", i)), metrics, stdout)
		if err != nil {
			return r, err
		}
		defer stop()
		bases = append(bases, base)
		mems = append(mems, memTarget{pid: pid, metrics: "http://" + metrics})
		fmt.Fprintf(stdout, "instance %d: pid %d, metrics and profiles on http://%s/debug/pprof/\n", i, pid, metrics)
	}
	fmt.Fprintf(stdout, "lifecycles: %s, %d payers, %s measured after %s warm-up\n", r.name, o.concurrency, o.duration, o.warmup)
	// Idle: started, healthy and left alone for a few seconds.
	r.mem = newMemRecorder(mems, stdout)
	select {
	case <-time.After(3 * time.Second):
	case <-ctx.Done():
		return r, ctx.Err()
	}
	r.mem.sample(ctx, "idle")

	tr := &http.Transport{MaxIdleConnsPerHost: o.concurrency * 2, MaxIdleConns: o.concurrency * 2}
	defer tr.CloseIdleConnections()
	payers := make([]*payer, o.concurrency)
	var families atomic.Int64 // families made so far (each its own address)
	// Set-up at once: each payer waits about a second for the partner's
	// approval.
	var setup errgroup.Group
	setup.SetLimit(16)
	for i := range payers {
		payers[i] = &payer{base: bases[i%len(bases)], tr: tr, n: i, advance: o.advance, families: o.families, count: &families}
		setup.Go(func() error {
			if err := payers[i].newFamily(ctx); err != nil {
				return fmt.Errorf("payer %d set-up: %w", i, err)
			}
			return nil
		})
	}
	if err := setup.Wait(); err != nil {
		return r, err
	}
	r.mem.sample(ctx, "set-up")
	// The cost window starts after the set-up.
	var stmts0 [4]int64
	var crebit0, pg0 int64
	var pgPIDs []int
	var texts0, txs0, whom0, pgWhom0, pgTx0 map[string]int64
	if proxy != nil {
		stmts0, pgPIDs = proxy.counts.snapshot(), runbin.Backends(ctx, dbURL)
		texts0, txs0, whom0 = proxy.counts.texts(), proxy.counts.txs(), proxy.counts.whom()
		pgWhom0, pgTx0 = proxy.counts.cpuWhom(), proxy.counts.cpuTx()
		crebit0 = instanceTicks(mems)
		pg0 = runbin.SumCPUTicks(pgPIDs)
	}
	var measuring, measured, stopping atomic.Bool // measured: the window has opened (then closed)
	memCtx, stopMem := context.WithCancel(ctx)
	defer stopMem()
	if o.memEvery > 0 {
		go r.mem.every(memCtx, o.memEvery, func() string {
			switch {
			case measuring.Load():
				return "measured"
			case measured.Load():
				return "after"
			}
			return "warm-up"
		})
	}
	// With -rate, a lifecycle starts only on a turn; turns come evenly spaced
	// and one that finds no payer waiting is lost (the rate reached is the
	// one reported).
	stopped := make(chan struct{})
	var turns chan struct{}
	if o.rate > 0 {
		turns = make(chan struct{})
		go func() {
			t := time.NewTicker(time.Duration(float64(time.Second) / o.rate))
			defer t.Stop()
			for {
				select {
				case <-t.C:
					select {
					case turns <- struct{}{}:
					default:
					}
				case <-stopped:
					return
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	var mu sync.Mutex
	var lats []time.Duration
	var txns []string // every payment a payer was answered with
	var wg sync.WaitGroup
	// At the end each payer finishes the lifecycle it is in (each step has
	// its own time limit), so every payment made must end completed.
	for _, p := range payers {
		wg.Go(func() {
			for !stopping.Load() && ctx.Err() == nil {
				if o.families > 0 && p.made >= o.families {
					t0 := time.Now()
					err := p.newFamily(ctx)
					mu.Lock()
					if measuring.Load() {
						if err != nil {
							if r.errors++; r.firstErr == "" {
								r.firstErr = "a new family's set-up: " + err.Error()
							}
						} else {
							r.onboarded = append(r.onboarded, time.Since(t0))
						}
					}
					mu.Unlock()
					if err != nil {
						continue
					}
				}
				if turns != nil {
					select {
					case <-turns:
					case <-stopped:
						return
					case <-ctx.Done():
						return
					}
				}
				p.made++
				txn, d, err := p.lifecycle(ctx)
				mu.Lock()
				if txn != "" {
					txns = append(txns, txn)
				}
				mu.Unlock()
				if ctx.Err() != nil || !measuring.Load() {
					continue
				}
				mu.Lock()
				if err != nil {
					if r.errors++; r.firstErr == "" {
						r.firstErr = err.Error()
					}
				} else {
					lats = append(lats, d)
				}
				mu.Unlock()
			}
		})
	}
	select {
	case <-time.After(o.warmup):
	case <-ctx.Done():
	}
	mu.Lock()
	measuring.Store(true)
	measured.Store(true)
	start, cpu0 := time.Now(), cpuTimes()
	server0, driver0 := instanceTicks(mems), selfTicks()
	mu.Unlock()
	// The instances' CPU is profiled while measured (its first 30 s at
	// most), to tell Crebit's own from the embedded sandbox's.
	shareDone := make(chan struct{})
	var share float64
	var shareErr error
	go func() {
		defer close(shareDone)
		share, shareErr = sandboxShare(ctx, mems, min(o.duration, 30*time.Second), o.keepProfile)
	}()
	select {
	case <-time.After(o.duration):
	case <-ctx.Done():
	}
	mu.Lock()
	measuring.Store(false)
	end := time.Now()
	r.elapsed, r.cpuBusy = end.Sub(start), busyShare(cpu0, cpuTimes())
	r.serverCores = ticksToCores(instanceTicks(mems)-server0, r.elapsed)
	r.driverCores = ticksToCores(selfTicks()-driver0, r.elapsed)
	done := slices.Clone(lats)
	mu.Unlock()
	stopping.Store(true)
	close(stopped)
	wg.Wait()
	stopMem()
	r.mem.sample(ctx, "after")
	<-shareDone
	if shareErr != nil {
		return r, fmt.Errorf("profiling the instances: %w", shareErr)
	}
	r.sandboxShare = share
	if proxy != nil {
		select {
		case <-time.After(5 * time.Second): // the last e-mails and jobs
		case <-ctx.Done():
		}
		s1 := proxy.counts.snapshot()
		crebit1 := instanceTicks(mems)
		seen := map[int]bool{}
		for _, p := range pgPIDs {
			seen[p] = true
		}
		for _, p := range runbin.Backends(ctx, dbURL) {
			if !seen[p] {
				pgPIDs = append(pgPIDs, p)
			}
		}
		pg1 := runbin.SumCPUTicks(pgPIDs)
		mu.Lock()
		n := len(txns) // every payment was made after the set-up
		mu.Unlock()
		if n > 0 {
			tick := 10 * time.Millisecond // USER_HZ 100
			r.perLifecycle = &costs{lifecycles: n,
				statements: float64(s1[0]-stmts0[0]) / float64(n), begins: float64(s1[1]-stmts0[1]) / float64(n),
				commits: float64(s1[2]-stmts0[2]) / float64(n), rollbacks: float64(s1[3]-stmts0[3]) / float64(n),
				crebitCPU: time.Duration(crebit1-crebit0) * tick / time.Duration(n), postgresCPU: time.Duration(pg1-pg0) * tick / time.Duration(n),
				sandboxShare: share, pgByWhom: map[string]int64{}}
			for who, n := range proxy.counts.cpuWhom() {
				r.perLifecycle.pgByWhom[who] = n - pgWhom0[who]
			}
			// top lists the largest of now-before per lifecycle, each count
			// worth scale (1, or 10 for ms of 10-ms ticks).
			top := func(title string, now, before map[string]int64, count, width int, scale float64) {
				type kv struct {
					text string
					n    int64
				}
				var top []kv
				for t, c := range now {
					top = append(top, kv{t, c - before[t]})
				}
				slices.SortFunc(top, func(a, b kv) int { return int(b.n - a.n) })
				r.perLifecycle.top = append(r.perLifecycle.top, title+"\n")
				for _, e := range top[:min(count, len(top))] {
					text := e.text
					if len(text) > width {
						text = text[:width] + "…"
					}
					r.perLifecycle.top = append(r.perLifecycle.top, fmt.Sprintf("  %6.2f  %s\n", scale*float64(e.n)/float64(n), text))
				}
			}
			top("Statements (BEGIN and COMMIT included) by who ran them, per lifecycle:", proxy.counts.whom(), whom0, 3, 40, 1)
			top("The most executed statements (normalized), per lifecycle:", proxy.counts.texts(), texts0, 40, 160, 1)
			top("The most made transactions (their statements, BEGIN and COMMIT left out) and statements alone, per lifecycle:", proxy.counts.txs(), txs0, 30, 600, 1)
			// /proc counts in 10 ms ticks: a share of the backends' CPU, not a
			// timing of each transaction (the split is statistical, as above).
			top("PostgreSQL's CPU by transaction (as above, the sandbox's and River's included), ms per lifecycle:", proxy.counts.cpuTx(), pgTx0, 30, 600, 10)
		}
	}
	r.completed = len(done)
	r.p50, r.p95, r.p99 = pct(done, 50), pct(done, 95), pct(done, 99)
	if ctx.Err() != nil {
		return r, ctx.Err()
	}
	fmt.Fprintf(stdout, "checking: queue waits, e-mails, invariants and the ledger\n")
	r.after, err = check(ctx, bin, env, dbURL, dir, txns, start, end)
	return r, err
}

// payer is one browser with a verified profile and a US bank account: a
// family; with -families it becomes a new family every so many payments.
type payer struct {
	base                                 string
	tr                                   *http.Transport
	c, stream                            *http.Client // stream has no overall timeout (the SSE stream is long-lived)
	n                                    int
	customerID, walletAddress, accountID string
	advance                              time.Duration // the sandbox takes the stages after the pay-in itself
	ip                                   string        // the client address it claims (X-Forwarded-For)
	// With -families: payments per family, the payments this family made,
	// the families made by every payer, this family's number, and the
	// loopback address its sandbox triggers claim (the simulated bank and
	// partner are loopback-only, and each family's have their own limits).
	families, made int
	count          *atomic.Int64
	family         int64
	bankIP         string
}

// newFamily gives the payer a new browser (cookie jar) and, with
// -families, a new client address, then onboards it.
func (p *payer) newFamily(ctx context.Context) error {
	jar, _ := cookiejar.New(nil)
	p.c = &http.Client{Transport: p.tr, Jar: jar, Timeout: 30 * time.Second}
	p.stream = &http.Client{Transport: p.tr, Jar: jar}
	p.family, p.made = p.count.Add(1)-1, 0
	if p.families == 0 {
		p.ip = fmt.Sprintf("198.51.%d.%d", 100+p.n/250, 1+p.n%250)
	} else {
		// 10.0.0.1, 10.0.0.2, … and 127.1.0.1, … (never 127.0.0.1, the trusted proxy)
		f := p.family
		p.ip = fmt.Sprintf("10.%d.%d.%d", f/64000%256, f/250%256, 1+f%250)
		p.bankIP = fmt.Sprintf("127.%d.%d.%d", 1+f/64000%254, f/250%256, 1+f%250)
	}
	return p.setup(ctx)
}

// testCPFs are valid CPFs (check digits right), one per payer in turn.
var testCPFs = []string{"529.982.247-25", "390.533.447-05", "111.444.777-35", "123.456.789-09"}

// setup accepts the partner's terms, makes the customer, waits for the
// partner's approval and the wallet, and adds the bank account.
func (p *payer) setup(ctx context.Context) error {
	bp, err := bpflow.Onboard(ctx, p.do, bpflow.Options{Client: p.c},
		bpflow.CustomerBR("Maria", fmt.Sprintf("rush%d@example.com", p.family), testCPFs[p.n%len(testCPFs)]), bpflow.BankAccount())
	p.customerID, p.walletAddress, p.accountID = bp.CustomerID, bp.WalletAddress, bp.AccountID
	return err
}

// lifecycle locks a quote, pays it by Pix, follows the payment's live
// status stream (as the payer's browser does), has the sandbox complete the
// pay-in, waits for the payout Crebit asks for, has the sandbox complete it,
// and waits for completed; the time runs from the payment's creation
// request to the first event that says completed.
func (p *payer) lifecycle(ctx context.Context) (txn string, _ time.Duration, _ error) {
	q, err := p.call(ctx, "POST", "/api/create-quote", map[string]any{"symbol": corridor.Brazil.Symbol, "amount_usd": 100})
	if err != nil {
		return "", 0, err
	}
	ramp, _ := q["on_ramp"].(map[string]any)
	t0 := time.Now()
	pay, err := p.call(ctx, "POST", "/api/create-pix-payment", map[string]any{
		"amount_brl": q["total_local_amount"], "customer_id": p.customerID, "wallet_address": p.walletAddress, "quote_id": ramp["id"],
		"sender_name": "Maria Silva", "sender_document": testCPFs[p.n%len(testCPFs)], "external_account_id": p.accountID,
	})
	if err != nil {
		return "", 0, err
	}
	txn, _ = pay["transaction_id"].(string)
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	st, err := p.follow(ctx, txn)
	if err != nil {
		return txn, 0, err
	}
	defer st.close()
	if _, err := p.call(ctx, "POST", "/api/trigger-mock-webhook", map[string]string{"transaction_id": txn, "event": "payin_completed"}); err != nil {
		return txn, 0, err
	}
	if p.advance == 0 {
		// The payout is Crebit's to ask for once the pay-in's completion
		// arrived; the stream says when it has.
		if err := st.waitFor("offramp_created"); err != nil {
			return txn, 0, err
		}
		for {
			code, out, err := bpflow.Trigger(ctx, p.do, txn, "offramp_completed")
			if err != nil {
				return txn, 0, err
			}
			if code == http.StatusAccepted {
				break
			}
			if !bpflow.NoPayoutYet(code, out) {
				return txn, 0, fmt.Errorf("offramp_completed of %s: %d %v", txn, code, out)
			}
			select {
			case <-ctx.Done():
				return txn, 0, ctx.Err()
			case <-time.After(20 * time.Millisecond):
			}
		}
	}
	if err := st.waitFor("completed"); err != nil {
		return txn, 0, err
	}
	// With auto-advance the time reported is how late the stages came in
	// all: creation → completed less the three configured delays (the
	// payout is held, sent and completed p.advance apart).
	return txn, time.Since(t0) - 3*p.advance, nil
}

// statusStream is a payment's open live status stream.
type statusStream struct {
	txn  string
	body io.ReadCloser
	sc   *bufio.Scanner
}

// follow opens the payment's live status stream.
func (p *payer) follow(ctx context.Context, txn string) (*statusStream, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.base+"/api/payments/"+txn+"/events", nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("X-Forwarded-For", p.ip)
	resp, err := p.stream.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, fmt.Errorf("events %s: %d", txn, resp.StatusCode)
	}
	return &statusStream{txn: txn, body: resp.Body, sc: bufio.NewScanner(resp.Body)}, nil
}

func (s *statusStream) close() { s.body.Close() }

// waitFor reads the stream until it says state (or completed, which
// follows every state a lifecycle waits for).
func (s *statusStream) waitFor(state string) error {
	for s.sc.Scan() {
		data, ok := strings.CutPrefix(s.sc.Text(), "data: ")
		if !ok {
			continue
		}
		var st struct {
			Status string `json:"status"`
		}
		if json.Unmarshal([]byte(data), &st) == nil && (st.Status == state || st.Status == "completed") {
			return nil
		}
	}
	if err := s.sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", s.txn, err)
	}
	return fmt.Errorf("%s: the stream ended before %s", s.txn, state)
}

// call is do for a 2xx answer; anything else is an error.
func (p *payer) call(ctx context.Context, method, path string, body any) (map[string]any, error) {
	st, out, raw, err := p.request(ctx, method, path, body)
	if err == nil && st/100 != 2 {
		err = fmt.Errorf("%s %s: %d %.200s", method, path, st, raw)
	}
	return out, err
}

// do is one request as the payer, with its status (a bpflow.Do).
func (p *payer) do(ctx context.Context, method, path string, body any) (int, map[string]any, error) {
	st, out, _, err := p.request(ctx, method, path, body)
	return st, out, err
}

func (p *payer) request(ctx context.Context, method, path string, body any) (int, map[string]any, []byte, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, nil, err
		}
		rd = strings.NewReader(string(b))
	}
	req, err := http.NewRequestWithContext(ctx, method, p.base+path, rd)
	if err != nil {
		return 0, nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	switch {
	case path != "/api/trigger-mock-webhook":
		req.Header.Set("X-Forwarded-For", p.ip)
	case p.bankIP != "": // the sandbox's simulation answers loopback clients only
		req.Header.Set("X-Forwarded-For", p.bankIP)
	}
	resp, err := p.c.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return 0, nil, nil, err
	}
	var out map[string]any
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &out); err != nil && resp.StatusCode/100 == 2 {
			return 0, nil, raw, err
		}
	}
	return resp.StatusCode, out, raw, nil
}

// cpuTimes reads the machine's busy and total CPU jiffies from /proc/stat.
func cpuTimes() [2]uint64 {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return [2]uint64{}
	}
	line, _, _ := strings.Cut(string(b), "\n")
	var total, idle uint64
	for i, f := range strings.Fields(line)[1:] {
		v, _ := strconv.ParseUint(f, 10, 64)
		total += v
		if i == 3 || i == 4 { // idle, iowait
			idle += v
		}
	}
	return [2]uint64{total - idle, total}
}

// instanceTicks is the instances' CPU so far, in clock ticks (0 for one
// that has ended).
func instanceTicks(ms []memTarget) int64 {
	var n int64
	for _, m := range ms {
		t, _ := runbin.CPUTicks(m.pid)
		n += t
	}
	return n
}

// selfTicks is this process's CPU so far, in clock ticks.
func selfTicks() int64 {
	t, _ := runbin.CPUTicks(os.Getpid())
	return t
}

// ticksToCores is CPU ticks (USER_HZ 100) over d, in cores.
func ticksToCores(ticks int64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return (time.Duration(ticks) * 10 * time.Millisecond).Seconds() / d.Seconds()
}

func busyShare(a, b [2]uint64) float64 {
	if b[1] <= a[1] {
		return 0
	}
	return float64(b[0]-a[0]) / float64(b[1]-a[1])
}

func renderLifecycle(rs []lifecycleResult) string {
	var b strings.Builder
	b.WriteString("| Set-up | Payers | Lifecycles/s | Creation → completed p50 / p95 / p99 | CPU busy | Errors |\n|---|--:|--:|--:|--:|--:|\n")
	for _, r := range rs {
		fmt.Fprintf(&b, "| %s | %d | %.1f | %s / %s / %s | %.0f%% | %d |\n", r.name, r.payers, r.perSecond(),
			secs(r.p50), secs(r.p95), secs(r.p99), r.cpuBusy*100, r.errors)
	}
	for _, r := range rs {
		fmt.Fprintf(&b, "\n%s: while measured, the instances used %.2f cores (Crebit's own %.2f, the embedded sandbox %.2f: %.0f%% of the profiled samples) "+
			"and this load driver %.2f (they share the machine)\n",
			r.name, r.serverCores, r.serverCores*(1-r.sandboxShare), r.serverCores*r.sandboxShare, 100*r.sandboxShare, r.driverCores)
		b.WriteString("\n" + r.after.render())
		if r.perLifecycle != nil {
			b.WriteString(r.perLifecycle.String())
		}
		if len(r.onboarded) > 0 {
			fmt.Fprintf(&b, "Families: %d onboarded while measured (terms, customer, approval, wallet, bank account; not in the times above), p50 %s, p95 %s each\n",
				len(r.onboarded), secs(pct(r.onboarded, 50)), secs(pct(r.onboarded, 95)))
		}
	}
	return b.String()
}

func secs(d time.Duration) string { return fmt.Sprintf("%.2f s", d.Seconds()) }

// startInstance starts bin with env on free ports (its metrics listener on
// metrics when given) and waits until it answers. A port found free can be
// taken before the instance binds it (a connection's own port, say): then
// the instance is started again on others, up to three times.
func startInstance(ctx context.Context, bin string, env []string, logPath, metrics string, stdout io.Writer) (base, metricsAddr string, pid int, stop func(), err error) {
	for attempt := 1; ; attempt++ {
		port, err := runbin.FreePort()
		if err != nil {
			return "", "", 0, nil, err
		}
		metricsAddr = metrics
		if metricsAddr == "" {
			mport, err := runbin.FreePort()
			if err != nil {
				return "", "", 0, nil, err
			}
			metricsAddr = "127.0.0.1:" + strconv.Itoa(mport)
		}
		base = fmt.Sprintf("http://127.0.0.1:%d", port)
		var exited <-chan struct{}
		stop, exited, pid, err = runbin.StartServerPID(bin, append(slices.Clone(env), "CREBIT_ADDR=127.0.0.1:"+strconv.Itoa(port),
			"CREBIT_METRICS_ADDR="+metricsAddr), logPath)
		if err != nil {
			return "", "", 0, nil, err
		}
		err = runbin.WaitHealthy(ctx, base, 60*time.Second, exited)
		if err == nil {
			err = waitListening(ctx, "http://"+metricsAddr+"/metrics", exited)
		}
		if err == nil {
			return base, metricsAddr, pid, stop, nil
		}
		stop()
		why := tail(logPath)
		if attempt == 3 || !strings.Contains(why, "address already in use") {
			return "", "", 0, nil, fmt.Errorf("%w (log: %s)", err, why)
		}
		fmt.Fprintf(stdout, "instance: a port was taken before it started (%s); starting it again\n", why)
	}
}

// waitListening waits until url answers 200 (an instance's metrics
// listener, which it opens beside its own), or the instance exits.
func waitListening(ctx context.Context, url string, exited <-chan struct{}) error {
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-exited:
			return fmt.Errorf("the server exited before %s answered", url)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
	return fmt.Errorf("%s did not answer in 10 s", url)
}
