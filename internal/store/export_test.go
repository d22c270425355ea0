package store

import "context"

// MigrateDownTo undoes this engine's migrations above version, for tests
// of a migration's data: migrate up, write, go down, read the old columns.
func (db *DB) MigrateDownTo(ctx context.Context, version int64) error {
	p, done, err := db.migrations()
	if err != nil {
		return err
	}
	defer done()
	_, err = p.DownTo(ctx, version)
	return err
}
