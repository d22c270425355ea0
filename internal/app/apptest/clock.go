package apptest

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/outboxstore"
	"github.com/crebit/crebit/internal/store/storetest"
)

// Clock is the application's clock in a test: real time plus an offset the
// test moves forward, so expiry is tested without waiting for it. River
// schedules its jobs on real time; only the application's own decisions
// (quote and session expiry, webhook timestamps) follow the offset.
type Clock struct{ offset atomic.Int64 }

// Now is the time the application sees.
func (c *Clock) Now() time.Time { return time.Now().Add(time.Duration(c.offset.Load())) }

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) { c.offset.Add(int64(d)) }

// AdvanceClock moves the application's clock forward by d once nothing is
// in flight (Settled). A webhook is signed when it is sent and checked
// when it arrives, against BlindPay's tolerance of 5 minutes: one sent
// before a jump of more than that and checked after it is refused as
// stale (401), and its retry comes minutes later in real time. Jumps within
// the tolerance can use Clock.Advance.
func (h *Harness) AdvanceClock(d time.Duration) {
	h.T.Helper()
	h.Settled()
	h.Clock.Advance(d)
}

// Settled waits (up to Patience) until no job is due, running or waiting
// for a retry, and no e-mail is waiting to be sent: everything the
// requests so far set off has happened. Jobs scheduled for later (a
// payment's expiry) are not waited for. When it gives up, it names the
// jobs still outstanding, with their attempts and last error, so a
// failure says which job did not finish and why.
func (h *Harness) Settled() {
	h.T.Helper()
	deadline := time.Now().Add(storetest.Patience)
	for {
		jobs, backlog := h.outstanding()
		if len(jobs) == 0 && backlog == 0 {
			return
		}
		if time.Now().After(deadline) {
			h.T.Fatalf("timed out waiting for the job queues to settle: %d e-mails waiting; jobs outstanding:\n%s",
				backlog, strings.Join(jobs, "\n"))
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// outstanding lists the jobs not yet done (Crebit's queue and, on SQLite,
// the sandbox partner's own) and counts the e-mails waiting in the outbox.
func (h *Harness) outstanding() (jobs []string, backlog int64) {
	ctx := context.Background()
	for _, q := range []struct {
		name string
		db   *store.DB
	}{{"crebit", h.DB}, {"sandbox", h.Stack.SandboxDB}} {
		if q.db == nil || (q.name == "sandbox" && q.db == h.DB) { // on PostgreSQL the sandbox shares Crebit's queue
			continue
		}
		lastError := `json_extract(errors, '$[#-1].error')` // River keeps errors as JSONB on SQLite
		if q.db.Engine() == store.Postgres {
			lastError = `errors[array_length(errors, 1)]->>'error'`
		}
		err := q.db.Read(ctx, func(tx *store.Tx) error {
			rows, err := tx.Query(ctx, `SELECT id, kind, state, attempt, CAST(scheduled_at AS TEXT), `+lastError+`
				FROM river_job WHERE state IN ('available', 'pending', 'running', 'retryable') ORDER BY id`)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var id int64
				var attempt int
				var kind, state, at string
				var last sql.NullString
				if err := rows.Scan(&id, &kind, &state, &attempt, &at, &last); err != nil {
					return err
				}
				jobs = append(jobs, fmt.Sprintf("  %s job %d %s: %s, attempt %d, scheduled %s, last error: %.400s",
					q.name, id, kind, state, attempt, at, last.String))
			}
			return rows.Err()
		})
		if err != nil {
			h.T.Fatal(err)
		}
	}
	// E-mails waiting in the outbox (its dispatcher is not a River job).
	err := h.DB.Read(ctx, func(tx *store.Tx) (err error) { backlog, err = outboxstore.OutboxBacklog(ctx, tx); return })
	if err != nil {
		h.T.Fatal(err)
	}
	return jobs, backlog
}
