package store

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// This file holds every difference between SQLite and PostgreSQL that the
// queries would otherwise see: placeholders, driver APIs, and error codes.

// ErrNotFound is returned (wrapped in an apperr.NotFound) when a row is missing.
var ErrNotFound = errors.New("not found")

// ErrConflict marks a unique-constraint violation.
var ErrConflict = errors.New("conflict")

var rebound sync.Map // query text -> PostgreSQL text

// rebind turns ? placeholders into $1, $2 ... for PostgreSQL. Queries never
// contain a literal '?' inside strings, so a plain scan is enough.
func rebind(e Engine, q string) string {
	if e != Postgres || !strings.Contains(q, "?") {
		return q
	}
	if v, ok := rebound.Load(q); ok {
		return v.(string)
	}
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	out := b.String()
	rebound.Store(q, out)
	return out
}

// formatError maps driver errors to ErrNotFound and ErrConflict.
func formatError(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) || errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return errors.Join(ErrConflict, err)
	}
	var sqErr *sqlite.Error
	if errors.As(err, &sqErr) {
		switch sqErr.Code() {
		case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
			return errors.Join(ErrConflict, err)
		}
	}
	return err
}

type row interface{ Scan(dest ...any) error }

type rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close()
}

type querier interface {
	exec(ctx context.Context, q string, args ...any) (int64, error)
	queryRow(ctx context.Context, q string, args ...any) row
	query(ctx context.Context, q string, args ...any) (rows, error)
}

// errRow maps the driver's "no rows" to ErrNotFound on Scan.
type errRow struct{ r row }

func (e errRow) Scan(dest ...any) error { return formatError(e.r.Scan(dest...)) }

type sqlQuerier struct{ tx *sql.Tx }

func (s sqlQuerier) exec(ctx context.Context, q string, args ...any) (int64, error) {
	res, err := s.tx.ExecContext(ctx, q, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (s sqlQuerier) queryRow(ctx context.Context, q string, args ...any) row {
	return s.tx.QueryRowContext(ctx, q, args...)
}

func (s sqlQuerier) query(ctx context.Context, q string, args ...any) (rows, error) {
	r, err := s.tx.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return sqlRows{r}, nil
}

type sqlRows struct{ *sql.Rows }

func (r sqlRows) Close() { r.Rows.Close() }

// pgxQuerier runs statements in a pgx transaction, or on the pool (ReadOne).
type pgxQuerier struct {
	tx interface {
		Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
		QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
		Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	}
}

func (p pgxQuerier) exec(ctx context.Context, q string, args ...any) (int64, error) {
	tag, err := p.tx.Exec(ctx, q, args...)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

func (p pgxQuerier) queryRow(ctx context.Context, q string, args ...any) row {
	return p.tx.QueryRow(ctx, q, args...)
}

func (p pgxQuerier) query(ctx context.Context, q string, args ...any) (rows, error) {
	r, err := p.tx.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// forUpdate locks selected rows on PostgreSQL. SQLite needs nothing: its
// transactions begin IMMEDIATE (see the DSN), so a writer holds the lock.
func forUpdate(e Engine) string {
	if e == Postgres {
		return " FOR UPDATE"
	}
	return ""
}

// utc normalises a time for storage: UTC and microsecond precision, the
// finest PostgreSQL keeps, so both engines read back the same value.
func utc(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

// nullable stores "" as NULL.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
