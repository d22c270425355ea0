package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// Group commit (SQLite). SQLite has one writer, and a commit costs more
// than the short transactions it ends: it writes every page they touched
// to the WAL, and the next BEGIN takes the lock again. Profiled at 32
// browsers creating quotes, BEGIN and COMMIT were 60% of the time in
// DB.Tx. So when several DB.Tx calls queue for the writer, they share
// one SQLite transaction:
//
//   - each call runs in a savepoint of it; a call whose fn fails (or
//     panics) is rolled back to its savepoint and leaves the others be;
//   - a call that succeeds hands the open transaction to the next one in
//     the queue, and the last of a group (no one waiting, maxGroup calls
//     in it, or River's own statements waiting for the connection) commits
//     it for all of them;
//   - every call returns only once the commit is done: nil if its work is
//     durable, the commit's error if it is not. AfterCommit hooks run
//     after that commit, in the caller's goroutine, as before. A call
//     whose fn failed waits too, and returns its error only if the group
//     committed: its error may rest on what an earlier call of the group
//     wrote.
//
// What a call sees is unchanged: the calls run one at a time, each after
// the last; readers see none of a group until it commits. One call can
// make another fail only by breaking the shared transaction itself (the
// connection fails, or SQLite rolls the whole transaction back on an I/O
// error); every call of that group then gets the error, and none of its
// work is kept. So that a caller that goes away cannot cause that, the
// statements of a call are not interrupted when its context is cancelled
// (they are short, and the call itself returns as soon as it is done).

// maxGroup bounds the calls sharing one commit, so a long queue still
// commits every so often and no call waits behind more than maxGroup-1
// others for its commit.
const maxGroup = 32

// group is one SQLite transaction shared by the DB.Tx calls that run in it.
type group struct {
	stx *sql.Tx
	n   int // calls whose work is in it
	// poolWaits is the writer pool's WaitCount when it began: a later
	// count means someone outside DB.Tx (River's own statements) waits
	// for the connection this transaction holds.
	poolWaits int64
	done      chan struct{} // closed once it has committed or failed
	err       error         // why it failed; set before done closes
}

// sqliteTx is DB.Tx on SQLite.
func (db *DB) sqliteTx(ctx context.Context, fn func(tx *Tx) error) error {
	asked := time.Now()
	// Count this call as waiting before asking for the turn: a call that
	// leaves its group open for the next one relies on it.
	db.waiting.Add(1)
	select {
	case db.writeTurn <- struct{}{}:
	case <-ctx.Done():
		// Still counted as waiting: someone may have left a group open
		// for this call. flush takes the turn in its place.
		go db.flush()
		return fmt.Errorf("begin: %w", ctx.Err())
	}
	db.waiting.Add(-1)
	db.writes.Add(1)
	db.writeWait.Add(int64(time.Since(asked)))

	g := db.open
	if g == nil {
		stx, err := db.sqlDB.BeginTx(context.Background(), nil)
		if err != nil {
			<-db.writeTurn
			return fmt.Errorf("begin: %w", err)
		}
		g = &group{stx: stx, done: make(chan struct{}), poolWaits: db.sqlDB.Stats().WaitCount}
		db.open = g
	}
	bg := context.Background()
	if _, err := g.stx.ExecContext(bg, "SAVEPOINT crebit_tx"); err != nil {
		db.fail(g, err)
		<-db.writeTurn
		return fmt.Errorf("begin: %w", err)
	}
	tx := &Tx{q: sqlQuerier{g.stx}, raw: g.stx, engine: SQLite, detached: true}
	finished := false
	defer func() {
		if !finished {
			// fn panicked (the panic goes on once the writer is free) or
			// ended its goroutine (runtime.Goexit: t.Fatal in a test).
			db.finish(g, false)
		}
	}()
	fnErr := fn(tx)
	if fnErr == nil {
		fnErr = tx.flushBalances(bg)
	}
	finished = true
	db.finish(g, fnErr == nil)
	// A call that failed waits for the group too: what it read may be an
	// earlier call's work that is not committed yet, and its error (say,
	// a conflict with that work) holds only if that work is kept.
	<-g.done
	if g.err != nil {
		return fmt.Errorf("commit: %w", g.err)
	}
	if fnErr != nil {
		return fnErr
	}
	tx.committed()
	return nil
}

// finish ends a call's part in g: keeps its work (ok) or rolls it back to
// its savepoint, then commits g or leaves it open for the next waiting
// call, and gives up the writer's turn, which the caller holds.
func (db *DB) finish(g *group, ok bool) {
	bg := context.Background()
	var err error
	if ok {
		_, err = g.stx.ExecContext(bg, "RELEASE crebit_tx")
	} else if _, err = g.stx.ExecContext(bg, "ROLLBACK TO crebit_tx"); err == nil {
		_, err = g.stx.ExecContext(bg, "RELEASE crebit_tx")
	}
	switch {
	case err != nil:
		// The shared transaction is gone: nothing of this group is kept,
		// and every call in it gets this error.
		db.fail(g, err)
	case ok:
		g.n++
	}
	if db.open == g && (g.n == 0 || g.n >= maxGroup || db.waiting.Load() == 0 ||
		db.sqlDB.Stats().WaitCount > g.poolWaits) {
		db.end(g)
	}
	<-db.writeTurn
}

// end commits g (rolls it back if no call's work is in it) and tells its
// calls. The caller holds the turn.
func (db *DB) end(g *group) {
	db.open = nil
	if g.n == 0 {
		g.stx.Rollback() //nolint:errcheck // nothing to keep
		close(g.done)
		return
	}
	db.commits.Add(1)
	if err := g.stx.Commit(); err != nil {
		g.err = err
	}
	close(g.done)
}

// fail rolls g back for good and tells its calls why. The caller holds
// the turn.
func (db *DB) fail(g *group, err error) {
	db.open = nil
	g.stx.Rollback() //nolint:errcheck // already broken
	g.err = fmt.Errorf("the shared transaction failed: %w", err)
	close(g.done)
}

// flush takes the turn for a call that stopped waiting for it (still
// counted in waiting) and ends the open group unless another caller is
// on its way.
func (db *DB) flush() {
	db.writeTurn <- struct{}{}
	if db.waiting.Add(-1) == 0 && db.open != nil {
		db.end(db.open)
	}
	<-db.writeTurn
}
