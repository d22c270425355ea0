package main

// What a lifecycle run leaves behind, read from the database once the
// payers have finished the lifecycles they started: how long jobs waited in
// the queues while it was measured, the e-mails still waiting when it ended
// and how long they took to go, and the invariants of the chaos command
// (nothing lost, stuck or made twice; the ledger balanced).

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/runbin"
	"github.com/crebit/crebit/internal/store"
)

// aftermath is what the checks found.
type aftermath struct {
	// waits are the queue waits (due → picked up) of the jobs picked up
	// while the run was measured, by job kind.
	waits map[string][]time.Duration
	// mailsQueued is the e-mails queued during the whole run; mailsWaiting
	// those not yet sent once the payers had stopped; mailsDrained how long
	// after the measured window closed the last one went (0 if none waited).
	mailsQueued, mailsWaiting int
	mailsDrained              time.Duration
	// mailWaits are how long the e-mails sent while measured took from
	// being queued to being sent (the outbox's dispatcher is not a River
	// job).
	mailWaits           []time.Duration
	created             int // payments the payers were answered with
	lost, stuck, double int
	ledger              string
	ledgerOK            bool
}

func (a aftermath) ok() bool { return a.lost == 0 && a.stuck == 0 && a.double == 0 && a.ledgerOK }

// check reads the run's database (and, on SQLite, the sandbox partner's
// file beside it). txns are the payments the payers created, in full.
func check(ctx context.Context, bin string, env []string, dbURL, dir string, txns []string, start, end time.Time) (aftermath, error) {
	var a aftermath
	db, err := store.Open(ctx, store.Options{DatabaseURL: dbURL, DataDir: dir})
	if err != nil {
		return a, err
	}
	defer db.Close()
	// The sandbox partner's own file, when the binary keeps one (SQLite).
	sdb := db
	if _, err := os.Stat(store.BesidePath(db.Path(), "sandbox")); err == nil {
		if sdb, err = db.Beside(ctx, "sandbox"); err != nil {
			return a, err
		}
		defer sdb.Close()
	}
	count := func(query string, args ...any) (n int) {
		if err := db.Read(ctx, func(tx *store.Tx) error { return tx.QueryRow(ctx, query, args...).Scan(&n) }); err != nil {
			fmt.Fprintln(os.Stderr, "loadtest:", err)
		}
		return n
	}
	const unsent = `SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL`
	a.mailsWaiting = count(unsent)
	a.mailsQueued = count(`SELECT COUNT(*) FROM outbox`)
	for count(unsent) > 0 && time.Since(end) < 5*time.Minute {
		time.Sleep(250 * time.Millisecond)
	}
	if a.mailsWaiting > 0 {
		a.mailsDrained = time.Since(end)
	}
	a.waits = map[string][]time.Duration{}
	for _, d := range slices.Compact([]*store.DB{db, sdb}) {
		if err := waits(ctx, d, riverWaits, start, end, a.waits); err != nil {
			return a, err
		}
	}
	mails := map[string][]time.Duration{}
	if err := waits(ctx, db, outboxWaits, start, end, mails); err != nil {
		return a, err
	}
	a.mailWaits = mails["e-mail"]

	seen := map[string]bool{}
	for _, txn := range txns {
		if seen[txn] {
			a.double++ // two payers were given one payment
			continue
		}
		seen[txn] = true
		var state string
		err := db.Read(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT state FROM payments WHERE id = ?`, txn).Scan(&state)
		})
		switch {
		case err != nil:
			a.lost++
		case state != "completed":
			a.stuck++
		}
	}
	a.created = len(seen)
	a.double += count(`SELECT COUNT(*) FROM payments`) - len(seen) +
		count(`SELECT COUNT(*) FROM (SELECT payment_id, kind FROM ledger_transactions GROUP BY payment_id, kind HAVING COUNT(*) > 1) d`)

	a.ledger, a.ledgerOK = runbin.LedgerCheck(ctx, bin, env)
	return a, nil
}

// The waits a run reports, as (kind, from, to) rows: River's jobs from
// being due to being picked up, and e-mails from being queued to being
// sent.
const (
	riverWaits  = `SELECT kind, scheduled_at, attempted_at FROM river_job WHERE attempted_at IS NOT NULL`
	outboxWaits = `SELECT 'e-mail', created_at, sent_at FROM outbox WHERE sent_at IS NOT NULL`
)

// waits adds, by kind, the waits q reads whose end falls in [start, end).
func waits(ctx context.Context, db *store.DB, q string, start, end time.Time, into map[string][]time.Duration) error {
	add := func(kind string, scheduled, attempted time.Time) {
		if !attempted.Before(start) && attempted.Before(end) {
			into[kind] = append(into[kind], max(0, attempted.Sub(scheduled)))
		}
	}
	if db.Engine() == store.SQLite {
		rows, err := db.SQLDB().QueryContext(ctx, q)
		if err != nil {
			return err
		}
		defer rows.Close()
		return scanWaits(rows.Next, rows.Scan, rows.Err, add)
	}
	rows, err := db.Pool().Query(ctx, q)
	if err != nil {
		return err
	}
	defer rows.Close()
	return scanWaits(rows.Next, rows.Scan, rows.Err, add)
}

func scanWaits(next func() bool, scan func(...any) error, rowsErr func() error, add func(string, time.Time, time.Time)) error {
	for next() {
		var kind string
		var s, a time.Time
		if err := scan(&kind, &s, &a); err != nil {
			return err
		}
		add(kind, s, a)
	}
	return rowsErr()
}

// render is the report's lines after the table.
func (a aftermath) render() string {
	var b strings.Builder
	var all []time.Duration
	kinds := make([]string, 0, len(a.waits))
	for k, w := range a.waits {
		kinds = append(kinds, k)
		all = append(all, w...)
	}
	slices.Sort(kinds)
	fmt.Fprintf(&b, "Queue wait (due → picked up) of the %d jobs picked up while measured: p50 %s, p95 %s", len(all), ms(pct(all, 50)), ms(pct(all, 95)))
	for _, k := range kinds {
		fmt.Fprintf(&b, "; %s %d, p95 %s", k, len(a.waits[k]), ms(pct(a.waits[k], 95)))
	}
	fmt.Fprintf(&b, "\nE-mails: %d queued; %d not yet sent when the payers stopped", a.mailsQueued, a.mailsWaiting)
	if a.mailsWaiting > 0 {
		fmt.Fprintf(&b, "; the last sent %s after the measured window closed", secs(a.mailsDrained))
	}
	fmt.Fprintf(&b, "; the %d sent while measured took p50 %s, p95 %s from queued to sent", len(a.mailWaits), ms(pct(a.mailWaits, 50)), ms(pct(a.mailWaits, 95)))
	fmt.Fprintf(&b, "\nInvariants: %d payments created, lost %d, stuck %d, double %d; ledger check %s (%s)\n",
		a.created, a.lost, a.stuck, a.double, map[bool]string{true: "OK", false: "FAILED"}[a.ledgerOK], a.ledger)
	return b.String()
}

func pct(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, len(s)*p/100)]
}
