package jobs_test

import (
	"context"
	"errors"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

type pingArgs struct {
	N int `json:"n"`
}

func (pingArgs) Kind() string { return "test_ping" }

type pingWorker struct {
	river.WorkerDefaults[pingArgs]
	seen   *atomic.Int64
	failed *atomic.Int64
}

// Work fails the first attempt of odd N so retries are exercised.
func (w *pingWorker) Work(ctx context.Context, job *river.Job[pingArgs]) error {
	if job.Args.N%2 == 1 && job.Attempt == 1 {
		w.failed.Add(1)
		return errors.New("first attempt fails")
	}
	w.seen.Add(int64(job.Args.N))
	return nil
}

// Retry quickly so the test does not wait River's default backoff.
func (w *pingWorker) NextRetry(job *river.Job[pingArgs]) time.Time {
	return time.Now().Add(50 * time.Millisecond)
}

func newQueue(t *testing.T, db *store.DB, seen, failed *atomic.Int64) *jobs.Queue {
	q := jobs.New(db, slog.New(slog.DiscardHandler))
	q.PollInterval = 50 * time.Millisecond
	jobs.Register(q, &pingWorker{seen: seen, failed: failed})
	if err := q.Init(); err != nil {
		t.Fatal(err)
	}
	return q
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestJobsCommitRollbackRetryRestart(t *testing.T) {
	t.Parallel()
	for _, e := range storetest.Engines {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			opts := storetest.Options(t, e)
			db, err := store.Open(ctx, opts)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			if err := jobs.Migrate(ctx, db); err != nil {
				t.Fatal(err)
			}
			var seen, failed atomic.Int64
			q := newQueue(t, db, &seen, &failed)

			// A job inserted in a rolled-back transaction never exists.
			rollback := errors.New("rollback")
			err = db.Tx(ctx, func(tx *store.Tx) error {
				if err := q.InsertTx(ctx, tx, pingArgs{N: 1000}, nil); err != nil {
					return err
				}
				return rollback
			})
			if !errors.Is(err, rollback) {
				t.Fatal(err)
			}
			// Committed jobs inserted before a "crash" (no worker ever ran).
			err = db.Tx(ctx, func(tx *store.Tx) error {
				if err := q.InsertTx(ctx, tx, pingArgs{N: 2}, nil); err != nil {
					return err
				}
				return q.InsertTx(ctx, tx, pingArgs{N: 3}, nil)
			})
			if err != nil {
				t.Fatal(err)
			}
			db.Close()

			// Restart: a new process opens the same database and works them.
			db2, err := store.Open(ctx, opts)
			if err != nil {
				t.Fatal(err)
			}
			defer db2.Close()
			q2 := newQueue(t, db2, &seen, &failed)
			if err := q2.Start(ctx); err != nil {
				t.Fatal(err)
			}
			defer q2.Stop(context.Background())
			waitFor(t, "both jobs", func() bool { return seen.Load() == 5 })
			if failed.Load() != 1 {
				t.Fatalf("expected one failed first attempt, got %d", failed.Load())
			}
			time.Sleep(200 * time.Millisecond)
			if seen.Load() != 5 {
				t.Fatalf("rolled-back job ran or a job ran twice: total %d", seen.Load())
			}
		})
	}
}
