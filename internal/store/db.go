// Package store is the core of the only packages that speak SQL: itself and
// the capability packages built on its Tx (export.go). One set of queries runs
// on SQLite (modernc.org/sqlite, the default) and on PostgreSQL (pgx): queries
// are written with ? placeholders and the few dialect differences live in
// dialect.go. Every access happens inside a transaction (DB.Tx), so a use case
// and the jobs it enqueues commit together.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"modernc.org/sqlite"
)

// Engine names the database in use.
type Engine string

// The two engines.
const (
	SQLite   Engine = "sqlite"
	Postgres Engine = "postgres"
)

// DB is an open database on either engine. Exactly one of sqlDB (SQLite) and
// pool (PostgreSQL) is set.
type DB struct {
	engine Engine
	sqlDB  *sql.DB
	// readDB (SQLite) is a pool of read-only connections for DB.Read: in WAL
	// mode they read beside the one writer instead of waiting for it.
	readDB *sql.DB
	pool   *pgxpool.Pool
	// path is the SQLite file ("" on PostgreSQL).
	path string
	// writeTurn (SQLite) admits DB.Tx to the one writer connection in the
	// order the calls came: a channel's waiters are served first come,
	// first served, where database/sql hands a freed connection to a
	// waiter picked at random, which under a queue of a hundred made some
	// wait many times longer than the rest.
	writeTurn chan struct{}
	// open (SQLite) is the transaction the calls holding the turn share
	// (groupcommit.go), nil between groups; only the turn's holder uses it.
	open *group
	// waiting counts the calls on their way to the turn.
	waiting atomic.Int64
	// writes and writeWait count DB.Tx calls on SQLite and their total
	// time waiting for their turn, commits the SQLite commits that made
	// them durable (WriteStats).
	writes, writeWait, commits atomic.Int64
	// ckpt (SQLite) is the connection that checkpoints the WAL, beside the
	// writer (checkpoint.go); walFrames is the WAL's length it last saw.
	ckpt                  *sql.DB
	ckptStop, ckptDone    chan struct{}
	ckptWake              chan struct{} // a commit on the writer since the last checkpoint (cap 1)
	ckptOnce              sync.Once     // Close may be called twice
	walFrames, ckptErrors atomic.Int64
	// Schema is the PostgreSQL schema in use ("" means the search_path default).
	schema string
}

// Options says where the database is.
type Options struct {
	// DatabaseURL selects PostgreSQL when set; otherwise SQLite in DataDir.
	DatabaseURL string
	DataDir     string
	// SQLitePath overrides the SQLite file location (tests).
	SQLitePath string
	// Schema makes PostgreSQL use (and create) this schema (tests).
	Schema string
	// MaxConns caps PostgreSQL connections (0 means pgx's default).
	MaxConns int32
}

// Open connects, checks the connection and returns the DB. It does not migrate.
func Open(ctx context.Context, o Options) (*DB, error) {
	if o.DatabaseURL != "" {
		return openPostgres(ctx, o)
	}
	return openSQLite(ctx, o)
}

