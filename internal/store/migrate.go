package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"

	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
)

// Migrations are versioned per engine: migrations/sqlite and
// migrations/postgres hold files with the same numbers and the same meaning.
//
//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrations embed.FS

// Migrate applies every pending migration of this engine and returns the
// resulting version.
func (db *DB) Migrate(ctx context.Context) (int64, error) {
	dir := "migrations/sqlite"
	dialect := goose.DialectSQLite3
	sqlDB := db.sqlDB
	if db.engine == Postgres {
		dir, dialect = "migrations/postgres", goose.DialectPostgres
		sqlDB = stdlib.OpenDBFromPool(db.pool)
		defer sqlDB.Close()
	}
	sub, err := fs.Sub(migrations, dir)
	if err != nil {
		return 0, err
	}
	// Out of order: numbers are reserved per piece of work (e.g. 00080-00089
	// for the BlindPay sandbox) and pieces land in any order, so a database
	// that already has a higher number still gets a lower one that landed
	// later. Every migration stands alone; none depends on a later number.
	p, err := goose.NewProvider(dialect, sqlDB, sub, goose.WithAllowOutofOrder(true))
	if err != nil {
		return 0, fmt.Errorf("migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return 0, fmt.Errorf("migrate: %w", err)
	}
	return p.GetDBVersion(ctx)
}
