// Command opsbench measures the operations console's payment search
// (issue 30: p99 under 100 ms at 100,000 payments on SQLite and on
// PostgreSQL). It fills a new database with -n made-up payments
// (internal/store/seed), then runs each kind of search an operator types —
// the first page, a transaction id, an e-mail, the last 4 digits, states, a
// corridor, an amount range, a month, all at once, and the 20th page —
// -runs times each, the way the service asks (one page of 50 plus one row,
// on a read transaction), and writes the latencies into docs/PERFORMANCE.md.
//
//	go run ./cmd/opsbench [-n 100000] [-runs 200] [-postgres postgres://postgres@127.0.0.1:5432/test] [-out docs/PERFORMANCE.md]
//
// The PostgreSQL run uses a schema of its own, dropped at the end.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/runbin"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/opsstore"
	"github.com/crebit/crebit/internal/store/seed"
)

func main() {
	n := flag.Int("n", 100_000, "payments to seed")
	runs := flag.Int("runs", 200, "times each search runs")
	pg := flag.String("postgres", "postgres://postgres@127.0.0.1:5432/test", "PostgreSQL URL (empty: SQLite only)")
	out := flag.String("out", "docs/PERFORMANCE.md", "Markdown file whose console-search section is rewritten (empty: print only)")
	flag.Parse()
	ctx := context.Background()

	var sections []string
	dir, err := os.MkdirTemp("", "opsbench")
	check(err)
	defer os.RemoveAll(dir)
	res, err := bench(ctx, "SQLite", store.Options{SQLitePath: filepath.Join(dir, "ops.db")}, *n, *runs)
	check(err)
	sections = append(sections, res)
	if *pg != "" {
		b := make([]byte, 6)
		rand.Read(b)
		schema := "opsbench_" + hex.EncodeToString(b)
		res, err := bench(ctx, "PostgreSQL", store.Options{DatabaseURL: *pg, Schema: schema, MaxConns: 4}, *n, *runs)
		dropSchema(ctx, *pg, schema)
		check(err)
		sections = append(sections, res)
	}
	text := fmt.Sprintf("Measured %s by `go run ./cmd/opsbench -n %d -runs %d` on %d cores (Go %s): %d made-up payments by %d payers, "+
		"each search run %d times as the service runs it (a page of 50 plus one row, in a read transaction; PostgreSQL analyzed after the load, as autovacuum does; SQLite has no statistics). Times in milliseconds.\n\n%s",
		time.Now().UTC().Format("2006-01-02"), *n, *runs, runtime.NumCPU(), runtime.Version(), *n, *n/3, *runs, strings.Join(sections, "\n"))
	fmt.Println(text)
	if *out != "" {
		check(runbin.WriteSection(*out, "<!-- opsfind:start -->", "<!-- opsfind:end -->", text))
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "opsbench:", err)
		os.Exit(1)
	}
}

func dropSchema(ctx context.Context, url, schema string) {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return
	}
	defer conn.Close(ctx)
	conn.Exec(ctx, "DROP SCHEMA IF EXISTS "+pgx.Identifier{schema}.Sanitize()+" CASCADE") //nolint:errcheck
}

type search struct {
	name string
	f    opsstore.ConsoleSearch
}

func bench(ctx context.Context, engine string, opts store.Options, n, runs int) (string, error) {
	db, err := store.Open(ctx, opts)
	if err != nil {
		return "", err
	}
	defer db.Close()
	if _, err := db.Migrate(ctx); err != nil {
		return "", err
	}
	end := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	started := time.Now()
	payers, err := seed.Payments(ctx, db, n, end, 42)
	if err != nil {
		return "", err
	}
	fmt.Fprintf(os.Stderr, "%s: %d payments seeded in %s\n", engine, n, time.Since(started).Round(time.Second))
	if db.Engine() == store.Postgres {
		// What autovacuum does within a minute of a bulk load in production.
		if err := db.Tx(ctx, func(tx *store.Tx) error { _, err := tx.Exec(ctx, "ANALYZE"); return err }); err != nil {
			return "", err
		}
	}

	find := func(f opsstore.ConsoleSearch) ([]opsstore.ConsoleRow, error) {
		f.Limit = 51
		var rows []opsstore.ConsoleRow
		err := db.Read(ctx, func(tx *store.Tx) (err error) { rows, err = opsstore.ConsolePayments(ctx, tx, f); return })
		return rows, err
	}
	// The 20th page: walk there once to learn where it starts.
	deep := opsstore.ConsoleSearch{}
	for range 19 {
		rows, err := find(deep)
		if err != nil {
			return "", err
		}
		last := rows[49]
		deep.AfterAt, deep.AfterID = last.CreatedAt, last.ID
	}
	first, err := find(opsstore.ConsoleSearch{})
	if err != nil {
		return "", err
	}
	p := payers[len(payers)/2]
	searches := []search{
		{"first page, no filter", opsstore.ConsoleSearch{}},
		{"transaction id", opsstore.ConsoleSearch{ID: first[7].ID}},
		{"e-mail", opsstore.ConsoleSearch{Email: p.Email}},
		{"last 4 (tax id or account)", opsstore.ConsoleSearch{Last4: p.TaxLast4}},
		{"states failed, refunded", opsstore.ConsoleSearch{States: []payment.State{payment.StateFailed, payment.StateRefunded}}},
		{"corridor MX", opsstore.ConsoleSearch{Currency: corridor.Mexico.Currency}},
		{"amount US$20,000–20,500", opsstore.ConsoleSearch{MinUSD: 2_000_000, MaxUSD: 2_050_000}},
		{"one month", opsstore.ConsoleSearch{From: end.AddDate(0, -6, 0), To: end.AddDate(0, -5, 0)}},
		{"state + corridor + amount + month", opsstore.ConsoleSearch{States: []payment.State{payment.StateCompleted}, Currency: corridor.Brazil.Currency,
			MinUSD: 4_000_000, From: end.AddDate(0, -6, 0), To: end.AddDate(0, -5, 0)}},
		{"amount over US$50,000 (none)", opsstore.ConsoleSearch{MinUSD: 5_100_000}},
		{"page 20, no filter", deep},
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** (seeded in %s)\n\n| search | rows | p50 | p99 | max |\n| --- | ---: | ---: | ---: | ---: |\n",
		engine, time.Since(started).Round(time.Second))
	var all []time.Duration
	for _, s := range searches {
		var ds []time.Duration
		var rows int
		for range runs {
			t0 := time.Now()
			r, err := find(s.f)
			if err != nil {
				return "", fmt.Errorf("%s: %w", s.name, err)
			}
			ds, rows = append(ds, time.Since(t0)), min(len(r), 50)
		}
		slices.Sort(ds)
		all = append(all, ds...)
		fmt.Fprintf(&b, "| %s | %d | %s | %s | %s |\n", s.name, rows, ms(pct(ds, 50)), ms(pct(ds, 99)), ms(ds[len(ds)-1]))
	}
	slices.Sort(all)
	fmt.Fprintf(&b, "| **every search** | | %s | **%s** | %s |\n", ms(pct(all, 50)), ms(pct(all, 99)), ms(all[len(all)-1]))
	return b.String(), nil
}

func pct(ds []time.Duration, p int) time.Duration {
	return ds[min(len(ds)-1, (len(ds)*p+99)/100-1)]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f", float64(d.Microseconds())/1000) }