func openSQLite(ctx context.Context, o Options) (*DB, error) {
	path := o.SQLitePath
	if path == "" {
		if err := os.MkdirAll(o.DataDir, 0o700); err != nil {
			return nil, fmt.Errorf("create data directory: %w", err)
		}
		// MkdirAll keeps the mode of a directory that already existed.
		if err := os.Chmod(o.DataDir, 0o700); err != nil {
			return nil, fmt.Errorf("data directory mode: %w", err)
		}
		path = filepath.Join(o.DataDir, "crebit.db")
	}
	if err := privateFiles(path); err != nil {
		return nil, err
	}
	// WAL lets readers run beside the writer; busy_timeout waits for a lock
	// instead of failing; foreign keys are off by default in SQLite; the
	// writer leaves most checkpoint work to a connection of its own and
	// checkpoints itself only every 8,000 pages (checkpoint.go). temp_store
	// keeps the statement journal in memory: every call of a group commit
	// runs in a savepoint (groupcommit.go), and a savepoint's journal past
	// 64 KiB went to a temporary file, a system call for every page a
	// call first touched (5% of the server's CPU in a rush, on the writer).
	dsn := fileURI(path) + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)" +
		"&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_pragma=wal_autocheckpoint(8000)&_pragma=temp_store(MEMORY)" +
		"&_time_format=sqlite&_txlock=immediate"
	// Every commit on the writer wakes the checkpointer (checkpoint.go).
	wrote := make(chan struct{}, 1)
	db, err := openCachingSQLite(dsn, func() {
		select {
		case wrote <- struct{}{}:
		default:
		}
	})
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	// One connection: SQLite allows one writer at a time, and River's SQLite
	// driver recommends it. Never hold a transaction while calling out (HTTP),
	// or everything else waits.
	db.SetMaxOpenConns(1)
	db.SetConnMaxIdleTime(0)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	// Readers: deferred transactions on query-only connections (a read never
	// takes the write lock), a few at once.
	rdsn := fileURI(path) + "?_pragma=busy_timeout(10000)&_pragma=query_only(1)&_time_format=sqlite&_txlock=deferred"
	rdb, err := openCachingSQLite(rdsn, nil)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open sqlite readers: %w", err)
	}
	rdb.SetMaxOpenConns(4)
	rdb.SetMaxIdleConns(4)
	out := &DB{engine: SQLite, sqlDB: db, readDB: rdb, path: path, writeTurn: make(chan struct{}, 1), ckptWake: wrote}
	if err := out.startCheckpointer(path); err != nil {
		rdb.Close()
		db.Close()
		return nil, fmt.Errorf("open sqlite checkpointer: %w", err)
	}
	return out, nil
}

// Beside opens a second SQLite database in a file next to this one, named
// after it (crebit.db, "sandbox" -> crebit.sandbox.db), with its own writer:
// work on it never waits for this database's write lock. On PostgreSQL,
// where writers do not queue behind one another, it returns db itself.
// Close the result only when it is not db.
func (db *DB) Beside(ctx context.Context, name string) (*DB, error) {
	if db.engine != SQLite {
		return db, nil
	}
	return openSQLite(ctx, Options{SQLitePath: BesidePath(db.path, name)})
}

// fileURI is path as a SQLite URI filename (https://sqlite.org/uri.html):
// "%", "?" and "#" are escaped, or SQLite would read what follows a "#" as
// a fragment and a "?" as the query, and open another file. (A test's
// temporary directory is named after the test: Each's second subtest,
// "sqlite#01", once opened /tmp/TestNamesqlite, one file shared by every
// run of that test.)
func fileURI(path string) string {
	return "file:" + strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23").Replace(path)
}

// BesidePath is the file Beside opens for the SQLite database at path.
func BesidePath(path, name string) string {
	return strings.TrimSuffix(path, filepath.Ext(path)) + "." + name + filepath.Ext(path)
}

// WriteStats counts, on SQLite, DB.Tx's write transactions, the commits
// that made them durable (several share one when they queue: see
// groupcommit.go), and their total time waiting for the writer, whose
// rate is how many were queued on average. Zero on PostgreSQL.
type WriteStats struct {
	Transactions, Commits int64
	Waited                time.Duration
	// WALFrames is the WAL's length in pages at the last checkpoint, and
	// CheckpointErrors the checkpoints that failed (checkpoint.go).
	WALFrames, CheckpointErrors int64
}

// WriteStats reports the writer's counts so far.
func (db *DB) WriteStats() WriteStats {
	return WriteStats{Transactions: db.writes.Load(), Commits: db.commits.Load(), Waited: time.Duration(db.writeWait.Load()),
		WALFrames: db.walFrames.Load(), CheckpointErrors: db.ckptErrors.Load()}
}

// Path is the SQLite file ("" on PostgreSQL).
func (db *DB) Path() string { return db.path }

// openCachingSQLite opens a pool whose connections keep their statements
// compiled (stmtcache.go); wrote, when set, is called after every commit
// on them (and every statement outside a transaction).
func openCachingSQLite(dsn string, wrote func()) (*sql.DB, error) {
	base, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, err
	}
	return sql.OpenDB(cachingConnector{base: base, wrote: wrote}), nil
}

