package store

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
)

// TestStatementCache: a query text runs unprepared the first time, is
// prepared once its transaction ends, and later transactions (on the writer
// and the readers, many at once) run it prepared with their own arguments.
func TestStatementCache(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, err := Open(ctx, Options{SQLitePath: filepath.Join(t.TempDir(), "c.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	setup := func(tx *Tx) error {
		_, err := tx.q.exec(ctx, `CREATE TABLE kv (k TEXT NOT NULL PRIMARY KEY, v INTEGER NOT NULL)`)
		return err
	}
	if err := db.Tx(ctx, setup); err != nil {
		t.Fatal(err)
	}
	const insert = `INSERT INTO kv (k, v) VALUES (?, ?)`
	const read = `SELECT v FROM kv WHERE k = ?`
	if db.wcache.get(insert) != nil {
		t.Fatal("cached before first use")
	}
	for i, k := range []string{"a", "b", "c"} {
		if err := db.Tx(ctx, func(tx *Tx) error { _, err := tx.q.exec(ctx, insert, k, i+1); return err }); err != nil {
			t.Fatal(err)
		}
		if db.wcache.get(insert) == nil {
			t.Fatalf("after insert %d the statement is not prepared", i)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 60)
	for n := range 60 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k, want := []string{"a", "b", "c"}[n%3], n%3+1
			var got int
			if err := db.Read(ctx, func(tx *Tx) error { return tx.q.queryRow(ctx, read, k).Scan(&got) }); err != nil {
				errs <- err
				return
			}
			if got != want {
				t.Errorf("read %s = %d, want %d", k, got, want)
			}
			// The same text in a writing transaction, which then fails: the
			// rollback leaves the prepared statement usable.
			_ = db.Tx(ctx, func(tx *Tx) error {
				if err := tx.q.queryRow(ctx, read, k).Scan(&got); err != nil {
					return err
				}
				_, err := tx.q.exec(ctx, insert, k, 0) // duplicate key
				return err
			})
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if db.rcache.get(read) == nil || db.wcache.get(read) == nil {
		t.Fatal("the read was not prepared on both pools")
	}
	var missing int
	err = db.Read(ctx, func(tx *Tx) error { return tx.q.queryRow(ctx, read, "zz").Scan(&missing) })
	if err == nil {
		t.Fatal("a missing row scanned without error")
	}
}
