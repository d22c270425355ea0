package store_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/store"
)

// TestSandboxDataMovesToItsOwnFile: a SQLite data directory from before
// the sandbox partner had its own file keeps its sandbox customers, events
// and unfinished sandbox jobs across the upgrade; Crebit's own data and
// jobs stay where they are; a second start moves nothing.
func TestSandboxDataMovesToItsOwnFile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	open := func(path string) *store.DB {
		db, err := store.Open(ctx, store.Options{SQLitePath: path})
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
		return db
	}
	main := open(filepath.Join(t.TempDir(), "crebit.db"))
	now := time.Now().UTC()
	if err := main.Tx(ctx, func(tx *store.Tx) error {
		if err := tx.SandboxCreateCustomer(ctx, "cus_1", "approved", "brazil", now); err != nil {
			return err
		}
		if err := tx.SandboxSetWebhook(ctx, "http://127.0.0.1:1/api/webhook/payout-events", "whsec_x", now); err != nil {
			return err
		}
		for _, j := range []struct{ kind, state string }{
			{"sandbox_deliver_webhook", "available"}, {"sandbox_advance", "running"},
			{"sandbox_deliver_webhook", "completed"}, {"send_email", "available"},
		} {
			var finalized any
			if j.state == "completed" {
				finalized = now
			}
			if _, err := tx.Exec(ctx, `INSERT INTO river_job (args, kind, max_attempts, queue, state, scheduled_at, created_at, finalized_at)
				VALUES ('{}', ?, 25, 'default', ?, ?, ?, ?)`, j.kind, j.state, now, now, finalized); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	sdb, err := main.Beside(ctx, "sandbox")
	if err != nil {
		t.Fatal(err)
	}
	sdb.Close()
	sdb = open(store.BesidePath(main.Path(), "sandbox"))

	rows, moved, err := store.MoveSandboxData(ctx, main, sdb)
	if err != nil {
		t.Fatal(err)
	}
	if rows != 2 || moved != 2 {
		t.Fatalf("moved %d rows and %d jobs, want 2 and 2 (the completed job stays behind)", rows, moved)
	}
	count := func(db *store.DB, q string) (n int) {
		t.Helper()
		if err := db.Read(ctx, func(tx *store.Tx) error { return tx.QueryRow(ctx, q).Scan(&n) }); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if got := count(sdb, `SELECT COUNT(*) FROM river_job WHERE kind LIKE 'sandbox%' AND state = 'available'`); got != 2 {
		t.Errorf("sandbox file: %d available sandbox jobs, want 2 (a running one starts again)", got)
	}
	if err := sdb.Read(ctx, func(tx *store.Tx) error {
		url, _, err := tx.SandboxWebhook(ctx)
		if err == nil && url == "" {
			t.Error("the webhook endpoint did not move")
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if got := count(sdb, `SELECT COUNT(*) FROM sandbox_customers`); got != 1 {
		t.Errorf("sandbox file: %d customers, want 1", got)
	}
	if got := count(main, `SELECT COUNT(*) FROM sandbox_customers`) + count(main, `SELECT COUNT(*) FROM river_job WHERE kind LIKE 'sandbox%'`); got != 0 {
		t.Errorf("crebit.db still holds %d sandbox rows or jobs", got)
	}
	if got := count(main, `SELECT COUNT(*) FROM river_job WHERE kind = 'send_email'`); got != 1 {
		t.Errorf("crebit.db: %d send_email jobs, want its 1", got)
	}
	if rows, moved, err := store.MoveSandboxData(ctx, main, sdb); err != nil || rows+moved != 0 {
		t.Fatalf("second start moved %d rows and %d jobs (%v), want none", rows, moved, err)
	}
	if got := count(sdb, `SELECT COUNT(*) FROM sandbox_customers`); got != 1 {
		t.Errorf("after a second start: %d customers, want 1", got)
	}
}
