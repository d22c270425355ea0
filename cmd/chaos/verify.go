package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/store"
)

// result is one scenario's outcome.
type result struct {
	name                                 string
	attempted, completed, refunded, fail int
	lost, stuck, double, wrong           int
	recovered                            int // payments the recovery sweep (or a retry) took out of created
	kills                                int
	deliveries, retries                  int64
	ledger                               string
	ledgerOK                             bool
	drive, settle, total                 time.Duration
}

func (r result) ok() bool {
	return r.lost == 0 && r.stuck == 0 && r.double == 0 && r.wrong == 0 && r.ledgerOK
}

func (r result) line() string {
	return fmt.Sprintf("%s: attempted %d, completed %d, refunded %d, failed %d, lost %d, stuck %d, double-processed %d, wrong end %d; "+
		"%d kills, %d recovered from created, %d webhook deliveries, %d retries; ledger check %s; %s driving, %s to settle",
		r.name, r.attempted, r.completed, r.refunded, r.fail, r.lost, r.stuck, r.double, r.wrong,
		r.kills, r.recovered, r.deliveries, r.retries, map[bool]string{true: "OK", false: "FAILED"}[r.ledgerOK],
		r.drive.Round(time.Second), r.settle.Round(time.Second))
}

// finalStates end a payment; anything else after settling is stuck.
const finalStates = `('completed', 'check_mailed', 'failed', 'expired', 'refunded', 'payin_mismatch')`

// settle waits (bounded) until every payment has ended and every refund
// reached the partner, then counts the outcomes from the database.
func settle(ctx context.Context, d *driver, env []string, r *result) error {
	start := time.Now()
	db, err := store.Open(ctx, store.Options{DatabaseURL: envValue(env, "CREBIT_DATABASE_URL"), DataDir: envValue(env, "CREBIT_DATA_DIR")})
	if err != nil {
		return err
	}
	defer db.Close()
	// The sandbox partner's data: its own file beside Crebit's on SQLite.
	sdb, err := db.Beside(ctx, "sandbox")
	if err != nil {
		return err
	}
	if sdb != db {
		defer sdb.Close()
	}
	// Reads only: they never take the running server's write lock.
	q := func(query string, args ...any) (n int) {
		db.Read(ctx, func(tx *store.Tx) error { return tx.QueryRow(ctx, query, args...).Scan(&n) })
		return n
	}
	// unrefunded counts payments that ended returning the money whose
	// pay-in the partner has not refunded (yet).
	unrefunded := func() (n int) {
		for _, a := range d.attempts {
			if a.txn == "" {
				continue
			}
			var payin string
			db.Read(ctx, func(tx *store.Tx) error {
				return tx.QueryRow(ctx, `SELECT COALESCE(partner_payin_id, '') FROM payments
					WHERE id = ? AND state IN ('payin_mismatch', 'refunded')`, a.txn).Scan(&payin)
			})
			if payin == "" {
				continue
			}
			var c int
			sdb.Read(ctx, func(tx *store.Tx) error {
				return tx.QueryRow(ctx, `SELECT COUNT(*) FROM sandbox_payins WHERE id = ? AND refunded_amount IS NULL`, payin).Scan(&c)
			})
			n += c
		}
		return n
	}
	pending := func() int {
		return q(`SELECT COUNT(*) FROM payments WHERE state NOT IN `+finalStates) + unrefunded()
	}
	deadline := time.Now().Add(3 * time.Minute)
	for pending() > 0 && time.Now().Before(deadline) {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	r.settle = time.Since(start)

	want := map[plan]string{planPaid: "completed", planUnderpaid: "payin_mismatch", planFailed: "failed"}
	seen := map[string]bool{}
	for _, a := range d.attempts {
		r.attempted++
		if a.txn == "" || seen[a.txn] {
			r.lost++ // no answer, or two payers were given one payment
			continue
		}
		seen[a.txn] = true
		var state string
		err := db.Read(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT state FROM payments WHERE id = ?`, a.txn).Scan(&state)
		})
		switch {
		case errors.Is(err, store.ErrNotFound):
			r.lost++
			continue
		case err != nil:
			return err
		}
		expected := want[a.plan]
		if a.first != "awaiting_payin" {
			expected = "failed" // the crash left the partner without a pay-in: no money was taken
		}
		switch state {
		case "completed":
			r.completed++
		case "payin_mismatch", "refunded":
			r.refunded++
		case "failed", "expired":
			r.fail++
		default:
			r.stuck++
			continue
		}
		if state != expected {
			r.wrong++
		}
	}
	// A payment no payer was answered with (a retry that made a second
	// one), or money posted twice for one step of one payment.
	r.double = q(`SELECT COUNT(*) FROM payments`) - len(seen) +
		q(`SELECT COUNT(*) FROM (SELECT payment_id, kind FROM ledger_transactions GROUP BY payment_id, kind HAVING COUNT(*) > 1) d`)
	r.recovered = q(`SELECT COUNT(DISTINCT payment_id) FROM payment_events WHERE source = 'job:recover'`)
	r.stuck += unrefunded()
	return nil
}

// writeResults puts the table between the chaos markers of o.out.
func writeResults(o options, results []result) error {
	const startMark, endMark = "<!-- chaos:start -->", "<!-- chaos:end -->"
	var b strings.Builder
	fmt.Fprintf(&b, "\nMeasured %s on %d CPUs (`go run ./cmd/chaos -bin bin/crebit -payments %d -kills %d -workers %d -seed %d`).\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), runtime.NumCPU(), o.payments, o.kills, o.workers, o.seed)
	b.WriteString("| Scenario | Attempted | Completed | Refunded | Failed | Lost | Stuck | Double-processed | Wrong end | Kills | Recovered from `created` | Webhook deliveries | Client retries | Ledger check | Driving | Settling |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range results {
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %s | %s | %s |\n", r.name, r.attempted, r.completed,
			r.refunded, r.fail, r.lost, r.stuck, r.double, r.wrong, r.kills, r.recovered, r.deliveries, r.retries,
			map[bool]string{true: "OK", false: "FAILED"}[r.ledgerOK], r.drive.Round(time.Second), r.settle.Round(time.Second))
	}
	old, err := os.ReadFile(o.out)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	s := string(old)
	i, j := strings.Index(s, startMark), strings.Index(s, endMark)
	if i < 0 || j < i {
		s += "\n" + startMark + b.String() + endMark + "\n"
	} else {
		s = s[:i+len(startMark)] + b.String() + s[j:]
	}
	return os.WriteFile(o.out, []byte(s), 0o644)
}
