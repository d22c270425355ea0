package store

import (
	"context"
	"fmt"
)

// sandboxTables are the sandbox partner's tables, parents first.
var sandboxTables = []string{"sandbox_customers", "sandbox_wallets", "sandbox_external_accounts", "sandbox_quotes",
	"sandbox_payins", "sandbox_events", "sandbox_idempotency", "sandbox_webhook_endpoints"}

// MoveSandboxData carries the sandbox partner's data over from a SQLite
// database that kept it before it had its own file (main) into its own
// file (sdb), once: when sdb holds none of it and main does. Its rows and
// its unfinished jobs move in one transaction on sdb, then main forgets
// them, so no event, auto-advance or refund of a payment in flight is
// lost across the upgrade. It reports how many rows and jobs moved.
// (Data a downgraded binary wrote into main after the move is not moved
// again: it is forgotten. Going back to an older binary is not supported.)
func MoveSandboxData(ctx context.Context, main, sdb *DB) (rows, jobs int64, err error) {
	if main.engine != SQLite || sdb == main {
		return 0, 0, nil
	}
	count := func(db *DB, q string) (n int64) {
		if err == nil {
			err = db.Read(ctx, func(tx *Tx) error { return tx.QueryRow(ctx, q).Scan(&n) })
		}
		return n
	}
	const anySandbox = `SELECT (SELECT COUNT(*) FROM sandbox_customers) + (SELECT COUNT(*) FROM sandbox_webhook_endpoints)
		+ (SELECT COUNT(*) FROM sandbox_idempotency)`
	const sandboxJobs = `SELECT COUNT(*) FROM river_job WHERE kind LIKE 'sandbox\_%' ESCAPE '\'`
	inMain := count(main, anySandbox) + count(main, sandboxJobs)
	switch {
	case err != nil || inMain == 0:
		return 0, 0, err
	case count(sdb, anySandbox) == 0:
		if rows, jobs, err = copySandboxData(ctx, main, sdb); err != nil {
			return 0, 0, err
		}
	}
	// Then main forgets them: nothing writes sandbox data there any more,
	// so what is left is what was copied (a crash between the copy and this
	// leaves it for the next start to forget), and River must not find
	// jobs there that no worker of Crebit's queue knows.
	err = main.Tx(ctx, func(tx *Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM river_job WHERE kind LIKE 'sandbox\_%' ESCAPE '\'`); err != nil {
			return err
		}
		for i := len(sandboxTables) - 1; i >= 0; i-- {
			if _, err := tx.Exec(ctx, `DELETE FROM `+sandboxTables[i]); err != nil {
				return err
			}
		}
		return nil
	})
	return rows, jobs, err
}

// copySandboxData copies the sandbox's rows and unfinished jobs from main
// into sdb in one transaction on sdb.
func copySandboxData(ctx context.Context, main, sdb *DB) (rows, jobs int64, err error) {
	// ATTACH works outside a transaction, on the one writer connection.
	conn, err := sdb.sqlDB.Conn(ctx)
	if err != nil {
		return 0, 0, err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `ATTACH DATABASE ? AS old`, main.path); err != nil {
		return 0, 0, fmt.Errorf("attach %s: %w", main.path, err)
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), `DETACH DATABASE old`) //nolint:errcheck // the connection is reused
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return 0, 0, err
	}
	defer tx.Rollback() //nolint:errcheck // no-op after commit
	for _, t := range sandboxTables {
		// Both files ran the same migrations: the same columns in the same order.
		res, err := tx.ExecContext(ctx, `INSERT INTO main.`+t+` SELECT * FROM old.`+t)
		if err != nil {
			return 0, 0, fmt.Errorf("move %s: %w", t, err)
		}
		n, _ := res.RowsAffected()
		rows += n
	}
	// Finished jobs stay behind; ids are new in this file's queue.
	res, err := tx.ExecContext(ctx, `INSERT INTO main.river_job (args, attempt, attempted_at, attempted_by, created_at, errors,
			finalized_at, kind, max_attempts, metadata, priority, queue, state, scheduled_at, tags, unique_key, unique_states)
		SELECT args, attempt, attempted_at, attempted_by, created_at, errors, finalized_at, kind, max_attempts, metadata,
			priority, queue, CASE state WHEN 'running' THEN 'available' ELSE state END, scheduled_at, tags, unique_key, unique_states
		FROM old.river_job WHERE kind LIKE 'sandbox\_%' ESCAPE '\' AND state NOT IN ('completed', 'cancelled', 'discarded')`)
	if err != nil {
		return 0, 0, fmt.Errorf("move sandbox jobs: %w", err)
	}
	jobs, _ = res.RowsAffected()
	return rows, jobs, tx.Commit()
}
