package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// openScratch opens an empty SQLite database with one table, t(n).
func openScratch(t *testing.T) *DB {
	t.Helper()
	ctx := context.Background()
	db, err := Open(ctx, Options{SQLitePath: filepath.Join(t.TempDir(), "g.db")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Tx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, "CREATE TABLE t (n INTEGER PRIMARY KEY, pad TEXT)")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return db
}

// rowsIn lists t's n values, read on a reader connection (what others see).
func rowsIn(t *testing.T, db *DB) map[int]bool {
	t.Helper()
	got := map[int]bool{}
	if err := db.Read(context.Background(), func(tx *Tx) error {
		r, err := tx.query(context.Background(), "SELECT n FROM t")
		if err != nil {
			return err
		}
		defer r.Close()
		for r.Next() {
			var n int
			if err := r.Scan(&n); err != nil {
				return err
			}
			got[n] = true
		}
		return r.Err()
	}); err != nil {
		t.Fatal(err)
	}
	return got
}

// holdWriter runs a transaction that keeps the writer until release is
// closed, and returns once it holds it; its result arrives on the channel.
func holdWriter(t *testing.T, db *DB, n int) (release chan struct{}, result chan error) {
	t.Helper()
	release, result, holding := make(chan struct{}), make(chan error, 1), make(chan struct{})
	go func() {
		result <- db.Tx(context.Background(), func(tx *Tx) error {
			close(holding)
			<-release
			return insert(n)(tx)
		})
	}()
	<-holding
	return release, result
}

// insert is a transaction function that adds row n to t.
func insert(n int) func(tx *Tx) error {
	return func(tx *Tx) error {
		_, err := tx.Exec(context.Background(), "INSERT INTO t (n) VALUES (?)", n)
		return err
	}
}

// queueCalls starts a DB.Tx call for each non-nil fns[i] while the caller
// holds the writer, each once the one before it waits for its turn, so
// they run in that order; wait returns each call's error and panic value
// at the same index.
func queueCalls(t *testing.T, db *DB, fns []func(tx *Tx) error) (wait func() (errs []error, panics []any)) {
	t.Helper()
	errs, panics := make([]error, len(fns)), make([]any, len(fns))
	var wg sync.WaitGroup
	queued := db.waiting.Load()
	for i, fn := range fns {
		if fn == nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { panics[i] = recover() }()
			errs[i] = db.Tx(context.Background(), fn)
		}()
		queued++
		waitQueued(t, db, queued)
	}
	return func() ([]error, []any) { wg.Wait(); return errs, panics }
}

// succeedsWithin waits up to 10 s for a nil result on result, and fails
// the test with stuck if none comes.
func succeedsWithin(t *testing.T, result <-chan error, stuck string) {
	t.Helper()
	select {
	case err := <-result:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal(stuck)
	}
}

