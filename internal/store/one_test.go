package store_test

import (
	"context"
	"errors"
	"fmt"
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
					counted, err := tx.HitRateLimits(ctx, 1, []store.RateKey{{Key: "test:one", Limit: limit}}, now, now.Add(time.Hour))
					ok = err == nil && counted[0]
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

// HitRateLimits counts one attempt under several keys in one statement,
// each against its own limit, and says which counted it; a key at its
// limit is left as it was, and UnhitRateLimits gives counted hits back.
func TestHitRateLimitsCountsEachKeyAgainstItsOwnLimit(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		start := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
		ip, sess, closed := store.RateKey{Key: "t:ip:1", Limit: 4}, store.RateKey{Key: "t:session:1", Limit: 2}, store.RateKey{Key: "t:session:2", Limit: 0}
		hit := func(keys ...store.RateKey) string {
			t.Helper()
			var got []bool
			if err := db.WriteOne(ctx, func(tx *store.Tx) (err error) {
				got, err = tx.HitRateLimits(ctx, 1, keys, start, start.Add(time.Hour))
				return err
			}); err != nil {
				t.Fatal(err)
			}
			return fmt.Sprint(got)
		}
		for i, want := range []string{"[true true]", "[true true]", "[true false]", "[true false]", "[false false]"} {
			if got := hit(ip, sess); got != want {
				t.Fatalf("attempt %d: counted %s, want %s", i+1, got, want)
			}
		}
		if err := db.WriteOne(ctx, func(tx *store.Tx) error { return tx.UnhitRateLimits(ctx, 1, []string{ip.Key}, start) }); err != nil {
			t.Fatal(err)
		}
		if got := hit(ip, sess); got != "[true false]" {
			t.Fatalf("after a hit was given back: counted %s, want [true false]", got)
		}
		if got := hit(closed, store.RateKey{Key: "t:ip:2", Limit: 1}); got != "[false true]" {
			t.Fatalf("a key whose limit is 0 beside a fresh one: counted %s, want [false true]", got)
		}
		var hits int
		if err := db.Read(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT COALESCE(SUM(hits), 0) FROM rate_limits WHERE key IN (?, ?)`, closed.Key, ip.Key).Scan(&hits)
		}); err != nil {
			t.Fatal(err)
		}
		if hits != 4 {
			t.Fatalf("%d hits stored under the full and the closed key, want 4", hits)
		}
	})
}
