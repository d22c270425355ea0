package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"reflect"
	"sync"
)

// stmtCacheSize bounds how many query texts one SQLite connection keeps
// compiled. The store and River run a few hundred distinct statements; texts
// beyond the bound simply run uncompiled-ahead, as before.
const stmtCacheSize = 512

// cachingConnector opens modernc.org/sqlite connections that keep each
// statement they run compiled, by query text. The driver otherwise compiles
// every statement on every call (sqlite3_prepare_v2): measured under the
// deadline-rush load, that was 17% of the server's CPU, most of it River's
// long job-insert statement. Every query on the connection passes here —
// the store's, River's, and those inside transactions — so the cache needs
// nothing of its callers.
//
// wrote, when set, is called after each commit on a connection and after
// each statement outside a transaction that changed or returned rows: the
// writer's connector wakes the checkpointer with it (checkpoint.go).
type cachingConnector struct {
	base  driver.Connector
	wrote func()
}

func (c cachingConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.base.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &cachingConn{inner: conn, stmts: make(map[string]*cachedStmt), wrote: c.wrote}, nil
}

func (c cachingConnector) Driver() driver.Driver { return c.base.Driver() }

// cachingConn is one SQLite connection with its compiled statements.
// database/sql uses a connection from one goroutine at a time, but rows may be
// closed from another (a cancelled context), hence the mutex.
type cachingConn struct {
	inner driver.Conn
	mu    sync.Mutex
	stmts map[string]*cachedStmt
	wrote func()
	inTx  bool // a transaction is open (database/sql uses a conn from one goroutine at a time)
}

// noting reports whether a statement on c is watched for wrote: one
// outside a transaction on a connection that has wrote.
func (c *cachingConn) noting() bool { return c.wrote != nil && !c.inTx }

// execResult tells wrote of an exec outside a transaction that changed rows.
func (c *cachingConn) execResult(res driver.Result, err error) (driver.Result, error) {
	if err == nil && c.noting() {
		if n, nerr := res.RowsAffected(); nerr != nil || n > 0 {
			c.wrote()
		}
	}
	return res, err
}

// queryRows tells wrote, when rows of a statement outside a transaction are
// closed, whether any came back (an UPDATE ... RETURNING is a query; River's
// fetch of an empty queue returns none and changes nothing).
func (c *cachingConn) queryRows(rows driver.Rows, err error) (driver.Rows, error) {
	if err != nil || !c.noting() {
		return rows, err
	}
	cr := &countingRows{}
	cr.releasingRows = &releasingRows{Rows: rows, release: func() {
		if cr.n > 0 {
			c.wrote()
		}
	}}
	return cr, nil
}

// countingRows counts the rows it returns (releasingRows keeps the
// column-type reports of the rows it wraps).
type countingRows struct {
	*releasingRows
	n int
}

func (r *countingRows) Next(dest []driver.Value) error {
	err := r.releasingRows.Rows.Next(dest)
	if err == nil {
		r.n++
	}
	return err
}

// cachedStmt is a compiled statement; busy while it runs or its rows are
// open (a statement cannot run twice at once: the second use of the same
// text, say a query nested in the rows of another, runs uncached).
type cachedStmt struct {
	st   driver.Stmt
	busy bool
}

// acquire returns the text's compiled statement, marked busy, compiling it on
// first use; nil means run it uncached (busy, cache full, or it does not
// compile — the uncached run then reports why).
func (c *cachingConn) acquire(ctx context.Context, query string) *cachedStmt {
	c.mu.Lock()
	s, ok := c.stmts[query]
	switch {
	case ok && s.busy:
		c.mu.Unlock()
		return nil
	case ok:
		s.busy = true
		c.mu.Unlock()
		return s
	case len(c.stmts) >= stmtCacheSize:
		c.mu.Unlock()
		return nil
	}
	c.mu.Unlock()
	st, err := c.inner.(driver.ConnPrepareContext).PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	s = &cachedStmt{st: st, busy: true}
	c.mu.Lock()
	c.stmts[query] = s
	c.mu.Unlock()
	return s
}

func (c *cachingConn) release(s *cachedStmt) {
	c.mu.Lock()
	s.busy = false
	c.mu.Unlock()
}

// forget drops a statement that failed in a way that may have left it unusable.
func (c *cachingConn) forget(query string, s *cachedStmt) {
	c.mu.Lock()
	if c.stmts[query] == s {
		delete(c.stmts, query)
	}
	c.mu.Unlock()
	s.st.Close()
}

