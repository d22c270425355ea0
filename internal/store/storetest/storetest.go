// Package storetest gives each test a migrated, isolated database on either
// engine: a SQLite file in t.TempDir() (a copy of one migrated once per test
// process), or a fresh PostgreSQL schema dropped when the test ends. PostgreSQL is read from CREBIT_TEST_POSTGRES_URL
// (default postgres://postgres@127.0.0.1:5432/test?sslmode=disable); when it is
// unreachable the PostgreSQL half is skipped loudly, or fails when
// CREBIT_REQUIRE_POSTGRES=1.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/store"
)

// DefaultPostgresURL is used when CREBIT_TEST_POSTGRES_URL is unset.
const DefaultPostgresURL = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// Patience is how long a test waits for something to happen (a job to
// run, a delivery to arrive, a server to start) before it gives up. A wait
// ends as soon as its condition holds, so only a failing test pays for it;
// it is long because CI runs on machines several times slower than the one
// the code was written on, under the load of its own suites side by side
// (issue 32; on 2026-11-27 a server's start took over 30 s there).
const Patience = 2 * time.Minute

// Engines lists the engines every store-backed test runs on.
var Engines = []store.Engine{store.SQLite, store.Postgres}

// PostgresURL is the server tests use.
func PostgresURL() string {
	if u := os.Getenv("CREBIT_TEST_POSTGRES_URL"); u != "" {
		return u
	}
	return DefaultPostgresURL
}

var (
	pgOnce sync.Once
	pgErr  error
)

// RequirePostgres skips (or, with CREBIT_REQUIRE_POSTGRES=1, fails) t when
// PostgreSQL cannot be reached.
func RequirePostgres(t testing.TB) {
	t.Helper()
	pgOnce.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, PostgresURL())
		if err != nil {
			pgErr = err
			return
		}
		pgErr = conn.Ping(ctx)
		conn.Close(ctx)
	})
	if pgErr != nil {
		if os.Getenv("CREBIT_REQUIRE_POSTGRES") == "1" {
			t.Fatalf("PostgreSQL is required (CREBIT_REQUIRE_POSTGRES=1) but unreachable at %s: %v", PostgresURL(), pgErr)
		}
		t.Skipf("SKIPPING PostgreSQL test: unreachable at %s: %v (set CREBIT_REQUIRE_POSTGRES=1 to fail instead)", PostgresURL(), pgErr)
	}
}

// Options returns store options for a fresh, empty database of engine e that
// is removed when t ends. It does not open or migrate anything.
func Options(t testing.TB, e store.Engine) store.Options {
	t.Helper()
	if e == store.SQLite {
		return store.Options{SQLitePath: filepath.Join(t.TempDir(), "test.db")}
	}
	RequirePostgres(t)
	b := make([]byte, 6)
	rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, PostgresURL())
		if err != nil {
			t.Logf("drop schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA IF EXISTS "+pgx.Identifier{schema}.Sanitize()+" CASCADE"); err != nil {
			t.Logf("drop schema %s: %v", schema, err)
		}
	})
	return store.Options{DatabaseURL: PostgresURL(), Schema: schema, MaxConns: 8}
}

// Migrated returns store options for a database of engine e that is
// removed when t ends and, on SQLite, already has every migration applied
// (the application's and River's), as have the files the application opens
// beside it (store.BesidePath: the sandbox's). Migrating a SQLite file takes
// about a second under the race detector and copying one a millisecond; the
// migrations themselves are tested where a test starts from an empty
// database (Options). On PostgreSQL it is Options: a fresh, empty schema.
func Migrated(t testing.TB, e store.Engine) store.Options {
	t.Helper()
	opts := Options(t, e)
	if e != store.SQLite {
		return opts
	}
	files, err := sqliteTemplate()
	if err != nil {
		t.Fatalf("migrated SQLite template: %v", err)
	}
	for _, path := range []string{opts.SQLitePath, store.BesidePath(opts.SQLitePath, "sandbox")} {
		for suffix, data := range files {
			if err := os.WriteFile(path+suffix, data, 0o600); err != nil {
				t.Fatal(err)
			}
		}
	}
	return opts
}

var migrated struct {
	once  sync.Once
	files map[string][]byte // "" (the database) and "-wal" when SQLite kept one
	err   error
}

// sqliteTemplate migrates a SQLite database once per test process and
// returns its files' contents.
func sqliteTemplate() (map[string][]byte, error) {
	migrated.once.Do(func() {
		dir, err := os.MkdirTemp("", "crebit-storetest-")
		if err != nil {
			migrated.err = err
			return
		}
		defer os.RemoveAll(dir)
		path := filepath.Join(dir, "template.db")
		ctx := context.Background()
		db, err := store.Open(ctx, store.Options{SQLitePath: path})
		if err != nil {
			migrated.err = err
			return
		}
		_, err = db.Migrate(ctx)
		if err == nil {
			err = jobs.Migrate(ctx, db)
		}
		if cerr := db.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			migrated.err = err
			return
		}
		migrated.files = map[string][]byte{}
		for _, suffix := range []string{"", "-wal"} {
			data, err := os.ReadFile(path + suffix)
			if errors.Is(err, os.ErrNotExist) && suffix != "" {
				continue
			}
			if err != nil {
				migrated.err = err
				return
			}
			migrated.files[suffix] = data
		}
	})
	return migrated.files, migrated.err
}

// Open returns a database of engine e with the application's and River's
// migrations applied, closed when t ends.
func Open(t testing.TB, e store.Engine) *store.DB {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, Migrated(t, e))
	if err != nil {
		t.Fatalf("open %s: %v", e, err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatalf("migrate %s: %v", e, err)
	}
	if err := jobs.Migrate(ctx, db); err != nil {
		t.Fatalf("migrate jobs %s: %v", e, err)
	}
	return db
}

// Each runs fn as a parallel subtest on every engine.
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	for _, e := range Engines {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			fn(t, Open(t, e))
		})
	}
}
