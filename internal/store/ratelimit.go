package store

import (
	"context"
	"errors"
	"strings"
	"time"
)

// HitRateLimit adds n hits to key's counter for the window starting at
// windowStart, unless that would take it above limit. It returns whether
// the hits were counted; refused hits are not counted, so a caller that
// waits gets its full allowance back with the next window.
func (tx *Tx) HitRateLimit(ctx context.Context, key string, n, limit int, windowStart, expires time.Time) (bool, error) {
	if n > limit {
		return false, nil
	}
	var hits int
	err := tx.queryRow(ctx, `INSERT INTO rate_limits (key, window_start, hits, expires_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + excluded.hits
		WHERE rate_limits.hits + excluded.hits <= ? RETURNING hits`,
		key, utc(windowStart), n, utc(expires), limit).Scan(&hits)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// DeleteExpiredRateLimits removes counters whose window has passed.
func (tx *Tx) DeleteExpiredRateLimits(ctx context.Context, now time.Time) (int64, error) {
	return tx.exec(ctx, `DELETE FROM rate_limits WHERE expires_at < ?`, utc(now))
}

// RateKey is one counter an attempt is counted under, and its limit.
type RateKey struct {
	Key   string
	Limit int
}

// HitRateLimits is HitRateLimit for one attempt counted under several keys
// at once (a call's client address and its browser session), in one
// statement. It returns, in keys' order, whether each key counted the n
// hits; a key that refused them is unchanged. Keys must differ.
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
