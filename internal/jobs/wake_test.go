package jobs_test

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

type noteArgs struct {
	N int `json:"n"`
}

func (noteArgs) Kind() string { return "note" }

// noteWorker records which jobs ran.
type noteWorker struct {
	river.WorkerDefaults[noteArgs]
	mu  *sync.Mutex
	ran map[int]bool
}

func (w noteWorker) Work(_ context.Context, j *river.Job[noteArgs]) error {
	w.mu.Lock()
	w.ran[j.Args.N] = true
	w.mu.Unlock()
	return nil
}

// TestCommittedJobIsWorkedWithoutPolling: with the workers' poll an hour
// away, every job still runs soon after the transaction that inserts it
// commits — one at a time with pauses between (the workers idle in
// between) and many at once — because the commit wakes them (wake.go). The
// limit is generous; it only has to be far below the poll.
func TestCommittedJobIsWorkedWithoutPolling(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		q := jobs.New(db, slog.New(slog.DiscardHandler))
		q.PollInterval = time.Hour
		var mu sync.Mutex
		ran := map[int]bool{}
		jobs.Register(q, noteWorker{mu: &mu, ran: ran})
		if err := q.Init(); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		if err := q.Start(ctx); err != nil {
			t.Fatal(err)
		}
		defer q.Stop(context.Background())

		insert := func(n int) {
			if err := db.Tx(ctx, func(tx *store.Tx) error { return q.InsertTx(ctx, tx, noteArgs{N: n}, nil) }); err != nil {
				t.Error(err)
			}
		}
		waitRan := func(ns ...int) {
			t.Helper()
			deadline := time.Now().Add(storetest.Patience)
			for {
				mu.Lock()
				missing := 0
				for _, n := range ns {
					if !ran[n] {
						missing++
					}
				}
				mu.Unlock()
				if missing == 0 {
					return
				}
				if time.Now().After(deadline) {
					t.Fatalf("%d of %d committed jobs not worked (the next poll is an hour away)", missing, len(ns))
				}
				time.Sleep(5 * time.Millisecond)
			}
		}
		for n := range 5 { // one at a time, the workers idle between
			insert(n)
			waitRan(n)
			time.Sleep(50 * time.Millisecond)
		}
		var wg sync.WaitGroup
		var burst []int
		for n := 100; n < 140; n++ { // many at once
			burst = append(burst, n)
			wg.Go(func() { insert(n) })
		}
		wg.Wait()
		waitRan(burst...)
	})
}
