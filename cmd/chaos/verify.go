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
	partner                              int // payments the partner's records disagree with
	recovered                            int // payments the recovery sweep (or a retry) took out of created
	reconciled                           int // payments moved by asking the partner (a webhook late or lost)
	kills                                int
	triggers, retries                    int64
	deliveries, redeliveries             int // the sandbox's webhook delivery attempts, and those beyond the first
	ledger                               string
	ledgerOK                             bool
	drive, settle, total                 time.Duration
}

func (r result) ok() bool {
	return r.lost == 0 && r.stuck == 0 && r.double == 0 && r.wrong == 0 && r.partner == 0 && r.ledgerOK
}

func (r result) line() string {
	return fmt.Sprintf("%s: attempted %d, completed %d, refunded %d, failed %d, lost %d, stuck %d, double-processed %d, wrong end %d, partner disagrees %d; "+
		"%d kills, %d recovered from created, %d reconciled, %d triggers, %d webhook deliveries (%d retried), %d client retries; ledger check %s; %s driving, %s to settle",
		r.name, r.attempted, r.completed, r.refunded, r.fail, r.lost, r.stuck, r.double, r.wrong, r.partner,
		r.kills, r.recovered, r.reconciled, r.triggers, r.deliveries, r.redeliveries, r.retries, map[bool]string{true: "OK", false: "FAILED"}[r.ledgerOK],
		r.drive.Round(time.Second), r.settle.Round(time.Second))
}

// finalStates end a payment; anything else after settling is stuck.
const finalStates = `('completed', 'check_mailed', 'failed', 'expired', 'refunded', 'payin_mismatch')`

// openDatabases opens Crebit's database and the sandbox partner's (its
// own file beside Crebit's on SQLite, the same database on PostgreSQL),
// for reading only.
func openDatabases(ctx context.Context, env []string) (db, sdb *store.DB, err error) {
	db, err = store.Open(ctx, store.Options{DatabaseURL: envValue(env, "CREBIT_DATABASE_URL"), DataDir: envValue(env, "CREBIT_DATA_DIR")})
	if err != nil {
		return nil, nil, err
	}
	if sdb, err = db.Beside(ctx, "sandbox"); err != nil {
		db.Close()
		return nil, nil, err
	}
	return db, sdb, nil
}

// settle waits (bounded) until every payment has ended, then counts the
// outcomes from the database and compares them with the partner's records.
func settle(ctx context.Context, d *driver, r *result) error {
	start := time.Now()
	db, sdb := d.db, d.sdb
	// Reads only: they never take the running server's write lock.
	q := func(db *store.DB, query string, args ...any) (n int) {
		db.Read(ctx, func(tx *store.Tx) error { return tx.QueryRow(ctx, query, args...).Scan(&n) })
		return n
	}
	pending := func() int { return q(db, `SELECT COUNT(*) FROM payments WHERE state NOT IN `+finalStates) }
	deadline := time.Now().Add(3 * time.Minute)
	for pending() > 0 && time.Now().Before(deadline) {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
	}
	r.settle = time.Since(start)

	want := map[plan]string{planPaid: "completed", planFailed: "failed"}
	seen := map[string]bool{}
	for _, a := range d.attempts {
		r.attempted++
		if a.txn == "" || seen[a.txn] {
			r.lost++ // no answer, or two payers were given one payment
			continue
		}
		seen[a.txn] = true
		var state, payin, payout string
		err := db.Read(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT state, COALESCE(partner_payin_id, ''), COALESCE(offramp_id, '') FROM payments WHERE id = ?`, a.txn).Scan(&state, &payin, &payout)
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
		// The partner's side: a completed payment's payout was completed;
		// an ended one kept no deposit (a pay-in completed with no payout
		// to carry it on is money taken and not delivered).
		payinStatus, payoutStatus := "", ""
		sdb.Read(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT status FROM bpsandbox_payins WHERE id = ?`, payin).Scan(&payinStatus)
		})
		sdb.Read(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT status FROM bpsandbox_payouts WHERE id = ?`, payout).Scan(&payoutStatus)
		})
		switch {
		case state == "completed" && (payinStatus != "completed" || payoutStatus != "completed"),
			state != "completed" && payinStatus == "completed" && payoutStatus != "completed":
			r.partner++
		}
	}
	// A payment no payer was answered with (a retry that made a second
	// one), money posted twice for one step of one payment, or a payout the
	// partner made that no payment holds (dollars sent twice).
	r.double = q(db, `SELECT COUNT(*) FROM payments`) - len(seen) +
		q(db, `SELECT COUNT(*) FROM (SELECT payment_id, kind FROM ledger_transactions GROUP BY payment_id, kind HAVING COUNT(*) > 1) d`) +
		q(sdb, `SELECT COUNT(*) FROM bpsandbox_payouts`) - q(db, `SELECT COUNT(*) FROM payments WHERE COALESCE(offramp_id, '') <> ''`)
	r.recovered = q(db, `SELECT COUNT(DISTINCT payment_id) FROM payment_events WHERE source = 'job:recover'`)
	r.reconciled = q(db, `SELECT COUNT(DISTINCT payment_id) FROM payment_events WHERE source = 'poll'`)
	r.deliveries = q(sdb, `SELECT COALESCE(SUM(attempts), 0) FROM bpsandbox_deliveries`)
	r.redeliveries = r.deliveries - q(sdb, `SELECT COUNT(*) FROM bpsandbox_deliveries WHERE attempts > 0`)
	return nil
}

// writeResults puts the table between the chaos markers of o.out.
func writeResults(o options, results []result) error {
	const startMark, endMark = "<!-- chaos:start -->", "<!-- chaos:end -->"
	var b strings.Builder
	fmt.Fprintf(&b, "\nMeasured %s on %d CPUs (`go run ./cmd/chaos -bin bin/crebit -payments %d -kills %d -workers %d -seed %d`).\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), runtime.NumCPU(), o.payments, o.kills, o.workers, o.seed)
	b.WriteString("| Scenario | Attempted | Completed | Refunded | Failed | Lost | Stuck | Double-processed | Wrong end | Partner disagrees | Kills | Recovered from `created` | Reconciled | Triggers | Webhook deliveries (retried) | Client retries | Ledger check | Driving | Settling |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range results {
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d (%d) | %d | %s | %s | %s |\n", r.name, r.attempted, r.completed,
			r.refunded, r.fail, r.lost, r.stuck, r.double, r.wrong, r.partner, r.kills, r.recovered, r.reconciled, r.triggers,
			r.deliveries, r.redeliveries, r.retries, map[bool]string{true: "OK", false: "FAILED"}[r.ledgerOK], r.drive.Round(time.Second), r.settle.Round(time.Second))
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