// waitQueued waits until n calls wait for the writer.
func waitQueued(t *testing.T, db *DB, n int64) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); db.waiting.Load() != n; {
		if time.Now().After(deadline) {
			t.Fatalf("%d calls waiting for the writer, want %d", db.waiting.Load(), n)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestQueuedWritersShareOneCommit: transactions that queue behind the
// writer are committed together, each one's work is visible once its
// call returns, and a call that fails or panics in the middle of a group
// is rolled back alone.
func TestQueuedWritersShareOneCommit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := openScratch(t)
	before := db.WriteStats()
	release, first := holdWriter(t, db, 0)

	const queued = 8
	fns := make([]func(tx *Tx) error, queued+1) // 0 is the holder
	for i := 1; i <= queued; i++ {
		fns[i] = func(tx *Tx) error {
			if err := insert(i)(tx); err != nil {
				return err
			}
			switch i {
			case 3:
				return errors.New("refused")
			case 5:
				panic("boom")
			case 6: // breaks a constraint after its own insert
				return insert(1)(tx)
			}
			return nil
		}
	}
	wait := queueCalls(t, db, fns)
	close(release)
	if err := <-first; err != nil {
		t.Fatalf("the holder: %v", err)
	}
	errs, panics := wait()

	got := rowsIn(t, db)
	for i := 0; i <= queued; i++ {
		failed := i == 3 || i == 5 || i == 6
		if got[i] == failed {
			t.Errorf("row %d stored = %v, want %v", i, got[i], !failed)
		}
		switch {
		case i == 3 && (errs[i] == nil || errs[i].Error() != "refused"):
			t.Errorf("call 3 returned %v, want its own error", errs[i])
		case i == 5 && panics[i] != "boom":
			t.Errorf("call 5 panicked with %v, want its own panic", panics[i])
		case i == 6 && !errors.Is(errs[i], ErrConflict):
			t.Errorf("call 6 returned %v, want ErrConflict", errs[i])
		case !failed && i > 0 && errs[i] != nil:
			t.Errorf("call %d: %v", i, errs[i])
		}
	}
	after := db.WriteStats()
	if n := after.Transactions - before.Transactions; n != queued+1 {
		t.Errorf("%d transactions counted, want %d", n, queued+1)
	}
	if c := after.Commits - before.Commits; c != 1 {
		t.Errorf("%d commits for the holder and %d queued calls, want 1", c, queued)
	}
	// The writer is free again.
	if err := db.Tx(ctx, insert(100)); err != nil || !rowsIn(t, db)[100] {
		t.Fatalf("writing after the group: %v", err)
	}
}

// TestAfterCommitRunsOnceTheGroupCommits: a call's AfterCommit hook runs
// after the shared commit, when its work can be read, and never for a
// call rolled back to its savepoint.
func TestAfterCommitRunsOnceTheGroupCommits(t *testing.T) {
	t.Parallel()
	db := openScratch(t)
	release, first := holdWriter(t, db, 0)
	var mu sync.Mutex
	saw := map[int]bool{} // hook ran: was the row readable then?
	fns := make([]func(tx *Tx) error, 5)
	for i := 1; i <= 4; i++ {
		fns[i] = func(tx *Tx) error {
			if err := insert(i)(tx); err != nil {
				return err
			}
			tx.AfterCommit(func() {
				visible := rowsIn(t, db)[i]
				mu.Lock()
				saw[i] = visible
				mu.Unlock()
			})
			if i == 2 {
				return errors.New("refused")
			}
			return nil
		}
	}
	wait := queueCalls(t, db, fns)
	close(release)
	<-first
	wait() // call 2 fails on purpose
	want := map[int]bool{1: true, 3: true, 4: true}
	if fmt.Sprint(saw) != fmt.Sprint(want) {
		t.Fatalf("hooks ran (row readable) %v, want %v", saw, want)
	}
}

// TestGroupLeftForAWaiterThatGaveUpIsCommitted: a call that finds another
// waiting leaves the transaction open for it; if that one gives up (its
// context ends) before its turn, the open transaction is still committed
// and the first call returns.
func TestGroupLeftForAWaiterThatGaveUpIsCommitted(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := openScratch(t)
	release, first := holdWriter(t, db, 1)
	cctx, cancel := context.WithCancel(ctx)
	gaveUp := make(chan error, 1)
	go func() {
		gaveUp <- db.Tx(cctx, func(tx *Tx) error { t.Error("a cancelled waiter ran"); return nil })
	}()
	waitQueued(t, db, 1)
	cancel()
	if err := <-gaveUp; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled waiter: %v", err)
	}
	close(release)
	succeedsWithin(t, first, "the first call never returned: its transaction was left open")
	if !rowsIn(t, db)[1] {
		t.Fatal("the first call's row is not stored")
	}
}

