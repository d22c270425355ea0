package store

import (
	"context"
	"errors"
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
