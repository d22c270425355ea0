package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/session"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/sessionstore"
	"github.com/crebit/crebit/internal/store/storetest"
)

// ReadOne and WriteOne run one statement (on PostgreSQL outside a
// transaction): a session lookup finds the session or says ErrNotFound, and
// concurrent rate-limit hits through WriteOne count every one and stop at
// the limit.
func TestReadOneAndWriteOne(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 27, 4, 0, 0, 0, time.UTC)
		_, id := session.NewToken()
		s := session.Session{ID: id, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(time.Hour)}
		if err := db.Tx(ctx, func(tx *store.Tx) error { return sessionstore.CreateSession(ctx, tx, s) }); err != nil {
			t.Fatal(err)
		}
		var got session.Session
		if err := db.ReadOne(ctx, func(tx *store.Tx) (err error) { got, err = sessionstore.Session(ctx, tx, id); return }); err != nil || got.ID != id {
			t.Fatalf("ReadOne: %+v, %v", got, err)
		}
		_, other := session.NewToken()
		if err := db.ReadOne(ctx, func(tx *store.Tx) error { _, err := sessionstore.Session(ctx, tx, other); return err }); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("ReadOne of an unknown session: %v", err)
		}

		const hits, limit = 30, 20
		var mu sync.Mutex
		allowed := 0
		var wg sync.WaitGroup
		for range hits {
			wg.Go(func() {
				var ok bool
				err := db.WriteOne(ctx, func(tx *store.Tx) (err error) {
					ok, err = tx.HitRateLimit(ctx, "test:one", 1, limit, now, now.Add(time.Hour))
					return err
				})
				if err != nil {
					t.Error(err)
				}
				if ok {
					mu.Lock()
					allowed++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if allowed != limit {
			t.Fatalf("%d of %d hits allowed, want %d", allowed, hits, limit)
		}
	})
}