// TestCheckpointsBesideTheWriter: pages committed to the WAL reach the
// database file within a few checkpoint rounds, though the writer itself
// checkpoints only every 8,000 pages.
func TestCheckpointsBesideTheWriter(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := openScratch(t)
	info, err := os.Stat(db.Path())
	if err != nil {
		t.Fatal(err)
	}
	pad := strings.Repeat("x", 4000)
	for i := range 200 { // about 200 pages, well under 8,000
		if err := db.Tx(ctx, func(tx *Tx) error {
			_, err := tx.Exec(ctx, "INSERT INTO t (n, pad) VALUES (?, ?)", i, pad)
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		now, err := os.Stat(db.Path())
		if err != nil {
			t.Fatal(err)
		}
		if grew := now.Size() - info.Size(); grew >= 200*4000 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("database file grew %d bytes in 10 s, want the 200 rows (800 KB) checkpointed into it", now.Size()-info.Size())
		}
	}
	if s := db.WriteStats(); s.CheckpointErrors != 0 {
		t.Fatalf("%d checkpoints failed", s.CheckpointErrors)
	}
}

// TestWriterSurvivesACallThatEndsItsGoroutine: a transaction function that
// ends its goroutine (runtime.Goexit, as t.Fatal does) is rolled back and
// frees the writer.
func TestWriterSurvivesACallThatEndsItsGoroutine(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := openScratch(t)
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		db.Tx(ctx, func(tx *Tx) error { //nolint:errcheck // never returns
			if err := insert(1)(tx); err != nil {
				t.Error(err)
			}
			runtime.Goexit()
			return nil
		})
	}()
	<-ended
	done := make(chan error, 1)
	go func() { done <- db.Tx(ctx, insert(2)) }()
	succeedsWithin(t, done, "the writer is still held by a goroutine that ended")
	if got := rowsIn(t, db); got[1] || !got[2] {
		t.Fatalf("rows %v, want only 2", got)
	}
}

// TestGroupYieldsToStatementsOutsideTx: River's own statements use the
// writer connection directly; one that waits for it ends the group, so it
// runs before the calls still queued instead of after all of them.
func TestGroupYieldsToStatementsOutsideTx(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := openScratch(t)
	before := db.WriteStats()
	release, first := holdWriter(t, db, 0)
	wait := queueCalls(t, db, []func(tx *Tx) error{1: insert(1), 2: insert(2)})
	waits := db.sqlDB.Stats().WaitCount
	outside := make(chan error, 1)
	go func() {
		_, err := db.sqlDB.ExecContext(ctx, "INSERT INTO t (n) VALUES (50)")
		outside <- err
	}()
	for deadline := time.Now().Add(10 * time.Second); db.sqlDB.Stats().WaitCount == waits; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the outside statement never waited for the connection")
		}
	}
	close(release)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if err := <-outside; err != nil {
		t.Fatal(err)
	}
	if errs, _ := wait(); errs[1] != nil || errs[2] != nil {
		t.Fatalf("queued calls: %v", errs)
	}
	if c := db.WriteStats().Commits - before.Commits; c != 2 {
		t.Fatalf("%d commits, want 2: the holder's alone, then the two queued calls'", c)
	}
	if got := rowsIn(t, db); len(got) != 4 {
		t.Fatalf("rows %v, want 0, 1, 2 and 50", got)
	}
}

// TestGroupThatFailsFailsEveryCall: when the shared transaction breaks,
// every call of the group gets an error and none of its work is kept; a
// call whose own error rested on an earlier call's work (here: "row 0
// exists") gets the group's failure instead, since that work is gone.
func TestGroupThatFailsFailsEveryCall(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := openScratch(t)
	release, first := holdWriter(t, db, 0)
	fns := []func(tx *Tx) error{
		1: func(tx *Tx) error {
			var n int
			if err := tx.QueryRow(ctx, "SELECT count(*) FROM t WHERE n = 0").Scan(&n); err != nil {
				return err
			}
			if n == 1 {
				return errors.New("row 0 exists")
			}
			return nil
		},
		2: func(tx *Tx) error { // ends the shared transaction under everyone's feet
			_, err := tx.Exec(ctx, "ROLLBACK")
			return err
		},
	}
	wait := queueCalls(t, db, fns)
	close(release)
	errs, _ := wait()
	errs[0] = <-first
	for i, err := range errs {
		if err == nil || !strings.Contains(err.Error(), "the shared transaction failed") {
			t.Errorf("call %d returned %v, want the group's failure", i, err)
		}
	}
	if got := rowsIn(t, db); len(got) != 0 {
		t.Fatalf("rows %v kept from a failed group", got)
	}
	if err := db.Tx(ctx, insert(7)); err != nil || !rowsIn(t, db)[7] {
		t.Fatalf("writing after the failed group: %v", err)
	}
}
