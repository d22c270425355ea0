package jobs_test

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

type slowArgs struct{}

func (slowArgs) Kind() string { return "slow" }

// slowWorker signals when it starts, then works until release is closed or
// its context is cancelled, and reports which came first.
type slowWorker struct {
	river.WorkerDefaults[slowArgs]
	started chan struct{}
	release chan struct{}
	ended   chan error // nil: finished; else the context's error
}

func (w slowWorker) Work(ctx context.Context, _ *river.Job[slowArgs]) error {
	close(w.started)
	select {
	case <-w.release:
		w.ended <- nil
		return nil
	case <-ctx.Done():
		w.ended <- ctx.Err()
		return ctx.Err()
	}
}

// startSlowJob starts a queue whose context the test cancels, and a job
// that is running once it returns.
func startSlowJob(t *testing.T, db *store.DB) (*jobs.Queue, context.CancelFunc, slowWorker) {
	t.Helper()
	w := slowWorker{started: make(chan struct{}), release: make(chan struct{}), ended: make(chan error, 1)}
	q := jobs.New(db, slog.New(slog.DiscardHandler))
	jobs.Register(q, w)
	if err := q.Init(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	if err := q.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if err := db.Tx(ctx, func(tx *store.Tx) error { return q.InsertTx(ctx, tx, slowArgs{}, nil) }); err != nil {
		t.Fatal(err)
	}
	select {
	case <-w.started:
	case <-time.After(storetest.Patience):
		t.Fatal("the job never started")
	}
	return q, cancel, w
}

// TestStopLetsARunningJobFinish: the end of the context the queue started
// with (a server's first signal) cancels no running job; Stop waits for it
// to finish.
func TestStopLetsARunningJobFinish(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		q, cancel, w := startSlowJob(t, db)
		cancel() // the signal
		select {
		case err := <-w.ended:
			t.Fatalf("the running job ended with the start context: %v", err)
		case <-time.After(200 * time.Millisecond):
		}
		stopped := make(chan error, 1)
		go func() { stopped <- q.Stop(context.Background()) }()
		select {
		case err := <-stopped:
			t.Fatalf("Stop returned (%v) while a job was still running", err)
		case <-time.After(200 * time.Millisecond):
		}
		close(w.release)
		if err := <-w.ended; err != nil {
			t.Fatalf("the job was cancelled: %v", err)
		}
		if err := <-stopped; err != nil {
			t.Fatalf("Stop: %v", err)
		}
	})
}

// TestStopCancelsWhatOutlivesItsDeadline: a job still running when Stop's
// context ends is cancelled, and Stop says it ran out of time.
func TestStopCancelsWhatOutlivesItsDeadline(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		q, cancel, w := startSlowJob(t, db)
		defer cancel()
		ctx, stop := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer stop()
		if err := q.Stop(ctx); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Stop past its deadline: %v, want the deadline's error", err)
		}
		select {
		case err := <-w.ended:
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("the job ended with %v, want its context cancelled", err)
			}
		case <-time.After(storetest.Patience):
			t.Fatal("the job outlived Stop")
		}
	})
}