func (c *cachingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	return c.execResult(c.exec(ctx, query, args))
}

func (c *cachingConn) exec(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	s := c.acquire(ctx, query)
	if s == nil {
		return c.inner.(driver.ExecerContext).ExecContext(ctx, query, args)
	}
	res, err := s.st.(driver.StmtExecContext).ExecContext(ctx, args)
	if errors.Is(err, driver.ErrBadConn) {
		c.forget(query, s)
		return res, err
	}
	c.release(s)
	return res, err
}

func (c *cachingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	return c.queryRows(c.query(ctx, query, args))
}

func (c *cachingConn) query(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	s := c.acquire(ctx, query)
	if s == nil {
		return c.inner.(driver.QueryerContext).QueryContext(ctx, query, args)
	}
	rows, err := s.st.(driver.StmtQueryContext).QueryContext(ctx, args)
	if err != nil {
		if errors.Is(err, driver.ErrBadConn) {
			c.forget(query, s)
		} else {
			c.release(s)
		}
		return nil, err
	}
	return &releasingRows{Rows: rows, release: func() { c.release(s) }}, nil
}

func (c *cachingConn) Prepare(query string) (driver.Stmt, error) { return c.inner.Prepare(query) }

func (c *cachingConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	return c.inner.(driver.ConnPrepareContext).PrepareContext(ctx, query)
}

func (c *cachingConn) Begin() (driver.Tx, error) {
	return c.BeginTx(context.Background(), driver.TxOptions{})
}

func (c *cachingConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	tx, err := c.inner.(driver.ConnBeginTx).BeginTx(ctx, opts)
	if err != nil || c.wrote == nil {
		return tx, err
	}
	c.inTx = true
	return &notingTx{Tx: tx, conn: c}, nil
}

// notingTx tells its connection's wrote of a commit.
type notingTx struct {
	driver.Tx
	conn *cachingConn
}

func (t *notingTx) Commit() error {
	t.conn.inTx = false
	err := t.Tx.Commit()
	t.conn.wrote()
	return err
}

func (t *notingTx) Rollback() error {
	t.conn.inTx = false
	return t.Tx.Rollback()
}

func (c *cachingConn) Ping(ctx context.Context) error { return c.inner.(driver.Pinger).Ping(ctx) }

func (c *cachingConn) ResetSession(ctx context.Context) error {
	return c.inner.(driver.SessionResetter).ResetSession(ctx)
}

func (c *cachingConn) IsValid() bool { return c.inner.(driver.Validator).IsValid() }

// Close finalizes the compiled statements, then closes the connection.
func (c *cachingConn) Close() error {
	c.mu.Lock()
	for q, s := range c.stmts {
		s.st.Close()
		delete(c.stmts, q)
	}
	c.mu.Unlock()
	return c.inner.Close()
}

// cached reports how many statements the connection keeps compiled (tests).
func (c *cachingConn) cached() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.stmts)
}

// releasingRows frees its statement for the next use when closed.
type releasingRows struct {
	driver.Rows
	once    sync.Once
	release func()
}

func (r *releasingRows) Close() error {
	err := r.Rows.Close()
	r.once.Do(r.release)
	return err
}

// The column-type reports database/sql asks rows for (Rows.ColumnTypes).
func (r *releasingRows) ColumnTypeDatabaseTypeName(i int) string {
	if t, ok := r.Rows.(driver.RowsColumnTypeDatabaseTypeName); ok {
		return t.ColumnTypeDatabaseTypeName(i)
	}
	return ""
}

func (r *releasingRows) ColumnTypeScanType(i int) reflect.Type {
	if t, ok := r.Rows.(driver.RowsColumnTypeScanType); ok {
		return t.ColumnTypeScanType(i)
	}
	return reflect.TypeFor[any]()
}

func (r *releasingRows) ColumnTypeNullable(i int) (nullable, ok bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypeNullable); ok {
		return t.ColumnTypeNullable(i)
	}
	return false, false
}

func (r *releasingRows) ColumnTypeLength(i int) (length int64, ok bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypeLength); ok {
		return t.ColumnTypeLength(i)
	}
	return 0, false
}

func (r *releasingRows) ColumnTypePrecisionScale(i int) (precision, scale int64, ok bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypePrecisionScale); ok {
		return t.ColumnTypePrecisionScale(i)
	}
	return 0, 0, false
}
