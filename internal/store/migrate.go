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
// A migration that must read data the way Go does is written once in Go for
// both engines and registered here (00104, migrate_webhook_masking.go).
//
//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrations embed.FS

// Migrate applies every pending migration of this engine and returns the
// resulting version.
func (db *DB) Migrate(ctx context.Context) (int64, error) {
	p, done, err := db.migrations()
	if err != nil {
		return 0, err
	}
	defer done()
	if _, err := p.Up(ctx); err != nil {
		return 0, fmt.Errorf("migrate: %w", err)
	}
	return p.GetDBVersion(ctx)
}

// migrations is goose over this engine's migrations; done releases what
// it opened.
func (db *DB) migrations() (p *goose.Provider, done func(), err error) {
	dir, dialect := "migrations/sqlite", goose.DialectSQLite3
	if db.engine == Postgres {
		dir, dialect = "migrations/postgres", goose.DialectPostgres
	}
	sub, err := fs.Sub(migrations, dir)
	if err != nil {
		return nil, nil, err
	}
	sqlDB, done := db.sqlDB, func() {}
	if db.engine == Postgres {
		sqlDB = stdlib.OpenDBFromPool(db.pool)
		done = func() { sqlDB.Close() }
	}
	// Out of order: numbers are reserved per piece of work (e.g. 00080-00089
	// for the BlindPay sandbox) and pieces land in any order, so a database
	// that already has a higher number still gets a lower one that landed
	// later. Every migration stands alone; none depends on a later number.
	if p, err = goose.NewProvider(dialect, sqlDB, sub, goose.WithAllowOutofOrder(true),
		goose.WithDisableGlobalRegistry(true), goose.WithGoMigrations(webhookMaskingMigration(db.engine))); err != nil {
		done()
		return nil, nil, fmt.Errorf("migrations: %w", err)
	}
	return p, done, nil
}
