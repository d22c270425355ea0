package live_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/live"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

func start(t *testing.T, db *store.DB) live.Broker {
	t.Helper()
	b := live.New(db, slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { b.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	select {
	case <-live.Ready(b):
	case <-time.After(storetest.Patience):
		t.Fatal("broker never ready")
	}
	return b
}

func publish(t *testing.T, db *store.DB, b live.Broker, id string, commit bool) {
	t.Helper()
	rollback := errors.New("roll back")
	err := db.Tx(context.Background(), func(tx *store.Tx) error {
		if err := b.PublishTx(context.Background(), tx, id); err != nil {
			return err
		}
		if !commit {
			return rollback
		}
		return nil
	})
	if commit && err != nil || !commit && !errors.Is(err, rollback) {
		t.Fatal(err)
	}
}

// woken waits for a wake-up with a deadline.
func woken(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	case <-time.After(storetest.Patience):
		return false
	}
}

// quiet reports that nothing is pending now, after a round trip through
// the broker for a marker payment: notifications arrive in commit order, so
// once the marker's arrived any earlier one would have too.
func quiet(t *testing.T, db *store.DB, b live.Broker, ch <-chan struct{}) bool {
	t.Helper()
	marker, stop := b.Subscribe("marker")
	defer stop()
	publish(t, db, b, "marker", true)
	if !woken(marker) {
		t.Fatal("marker never arrived")
	}
	select {
	case <-ch:
		return false
	default:
		return true
	}
}

func TestPublishReachesSubscribersAfterCommitOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		b := start(t, db)
		ch, stop := b.Subscribe("txn_a")
		other, stopOther := b.Subscribe("txn_b")
		defer stopOther()

		publish(t, db, b, "txn_a", false)
		if !quiet(t, db, b, ch) {
			t.Fatal("a rolled-back change was announced")
		}
		publish(t, db, b, "txn_a", true)
		if !woken(ch) {
			t.Fatal("committed change not announced")
		}
		if !quiet(t, db, b, other) {
			t.Fatal("another payment's subscriber was woken")
		}
		stop()
		publish(t, db, b, "txn_a", true)
		if !quiet(t, db, b, ch) {
			t.Fatal("an ended subscription still receives")
		}
	})
}

func TestTwoInstancesOnOnePostgres(t *testing.T) {
	db := storetest.Open(t, store.Postgres)
	a, b := start(t, db), start(t, db) // two brokers: two listening connections
	ch, stop := a.Subscribe("txn_x")
	defer stop()
	publish(t, db, b, "txn_x", true)
	if !woken(ch) {
		t.Fatal("instance A did not hear of B's change")
	}
}
