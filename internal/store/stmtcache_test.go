package store

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestStatementCache: statements run through the store are kept compiled per
// connection and give the same answers as before: with other arguments, after
// a failure, nested in the rows of the same text, and on many readers at once.
func TestStatementCache(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, err := Open(ctx, Options{SQLitePath: filepath.Join(t.TempDir(), "c.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	exec := func(q string, args ...any) error {
		return db.Tx(ctx, func(tx *Tx) error { _, err := tx.q.exec(ctx, q, args...); return err })
	}
	cached := func() int {
		c, err := db.sqlDB.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		n := -1
		if err := c.Raw(func(dc any) error { n = dc.(*cachingConn).cached(); return nil }); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if err := exec(`CREATE TABLE kv (k TEXT NOT NULL PRIMARY KEY, v INTEGER NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	const insert = `INSERT INTO kv (k, v) VALUES (?, ?)`
	const read = `SELECT v FROM kv WHERE k = ?`
	before := cached()
	for i, k := range []string{"a", "b", "c"} {
		if err := exec(insert, k, i+1); err != nil {
			t.Fatal(err)
		}
	}
	if got := cached(); got != before+1 {
		t.Fatalf("three inserts left %d compiled statements, want %d", got, before+1)
	}
	// A constraint failure, then the same statement works again.
	if err := exec(insert, "a", 9); err == nil || !strings.Contains(err.Error(), "UNIQUE") {
		t.Fatalf("duplicate key: %v", err)
	}
	if err := exec(insert, "d", 4); err != nil {
		t.Fatal(err)
	}
	// A text that does not compile reports why, every time.
	for range 2 {
		if err := exec(`INSERT INTO nowhere VALUES (?)`, 1); err == nil || !strings.Contains(err.Error(), "no such table") {
			t.Fatalf("bad statement: %v", err)
		}
	}
	// The same text nested in its own open rows runs uncached beside it.
	const all = `SELECT k, v FROM kv WHERE v >= ? ORDER BY k`
	err = db.Tx(ctx, func(tx *Tx) error {
		rs, err := tx.q.query(ctx, all, 1)
		if err != nil {
			return err
		}
		defer rs.Close()
		n := 0
		for rs.Next() {
			var k string
			var v int
			if err := rs.Scan(&k, &v); err != nil {
				return err
			}
			inner, err := tx.q.query(ctx, all, v)
			if err != nil {
				return err
			}
			m := 0
			for inner.Next() {
				m++
			}
			inner.Close()
			if m != 4-v+1 {
				t.Errorf("nested rows for v >= %d: %d, want %d", v, m, 4-v+1)
			}
			n++
		}
		if n != 4 {
			t.Errorf("outer rows: %d, want 4", n)
		}
		return rs.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	// Many readers at once, each with its own arguments.
	var wg sync.WaitGroup
	for n := range 60 {
		wg.Go(func() {
			k, want := []string{"a", "b", "c", "d"}[n%4], n%4+1
			var got int
			if err := db.Read(ctx, func(tx *Tx) error { return tx.q.queryRow(ctx, read, k).Scan(&got) }); err != nil {
				t.Error(err)
			} else if got != want {
				t.Errorf("read %s = %d, want %d", k, got, want)
			}
		})
	}
	wg.Wait()
	var missing int
	if err := db.Read(ctx, func(tx *Tx) error { return tx.q.queryRow(ctx, read, "zz").Scan(&missing) }); err == nil {
		t.Fatal("a missing row scanned without error")
	}
}
