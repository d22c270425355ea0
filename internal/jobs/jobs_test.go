package jobs_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

type failArgs struct {
	PaymentID string `json:"payment_id"`
}

func (failArgs) Kind() string { return "always_fails" }

type failWorker struct {
	river.WorkerDefaults[failArgs]
}

func (failWorker) Work(context.Context, *river.Job[failArgs]) error {
	return errors.New("partner down")
}

type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) { s.mu.Lock(); defer s.mu.Unlock(); return s.b.Write(p) }
func (s *syncBuf) String() string              { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// TestExhaustedJobIsLoggedAtErrorAndCounted: a job's last failed attempt
// is an ERROR line naming the payment, and OnError hears final=true.
func TestExhaustedJobIsLoggedAtErrorAndCounted(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		var logs syncBuf
		q := jobs.New(db, slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn})))
		var mu sync.Mutex
		var finals, retries int
		q.OnError = func(kind string, final bool) {
			mu.Lock()
			defer mu.Unlock()
			if final {
				finals++
			} else {
				retries++
			}
		}
		jobs.Register(q, failWorker{})
		if err := q.Init(); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		if err := q.Start(ctx); err != nil {
			t.Fatal(err)
		}
		defer q.Stop(context.Background())
		err := db.Tx(ctx, func(tx *store.Tx) error {
			return q.InsertTx(ctx, tx, failArgs{PaymentID: "txn_stuck"}, &river.InsertOpts{MaxAttempts: 1})
		})
		if err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(storetest.Patience)
		for !strings.Contains(logs.String(), "level=ERROR") {
			if time.Now().After(deadline) {
				t.Fatalf("no ERROR line; log:\n%s", logs.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
		line := logs.String()
		if !strings.Contains(line, "transaction_id=txn_stuck") || !strings.Contains(line, "kind=always_fails") {
			t.Fatalf("ERROR line lacks the payment or kind:\n%s", line)
		}
		mu.Lock()
		defer mu.Unlock()
		if finals != 1 || retries != 0 {
			t.Fatalf("OnError finals %d retries %d, want 1 and 0", finals, retries)
		}
	})
}
