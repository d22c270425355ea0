// Command chaos runs the real crebit binary on 127.0.0.1 with its default
// partner, the embedded BlindPay sandbox, and tries to make it lose or
// double money: concurrent payers (each accepts the partner's terms, is
// approved and gets a wallet first) retrying under the same
// Idempotency-Key; payments moved through the sandbox
// (POST /api/trigger-mock-webhook) in shuffled order across payments, while
// the sandbox delivers its own signed webhooks, retried on its schedule, to
// whichever instance runs the delivery job; and kill -9 of the server at
// random moments. It reports per scenario (SQLite; PostgreSQL; two
// instances on one PostgreSQL): attempted, completed, refunded, failed,
// lost, stuck, double-processed, wrong end, payments the partner's own
// records disagree with, and the `crebit ledger check` verdict, and exits 1
// unless all of them are 0 and the ledger checks. It is bounded (a deadline
// per scenario) and stops by itself.
//
//	go run ./cmd/chaos -bin bin/crebit                      # 500 payments, 3 kills, every scenario
//	go run ./cmd/chaos -bin bin/crebit -short               # make test: 100 payments on SQLite, 50 through two
//	                                                        # instances on one PostgreSQL, at the same time; 1 kill each
//	go run ./cmd/chaos -bin bin/crebit -out docs/RELIABILITY.md
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/crebit/crebit/internal/runbin"
)

type options struct {
	bin, postgres, out string
	payments, kills    int
	workers            int
	scenarios          []string
	// shortPayments: -short's payments per scenario, instead of payments.
	shortPayments map[string]int
	seed          uint64
	// parallel runs the scenarios at the same time (-short): most of a
	// scenario is waiting for the server's own recovery after the kill
	// (the sandbox's retry, River's rescue, the reconciliation sweep).
	parallel bool
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "chaos:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("chaos", flag.ContinueOnError)
	var o options
	var scenarios string
	short := fs.Bool("short", false, "the form make test runs: 100 payments on SQLite and 50 through two instances on one PostgreSQL, at the same time, 1 kill each (PostgreSQL skipped when unreachable, unless CREBIT_REQUIRE_POSTGRES=1)")
	fs.StringVar(&o.bin, "bin", "bin/crebit", "the crebit binary")
	fs.StringVar(&o.postgres, "postgres", "postgres://postgres@127.0.0.1:5432/test?sslmode=disable", "PostgreSQL server to create scratch databases on")
	fs.StringVar(&o.out, "out", "", "write the results into this Markdown file (between chaos markers)")
	fs.IntVar(&o.payments, "payments", 500, "payments per scenario")
	fs.IntVar(&o.kills, "kills", 3, "kill -9 per scenario")
	fs.IntVar(&o.workers, "workers", 16, "concurrent payers")
	fs.StringVar(&scenarios, "scenarios", "sqlite,postgres,postgres-2", "comma-separated: sqlite, postgres, postgres-2 (two instances)")
	fs.Uint64Var(&o.seed, "seed", uint64(time.Now().UnixNano()), "random seed (printed, to replay a run)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *short {
		o.kills, scenarios, o.parallel = 1, "sqlite,postgres-2", true
		o.shortPayments = map[string]int{"sqlite": 100, "postgres-2": 50}
		if err := postgresReachable(ctx, o.postgres); err != nil {
			if os.Getenv("CREBIT_REQUIRE_POSTGRES") == "1" {
				return fmt.Errorf("PostgreSQL at -postgres is required (CREBIT_REQUIRE_POSTGRES=1): %w", err)
			}
			fmt.Fprintf(stdout, "chaos: PostgreSQL unreachable (%v): the two-instance scenario is skipped\n", err)
			scenarios = "sqlite"
		}
	}
	o.scenarios = strings.Split(scenarios, ",")
	if _, err := os.Stat(o.bin); err != nil {
		return fmt.Errorf("-bin %s: %w (run make build)", o.bin, err)
	}
	if o.shortPayments != nil {
		fmt.Fprintf(stdout, "chaos: seed %d, short form, %d kills per scenario, %d payers\n", o.seed, o.kills, o.workers)
	} else {
		fmt.Fprintf(stdout, "chaos: seed %d, %d payments and %d kills per scenario, %d payers\n", o.seed, o.payments, o.kills, o.workers)
	}
	results := make([]result, len(o.scenarios))
	failed := false
	out := &lockedWriter{w: stdout}
	one := func(i int) error {
		r, err := scenario(ctx, o, o.scenarios[i], out)
		if err != nil {
			return fmt.Errorf("%s: %w", o.scenarios[i], err)
		}
		results[i] = r
		fmt.Fprintln(out, r.line())
		out.mu.Lock()
		failed = failed || !r.ok()
		out.mu.Unlock()
		return nil
	}
	var g errgroup.Group
	for i := range o.scenarios {
		if !o.parallel {
			if err := one(i); err != nil {
				return err
			}
			continue
		}
		g.Go(func() error { return one(i) })
	}
	if err := g.Wait(); err != nil {
		return err
	}
	if o.out != "" {
		if err := writeResults(o, results); err != nil {
			return err
		}
	}
	if failed {
		return errors.New("money was lost, stuck or processed twice, or the ledger does not check (see above)")
	}
	return nil
}