// privateFiles creates the database file readable by its owner only, and
// takes away group and world access from it and its WAL files if they
// already existed (SQLite gives new WAL files the database's mode).
func privateFiles(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("open sqlite %s: %w", path, err)
	}
	f.Close()
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Chmod(p, 0o600); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("database file mode: %w", err)
		}
	}
	return nil
}

func openPostgres(ctx context.Context, o Options) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(o.DatabaseURL)
	if err != nil {
		return nil, errors.New("open postgres: invalid CREBIT_DATABASE_URL")
	}
	switch {
	case o.MaxConns > 0:
		cfg.MaxConns = o.MaxConns
	case !strings.Contains(o.DatabaseURL, "pool_max_conns"):
		// pgx defaults to max(4, CPUs); requests, River's workers and the
		// sandbox share the pool, and 4 connections capped throughput.
		cfg.MaxConns = 16
	}
	if o.Schema != "" {
		cfg.ConnConfig.RuntimeParams["search_path"] = o.Schema
	}
	cfg.ConnConfig.RuntimeParams["timezone"] = "UTC"
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := pool.Ping(pingCtx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("open postgres %s: %w", cfg.ConnConfig.Host, err)
	}
	if o.Schema != "" {
		if _, err := pool.Exec(ctx, "CREATE SCHEMA IF NOT EXISTS "+pgx.Identifier{o.Schema}.Sanitize()); err != nil {
			pool.Close()
			return nil, fmt.Errorf("create schema: %w", err)
		}
	}
	return &DB{engine: Postgres, pool: pool, schema: o.Schema}, nil
}

// Engine reports which database this is.
func (db *DB) Engine() Engine { return db.engine }

// SQLDB is the SQLite *sql.DB (nil on PostgreSQL), for River's SQLite driver.
func (db *DB) SQLDB() *sql.DB { return db.sqlDB }

// SQLPools are the SQLite pools by name ("writer", "readers"), for their
// statistics; nil on PostgreSQL.
func (db *DB) SQLPools() map[string]*sql.DB {
	if db.sqlDB == nil {
		return nil
	}
	return map[string]*sql.DB{"writer": db.sqlDB, "readers": db.readDB}
}

// Pool is the PostgreSQL pool (nil on SQLite), for River's pgx driver.
func (db *DB) Pool() *pgxpool.Pool { return db.pool }

// Ping checks that the database answers (readiness).
func (db *DB) Ping(ctx context.Context) error {
	if db.pool != nil {
		return db.pool.Ping(ctx)
	}
	return db.sqlDB.PingContext(ctx)
}

// Close releases the connections.
func (db *DB) Close() error {
	if db.pool != nil {
		db.pool.Close()
		return nil
	}
	if db.ckpt != nil {
		db.ckptOnce.Do(func() {
			close(db.ckptStop)
			<-db.ckptDone
			db.ckpt.Close()
		})
	}
	if db.readDB != nil {
		db.readDB.Close()
	}
	return db.sqlDB.Close()
}

// Read runs fn in a read-only transaction: on SQLite on a reader
// connection, beside the writer (it sees what was committed before it
// began); on PostgreSQL like Tx. fn must not write or enqueue jobs.
func (db *DB) Read(ctx context.Context, fn func(tx *Tx) error) error {
	if db.readDB == nil {
		return db.Tx(ctx, fn)
	}
	stx, err := db.readDB.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return fmt.Errorf("begin read: %w", err)
	}
	defer stx.Rollback() //nolint:errcheck // read-only: nothing to commit
	return fn(&Tx{q: sqlQuerier{stx}, raw: nil, engine: SQLite})
}

// ReadOne is Read for an fn that runs a single statement (a session
// lookup): on PostgreSQL the statement runs on its own, without the BEGIN
// and COMMIT round trips a transaction adds (one statement sees one
// snapshot anyway); on SQLite it is Read. fn must run one read-only
// statement: a second would see a snapshot of its own.
func (db *DB) ReadOne(ctx context.Context, fn func(tx *Tx) error) error {
	if db.pool == nil {
		return db.Read(ctx, fn)
	}
	return fn(&Tx{q: pgxQuerier{db.pool}, engine: Postgres})
}

