package apptest

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/outboxstore"
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

// Settled waits (up to 20 seconds) until no job is due, running or waiting
// for a retry, and no e-mail is waiting to be sent: everything the requests so far set off has happened. Jobs
// scheduled for later (a payment's expiry) are not waited for.
func (h *Harness) Settled() {
	h.T.Helper()
	h.Eventually("the job queues to settle", func() bool {
		// Crebit's queue and, on SQLite, the sandbox partner's own.
		for _, db := range []*store.DB{h.DB, h.Stack.SandboxDB} {
			if db == nil {
				continue
			}
			var n int
			err := db.Read(context.Background(), func(tx *store.Tx) error {
				return tx.QueryRow(context.Background(), `SELECT COUNT(*) FROM river_job
					WHERE state IN ('available', 'pending', 'running', 'retryable')`).Scan(&n)
			})
			if err != nil {
				h.T.Fatal(err)
			}
			if n > 0 {
				return false
			}
		}
		// E-mails waiting in the outbox (its dispatcher is not a River job).
		var n int64
		err := h.DB.Read(context.Background(), func(tx *store.Tx) (err error) { n, err = outboxstore.OutboxBacklog(context.Background(), tx); return })
		if err != nil {
			h.T.Fatal(err)
		}
		return n == 0
	})
}