// lockedWriter lets scenarios running at the same time print whole lines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// scenario runs one configuration end to end, bounded by a deadline.
// A scenario that fails keeps its directory (the instances' logs, the
// SQLite databases) and says where.
func scenario(parent context.Context, o options, name string, stdout io.Writer) (r result, err error) {
	ctx, cancel := context.WithTimeout(parent, 10*time.Minute)
	defer cancel()
	r = result{name: name, kills: o.kills}
	start := time.Now()
	dir, err := os.MkdirTemp("", "crebit-chaos-")
	if err != nil {
		return r, err
	}
	defer func() {
		if err != nil || !r.ok() {
			fmt.Fprintf(stdout, "  %s: kept the instances' logs (and the SQLite databases) in %s\n", name, dir)
			return
		}
		os.RemoveAll(dir)
	}()
	n, dbURL := 1, ""
	if strings.HasPrefix(name, "postgres") {
		url, drop, err := createDatabase(ctx, o.postgres)
		if err != nil {
			return r, err
		}
		defer drop()
		dbURL = url
		if name == "postgres-2" {
			n = 2
		}
	} else if name != "sqlite" {
		return r, fmt.Errorf("unknown scenario %q", name)
	}
	shared := sharedEnv(dir, dbURL)
	payments := o.payments
	if n, ok := o.shortPayments[name]; ok {
		payments = n
	}
	d := &driver{payments: payments, workers: o.workers, rng: rand.New(rand.NewPCG(o.seed, uint64(len(name))))}
	for i := range n {
		in, err := newInstance(o.bin, shared, filepath.Join(dir, fmt.Sprintf("crebit-%d.log", i)))
		if err != nil {
			return r, err
		}
		if err := in.start(ctx); err != nil {
			return r, err
		}
		d.instances = append(d.instances, in)
	}
	defer func() {
		for _, in := range d.instances {
			in.stop()
		}
	}()
	// The databases, once the first instance made them: the driver reads the
	// sandbox's records, and settle counts the outcomes.
	db, sdb, err := openDatabases(ctx, shared)
	if err != nil {
		return r, err
	}
	defer db.Close()
	if sdb != db {
		defer sdb.Close()
	}
	d.db, d.sdb = db, sdb

	// Kill points: random fractions of the payments created so far.
	killAt := make([]int64, o.kills)
	for i := range killAt {
		killAt[i] = int64(float64(payments) * (0.1 + 0.8*float64(i+1)/float64(o.kills+1) + (d.rng.Float64()-0.5)*0.1))
	}
	d.producing.Store(true)
	g, gctx := errgroup.WithContext(ctx)
	payers, pctx := errgroup.WithContext(gctx)
	for range o.workers {
		payers.Go(func() error { return d.work(pctx) })
	}
	g.Go(func() error { defer d.producing.Store(false); return payers.Wait() })
	for range 8 {
		g.Go(func() error { return d.move(gctx) })
	}
	g.Go(func() error {
		for _, at := range killAt {
			for d.created.Load() < at && d.producing.Load() {
				select {
				case <-gctx.Done():
					return gctx.Err()
				case <-time.After(time.Duration(5+d.rand(20)) * time.Millisecond):
				}
			}
			in := d.instances[d.rand(len(d.instances))]
			in.kill()
			fmt.Fprintf(stdout, "  %s: kill -9 %s after %d payments\n", name, in.base, d.created.Load())
			time.Sleep(time.Duration(200+d.rand(600)) * time.Millisecond)
			if err := in.start(gctx); err != nil {
				return err
			}
		}
		return nil
	})
	if err := g.Wait(); err != nil {
		return r, err
	}
	r.drive = time.Since(start)
	r.triggers, r.retries = d.triggers.Load(), d.retries.Load()
	if err := settle(ctx, d, &r); err != nil {
		return r, err
	}
	for _, in := range d.instances {
		in.stop()
	}
	r.ledger, r.ledgerOK = runbin.LedgerCheck(ctx, o.bin, d.instances[0].env)
	r.total = time.Since(start)
	return r, nil
}
