package store

import (
	"context"
	"database/sql"
	"sync"
	"time"
)

// stmtCacheSize bounds how many query texts one SQLite pool keeps prepared.
// The store writes a few hundred distinct statements; texts built at run
// time (a list of placeholders) beyond the bound simply run unprepared.
const stmtCacheSize = 1024

// stmtCache keeps one prepared statement per query text for a SQLite pool, so
// SQLite compiles a statement once per connection instead of on every call
// (modernc.org/sqlite keeps the compiled statement of a prepared *sql.Stmt;
// database/sql prepares it again on each connection that needs it).
//
// A statement is prepared only outside a transaction: the writer pool has one
// connection, which a transaction holds, and DB.PrepareContext needs a free
// one. So a query text first runs unprepared, is noted, and is prepared once
// its transaction has ended; every later transaction uses it through
// Tx.StmtContext. Multi-row queries are never cached: a statement in use by
// open rows cannot run again on the same connection until they close.
type stmtCache struct {
	db *sql.DB
	mu sync.RWMutex
	m  map[string]*sql.Stmt
}

func newStmtCache(db *sql.DB) *stmtCache {
	return &stmtCache{db: db, m: make(map[string]*sql.Stmt)}
}

func (c *stmtCache) get(q string) *sql.Stmt {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.m[q]
}

// prepare prepares the noted query texts not yet cached. It runs after a
// transaction, outside it; a failure only leaves the text unprepared.
func (c *stmtCache) prepare(ctx context.Context, missed []string) {
	for _, q := range missed {
		c.mu.RLock()
		_, have := c.m[q]
		full := len(c.m) >= stmtCacheSize
		c.mu.RUnlock()
		if have || full {
			continue
		}
		pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		st, err := c.db.PrepareContext(pctx, q)
		cancel()
		if err != nil {
			continue
		}
		c.mu.Lock()
		if _, have := c.m[q]; have || len(c.m) >= stmtCacheSize {
			c.mu.Unlock()
			st.Close()
			continue
		}
		c.m[q] = st
		c.mu.Unlock()
	}
}

// close closes every cached statement (before the pool closes).
func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for q, st := range c.m {
		st.Close()
		delete(c.m, q)
	}
}

// sqlQuerier runs a SQLite transaction's statements, through the cache when
// it can, noting the texts the cache lacks.
type sqlQuerier struct {
	tx     *sql.Tx
	cache  *stmtCache
	missed *[]string
}

func newSQLQuerier(tx *sql.Tx, cache *stmtCache) sqlQuerier {
	return sqlQuerier{tx: tx, cache: cache, missed: new([]string)}
}

// stmt is the transaction's copy of q's cached statement, or nil (and q noted).
func (s sqlQuerier) stmt(ctx context.Context, q string) *sql.Stmt {
	if s.cache == nil {
		return nil
	}
	if st := s.cache.get(q); st != nil {
		return s.tx.StmtContext(ctx, st)
	}
	*s.missed = append(*s.missed, q)
	return nil
}

// prepareMissed prepares what the transaction ran unprepared; call it once the
// transaction has ended.
func (s sqlQuerier) prepareMissed(ctx context.Context) {
	if s.cache != nil && len(*s.missed) > 0 {
		s.cache.prepare(ctx, *s.missed)
	}
}

func (s sqlQuerier) exec(ctx context.Context, q string, args ...any) (int64, error) {
	var res sql.Result
	var err error
	if st := s.stmt(ctx, q); st != nil {
		res, err = st.ExecContext(ctx, args...)
	} else {
		res, err = s.tx.ExecContext(ctx, q, args...)
	}
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (s sqlQuerier) queryRow(ctx context.Context, q string, args ...any) row {
	if st := s.stmt(ctx, q); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return s.tx.QueryRowContext(ctx, q, args...)
}

func (s sqlQuerier) query(ctx context.Context, q string, args ...any) (rows, error) {
	r, err := s.tx.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return sqlRows{r}, nil
}
