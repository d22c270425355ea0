package store

import (
	"context"
)

// Explain returns the engine's query plan of q, one line per step (for the
// measurements in docs/PERFORMANCE.md and tests that check index use).
func (tx *Tx) Explain(ctx context.Context, q string, args ...any) ([]string, error) {
	if tx.engine == Postgres {
		rs, err := tx.query(ctx, `EXPLAIN `+q, args...)
		if err != nil {
			return nil, err
		}
		defer rs.Close()
		var out []string
		for rs.Next() {
			var line string
			if err := rs.Scan(&line); err != nil {
				return nil, err
			}
			out = append(out, line)
		}
		return out, rs.Err()
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