// WriteOne is Tx for an fn that runs a single writing statement needing
// nothing at commit (no job, no ledger posting, no live-status event): a
// rate limit's counter. On PostgreSQL the statement runs on its own (it is
// atomic by itself), without the BEGIN and COMMIT round trips; on SQLite
// it is Tx.
func (db *DB) WriteOne(ctx context.Context, fn func(tx *Tx) error) error {
	if db.pool == nil {
		return db.Tx(ctx, fn)
	}
	return fn(&Tx{q: pgxQuerier{db.pool}, engine: Postgres})
}

// Tx runs fn in one transaction, committing when fn returns nil and rolling
// back otherwise. Keep fn short and free of network calls.
func (db *DB) Tx(ctx context.Context, fn func(tx *Tx) error) error {
	if db.pool != nil {
		ptx, err := db.pool.Begin(ctx)
		if err != nil {
			return fmt.Errorf("begin: %w", err)
		}
		defer ptx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck // no-op after commit
		tx := &Tx{q: pgxQuerier{ptx}, raw: ptx, engine: Postgres}
		if err := fn(tx); err != nil {
			return err
		}
		if err := tx.flushBalances(ctx); err != nil {
			return err
		}
		if err := tx.flushNotifies(ctx); err != nil {
			return err
		}
		if err := ptx.Commit(ctx); err != nil {
			return fmt.Errorf("commit: %w", err)
		}
		tx.committed()
		return nil
	}
	return db.sqliteTx(ctx, fn)
}

// Tx is one open transaction on either engine.
type Tx struct {
	q      querier
	raw    any // pgx.Tx or *sql.Tx, for River's InsertTx
	engine Engine
	after  []func() // run once the transaction has committed
	// balances are the ledger balance changes PostLedger collected, written
	// just before the commit (ledger.go); balanceSlot is this transaction's
	// row among a shared account's slots.
	balances    map[balanceKey]int64
	balanceSlot int
	// detached: statements run to the end even when their context is
	// cancelled, since interrupting one would roll back the transaction
	// other calls share (groupcommit.go).
	detached bool
	// notifies are the NOTIFYs not yet sent (live.go): a statement that can
	// carry them takes them, the rest go just before the commit.
	notifies []notification
}

// AfterCommit runs fn once the transaction has committed (never when it
// rolls back), for effects outside the database that must not announce a
// change before it is visible.
func (tx *Tx) AfterCommit(fn func()) { tx.after = append(tx.after, fn) }

func (tx *Tx) committed() {
	for _, fn := range tx.after {
		fn()
	}
}

// Raw returns the driver transaction (pgx.Tx or *sql.Tx) so a job can be
// enqueued inside it.
func (tx *Tx) Raw() any { return tx.raw }

// Engine reports which database the transaction is on.
func (tx *Tx) Engine() Engine { return tx.engine }

// Context is ctx as the transaction's statements should see it: without
// its cancellation when the transaction is shared (groupcommit.go).
func (tx *Tx) Context(ctx context.Context) context.Context {
	if tx.detached {
		return context.WithoutCancel(ctx)
	}
	return ctx
}

func (tx *Tx) exec(ctx context.Context, query string, args ...any) (int64, error) {
	ctx = tx.Context(ctx)
	n, err := tx.q.exec(ctx, rebind(tx.engine, query), args...)
	return n, formatError(err)
}

func (tx *Tx) queryRow(ctx context.Context, query string, args ...any) row {
	ctx = tx.Context(ctx)
	return errRow{tx.q.queryRow(ctx, rebind(tx.engine, query), args...)}
}

func (tx *Tx) query(ctx context.Context, query string, args ...any) (rows, error) {
	ctx = tx.Context(ctx)
	r, err := tx.q.query(ctx, rebind(tx.engine, query), args...)
	return r, formatError(err)
}

// Exec runs a statement, for the capability packages (export.go) and for
// tests that set up or inspect rows; the rest of the code uses named
// functions, so store and those packages are the only ones that speak SQL.
func (tx *Tx) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	return tx.exec(ctx, query, args...)
}

// QueryRow runs a one-row query (see Exec); Scan returns ErrNotFound when
// there is none.
func (tx *Tx) QueryRow(ctx context.Context, query string, args ...any) interface{ Scan(...any) error } {
	return tx.queryRow(ctx, query, args...)
}
