package store_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/crebit/crebit/internal/store"
)

// TestSQLitePathIsTakenLiterally: a database path with "#", "?" or "%" in
// it opens that file, not the path cut at the "#" or "?" (a SQLite URI's
// fragment and query). Each's second subtest of a test, "sqlite#01", lives
// in such a directory; cut at the "#", every run of that test shared one
// file in /tmp and a sandbox there once found 25 webhook endpoints left by
// earlier runs.
func TestSQLitePathIsTakenLiterally(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	base := t.TempDir()
	for _, name := range []string{"sqlite#01", "a?b=c", "100%25", "plain"} {
		dir := filepath.Join(base, name)
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "test.db")
		db, err := store.Open(ctx, store.Options{SQLitePath: path})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := db.Migrate(ctx); err != nil {
			t.Fatalf("%s: migrate: %v", name, err)
		}
		db.Close()
		if fi, err := os.Stat(path); err != nil || fi.Size() == 0 {
			t.Errorf("%s: the database is not at %s: %v", name, path, err)
		}
	}
	entries, err := os.ReadDir(base)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 4 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("files beside the four directories: %q (a path was cut short)", names)
	}
}
