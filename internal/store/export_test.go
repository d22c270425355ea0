package store

import (
	"context"
	"io/fs"

	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
)

// MigrateDownTo undoes this engine's migrations above version, for tests
// of a migration's data: migrate up, write, go down, read the old columns.
func (db *DB) MigrateDownTo(ctx context.Context, version int64) error {
	dir, dialect, sqlDB := "migrations/sqlite", goose.DialectSQLite3, db.sqlDB
	if db.engine == Postgres {
		dir, dialect = "migrations/postgres", goose.DialectPostgres
		sqlDB = stdlib.OpenDBFromPool(db.pool)
		defer sqlDB.Close()
	}
	sub, err := fs.Sub(migrations, dir)
	if err != nil {
		return err
	}
	p, err := goose.NewProvider(dialect, sqlDB, sub, goose.WithAllowOutofOrder(true))
	if err != nil {
		return err
	}
	_, err = p.DownTo(ctx, version)
	return err
}
