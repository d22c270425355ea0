package store

import (
	"context"
	"strings"
	"time"
)

// DeleteExpiredRateLimits removes counters whose window has passed.
func (tx *Tx) DeleteExpiredRateLimits(ctx context.Context, now time.Time) (int64, error) {
	return tx.exec(ctx, `DELETE FROM rate_limits WHERE expires_at < ?`, utc(now))
}

// RateKey is one counter an attempt is counted under, and its limit.
type RateKey struct {
	Key   string
	Limit int
}

// HitRateLimits adds n hits to each key's counter for the window starting
// at windowStart, unless that would take it above the key's limit, in one
// statement (a call's client address and its browser session together).
// It returns, in keys' order, whether each key counted the hits; a key that
// refused them is unchanged, so a caller that waits gets its full allowance
// back with the next window. Keys must differ.
func (tx *Tx) HitRateLimits(ctx context.Context, n int, keys []RateKey, windowStart, expires time.Time) ([]bool, error) {
	counted := make([]bool, len(keys))
	var values, limits strings.Builder
	args := make([]any, 0, 6*len(keys))
	for _, k := range keys {
		if n > k.Limit {
			continue // never counted: a new row would skip the limit's check
		}
		if values.Len() > 0 {
			values.WriteString(", ")
		}
		values.WriteString("(?, ?, ?, ?)")
		limits.WriteString(" WHEN ? THEN CAST(? AS INTEGER)")
		args = append(args, k.Key, utc(windowStart), n, utc(expires))
	}
	if values.Len() == 0 {
		return counted, nil
	}
	for _, k := range keys {
		if n <= k.Limit {
			args = append(args, k.Key, k.Limit)
		}
	}
	rs, err := tx.query(ctx, `INSERT INTO rate_limits (key, window_start, hits, expires_at) VALUES `+values.String()+`
		ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + excluded.hits
		WHERE rate_limits.hits + excluded.hits <= CASE rate_limits.key`+limits.String()+` END RETURNING key`, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	for rs.Next() {
		var key string
		if err := rs.Scan(&key); err != nil {
			return nil, err
		}
		for i, k := range keys {
			if k.Key == key {
				counted[i] = true
			}
		}
	}
	return counted, formatError(rs.Err())
}

// UnhitRateLimits takes back n hits that HitRateLimits counted under keys
// for the window starting at windowStart: the attempt was refused by
// another of its keys, and a refused attempt is not counted.
func (tx *Tx) UnhitRateLimits(ctx context.Context, n int, keys []string, windowStart time.Time) error {
	if len(keys) == 0 {
		return nil
	}
	args := []any{n, utc(windowStart)}
	for _, k := range keys {
		args = append(args, k)
	}
	_, err := tx.exec(ctx, `UPDATE rate_limits SET hits = hits - ? WHERE window_start = ? AND key IN (?`+
		strings.Repeat(", ?", len(keys)-1)+`)`, args...)
	return err
}
