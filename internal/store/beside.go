package store

import "context"

// ForgetRemovedSandboxJobs deletes the unfinished jobs of the removed
// invented sandbox partner (kinds "sandbox_..."; issue 28) from db: no
// worker knows them any more, and its tables are gone (migration 99).
func ForgetRemovedSandboxJobs(ctx context.Context, db *DB) (int64, error) {
	var n int64
	err := db.Tx(ctx, func(tx *Tx) (err error) {
		n, err = tx.Exec(ctx, `DELETE FROM river_job WHERE kind LIKE 'sandbox\_%' ESCAPE '\'`)
		return err
	})
	return n, err
}
