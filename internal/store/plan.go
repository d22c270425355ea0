package store

import (
	"context"
)

// Explain returns the engine's query plan of q, one line per step (for the
// measurements in docs/PERFORMANCE.md and tests that check index use).
func (tx *Tx) Explain(ctx context.Context, q string, args ...any) ([]string, error) {
	if tx.engine == Postgres {
		return tx.Strings(ctx, `EXPLAIN `+q, args...)
	}
	rs, err := tx.query(ctx, `EXPLAIN QUERY PLAN `+q, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []string
	for rs.Next() {
		var id, parent, unused int
		var detail string
		if err := rs.Scan(&id, &parent, &unused, &detail); err != nil {
			return nil, err
		}
		out = append(out, detail)
	}
	return out, rs.Err()
}

// Strings runs q and returns the first column of its rows, as text, in
// the order they come.
func (tx *Tx) Strings(ctx context.Context, q string, args ...any) ([]string, error) {
	rs, err := tx.query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []string
	for rs.Next() {
		var v string
		if err := rs.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rs.Err()
}
