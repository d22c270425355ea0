package store_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/crebit/crebit/internal/store"
)

// TestDatabaseIsOwnerOnlyWhateverExistedBefore: a data directory and a
// database created world-readable (by hand, a backup restore, an older
// version) are made private when the server opens them.
func TestDatabaseIsOwnerOnlyWhateverExistedBefore(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	dbPath := filepath.Join(dir, "crebit.db")
	if err := os.WriteFile(dbPath, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(context.Background(), store.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for path, want := range map[string]os.FileMode{dir: 0o700, dbPath: 0o600, dbPath + "-wal": 0o600} {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s mode %o, want %o", path, fi.Mode().Perm(), want)
		}
	}
}
