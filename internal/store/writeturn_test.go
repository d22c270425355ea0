package store

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
)

// TestWritersTakeTurnsInOrder: on SQLite, transactions waiting for the one
// writer start in the order they asked, and one that gives up waiting
// (its context ends) leaves without taking a turn. It runs in a synctest
// bubble: each writer is known to be waiting (durably blocked) before the
// next asks, whatever the machine's speed (a 20 ms sleep once let two
// writers ask in the other order on a loaded CI machine).
func TestWritersTakeTurnsInOrder(t *testing.T) {
	t.Parallel()
	synctest.Test(t, writersTakeTurnsInOrder)
}

func writersTakeTurnsInOrder(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, Options{SQLitePath: filepath.Join(t.TempDir(), "w.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	release := make(chan struct{})
	holding := make(chan struct{})
	go db.Tx(ctx, func(tx *Tx) error { close(holding); <-release; return nil })
	<-holding

	// One waiter gives up while the writer is busy.
	gaveUp := make(chan error, 1)
	cctx, cancel := context.WithCancel(ctx)
	go func() { gaveUp <- db.Tx(cctx, func(tx *Tx) error { t.Error("a cancelled waiter ran"); return nil }) }()

	var mu sync.Mutex
	var order []int
	var wg sync.WaitGroup
	const waiters = 8
	for i := range waiters {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := db.Tx(ctx, func(tx *Tx) error {
				mu.Lock()
				order = append(order, i)
				mu.Unlock()
				return nil
			}); err != nil {
				t.Error(err)
			}
		}()
		synctest.Wait() // it is waiting for the writer before the next one asks
	}
	cancel()
	if err := <-gaveUp; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled waiter: %v, want context.Canceled", err)
	}
	close(release)
	wg.Wait()
	want := make([]int, waiters)
	for i := range want {
		want[i] = i
	}
	if !slices.Equal(order, want) {
		t.Fatalf("writers started in the order %v, want %v", order, want)
	}
}
