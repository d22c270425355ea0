package store_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/store"
)

// TestRemovedSandboxJobsAreForgotten: a data directory from before the
// invented sandbox partner was removed (issue 28) loses that sandbox's
// queued jobs, which no worker knows any more, and keeps every other job;
// its tables are gone after the migrations.
func TestRemovedSandboxJobsAreForgotten(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, err := store.Open(ctx, store.Options{SQLitePath: filepath.Join(t.TempDir(), "crebit.db")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if err := jobs.Migrate(ctx, db); err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	if err := db.Tx(ctx, func(tx *store.Tx) error {
		for _, kind := range []string{"sandbox_deliver_webhook", "sandbox_advance", "send_email", "bpsandbox_deliver"} {
			if _, err := tx.Exec(ctx, `INSERT INTO river_job (args, kind, max_attempts, queue, state, scheduled_at, created_at)
				VALUES ('{}', ?, 25, 'default', 'available', ?, ?)`, kind, now, now); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	n, err := store.ForgetRemovedSandboxJobs(ctx, db)
	if err != nil || n != 2 {
		t.Fatalf("forgot %d jobs (%v), want the removed sandbox's 2", n, err)
	}
	var left, other int
	if err := db.Read(ctx, func(tx *store.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM river_job WHERE kind LIKE 'sandbox\_%' ESCAPE '\'`).Scan(&left); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT COUNT(*) FROM river_job WHERE kind IN ('send_email', 'bpsandbox_deliver')`).Scan(&other)
	}); err != nil {
		t.Fatal(err)
	}
	if left != 0 || other != 2 {
		t.Errorf("%d of the removed sandbox's jobs left and %d others, want 0 and 2", left, other)
	}
	var tables int
	if err := db.Read(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name LIKE 'sandbox\_%' ESCAPE '\'`).Scan(&tables)
	}); err != nil {
		t.Fatal(err)
	}
	if tables != 0 {
		t.Errorf("%d tables of the removed sandbox remain", tables)
	}
}
