// Package conformance is one suite of store cases that every engine must
// pass, in the shape of River's riverdrivertest: Exercise runs named,
// parallel subtests, each on a fresh database from open, and asserts what a
// caller of the store relies on (round trips, uniqueness, ErrNotFound and
// ErrConflict, ordering, expiry). internal/store runs it on SQLite and
// PostgreSQL from one test.
package conformance

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
	"github.com/crebit/crebit/internal/store/sessionstore"
)

// Exercise runs every case on databases returned by open, which must give
// each call a fresh, migrated database that lives until t ends. Cases that
// only touch rows with their own random ids share one database (migrating
// one per case took a second each); cases that count or sweep whole tables
// get their own.
func Exercise(t *testing.T, open func(t *testing.T) *store.DB) {
	t.Helper()
	s := &suite{open: open, shared: open(t)}
	exerciseSessions(t, s)
	exerciseCustomers(t, s)
	exerciseQuotes(t, s)
	exercisePayments(t, s)
	exerciseOneStatementReads(t, s)
	exerciseHolds(t, s)
	exerciseLedger(t, s)
	exerciseInbox(t, s)
	exerciseOutbox(t, s)
	exerciseScholarships(t, s)
	exerciseDashboard(t, s)
	exerciseSupport(t, s)
	exerciseTx(t, s)
}

// suite hands databases to the cases.
type suite struct {
	open   func(t *testing.T) *store.DB
	shared *store.DB
}

// bundle is what a case works with: a database and a fixed clock at
// microsecond precision (the finest both engines keep).
type bundle struct {
	ctx context.Context
	db  *store.DB
	now time.Time
}

// setup gives a case the shared database: it must use ids no other case uses.
func (s *suite) setup(t *testing.T) *bundle {
	t.Helper()
	return &bundle{ctx: context.Background(), db: s.shared, now: time.Date(2026, 11, 23, 15, 4, 5, 123456000, time.UTC)}
}

// fresh gives a case a database of its own, for sweeps and whole-table reads.
func (s *suite) fresh(t *testing.T) *bundle {
	t.Helper()
	b := s.setup(t)
	b.db = s.open(t)
	return b
}

// exec runs fn in one transaction and fails the test on an error.
func (b *bundle) exec(t *testing.T, fn func(tx *store.Tx) error) {
	t.Helper()
	if err := b.db.Tx(b.ctx, fn); err != nil {
		t.Fatalf("%v", err)
	}
}

// read runs fn in its own transaction and returns its value and error.
func read[T any](b *bundle, fn func(tx *store.Tx) (T, error)) (T, error) {
	var v T
	err := b.db.Tx(b.ctx, func(tx *store.Tx) (err error) { v, err = fn(tx); return err })
	return v, err
}

// must is read that fails the test on an error.
func must[T any](t *testing.T, b *bundle, fn func(tx *store.Tx) (T, error)) T {
	t.Helper()
	v, err := read(b, fn)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return v
}

// equal fails when got and want differ, printing both.
func equal(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s:\n got  %+v\n want %+v", what, got, want)
	}
}

// requireIs fails unless err wraps target.
func requireIs(t *testing.T, what string, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Fatalf("%s: want %v, got %v", what, target, err)
	}
}

// exerciseTx checks that a transaction commits everything or nothing.
func exerciseTx(t *testing.T, s *suite) {
	t.Run("Tx", func(t *testing.T) {
		t.Parallel()
		t.Run("RollsBackWhenFnFails", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			email := randid.New("sub") + "@example.org"
			boom := errors.New("boom")
			err := b.db.Tx(b.ctx, func(tx *store.Tx) error {
				if _, err := accountstore.Subscribe(b.ctx, tx, email, "landing", b.now); err != nil {
					return err
				}
				return boom
			})
			requireIs(t, "Tx error", err, boom)
			n := must(t, b, func(tx *store.Tx) (int, error) { return accountstore.CountSubscribers(b.ctx, tx, email) })
			equal(t, "subscribers after rollback", n, 0)
		})
		t.Run("ConflictLeavesEarlierWritesOfOtherTransactions", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			s := newSession(b)
			b.exec(t, func(tx *store.Tx) error { return sessionstore.CreateSession(b.ctx, tx, s) })
			err := b.db.Tx(b.ctx, func(tx *store.Tx) error { return sessionstore.CreateSession(b.ctx, tx, s) })
			requireIs(t, "second CreateSession", err, store.ErrConflict)
			if _, err := read(b, func(tx *store.Tx) (any, error) { return sessionstore.Session(b.ctx, tx, s.ID) }); err != nil {
				t.Fatalf("first session lost: %v", err)
			}
		})
	})
}
