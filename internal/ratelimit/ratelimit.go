package ratelimit

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/metrics"
	"github.com/crebit/crebit/internal/store"
)

// Limiter counts attempts in the database.
type Limiter struct {
	db      *store.DB
	scale   int // CREBIT_RATE_LIMIT_SCALE
	now     func() time.Time
	metrics *metrics.Metrics // nil-safe
}

// New builds a Limiter; scale multiplies every limit (0 allows everything).
func New(db *store.DB, scale int, now func() time.Time, m *metrics.Metrics) *Limiter {
	return &Limiter{db: db, scale: scale, now: now, metrics: m}
}

// Allow counts one attempt under key and reports whether it is within
// limit attempts per window, and if not how long until the next window.
// Counters live in the database (fixed windows aligned to the epoch), so
// every instance shares them. CREBIT_RATE_LIMIT_SCALE multiplies limit; 0
// allows everything.
func (s *Limiter) Allow(ctx context.Context, key string, limit int, window time.Duration) (ok bool, retryAfter time.Duration, err error) {
	return s.AllowN(ctx, key, 1, limit, window)
}

// AllowN is Allow for n attempts at once (n invitations in one request).
// Refused attempts are not counted.
func (s *Limiter) AllowN(ctx context.Context, key string, n, limit int, window time.Duration) (ok bool, retryAfter time.Duration, err error) {
	return s.allow(ctx, window, n, Key{Name: key, Limit: limit})
}

// Key is one counter an attempt is counted under, and its limit per window.
type Key struct {
	Name  string
	Limit int
}

// AllowAll counts one attempt under every key at once (a call's client
// address and its browser session: one statement, where Allow for each
// would take two) and reports whether every key was within its limit, and
// if not how long until the next window. A refused attempt is not counted:
// the keys that counted it give it back.
func (s *Limiter) AllowAll(ctx context.Context, window time.Duration, keys ...Key) (ok bool, retryAfter time.Duration, err error) {
	return s.allow(ctx, window, 1, keys...)
}

// allow counts n attempts under every key in one statement (store's
// HitRateLimits) and takes them back from the keys that counted them if
// another key refused them.
func (s *Limiter) allow(ctx context.Context, window time.Duration, n int, keys ...Key) (ok bool, retryAfter time.Duration, err error) {
	if s.scale == 0 {
		return true, 0, nil
	}
	scaled := make([]store.RateKey, len(keys))
	for i, k := range keys {
		scaled[i] = store.RateKey{Key: k.Name, Limit: k.Limit * s.scale}
	}
	now := s.now().UTC()
	start := now.Truncate(window)
	end := start.Add(window)
	var counted []bool
	err = s.db.WriteOne(ctx, func(tx *store.Tx) (err error) { // one upsert: no BEGIN/COMMIT on PostgreSQL
		counted, err = tx.HitRateLimits(ctx, n, scaled, start, end)
		return err
	})
	if err != nil {
		return false, 0, fmt.Errorf("rate limit %s: %w", keys[0].Name, err)
	}
	var given, refused []string
	for i, c := range counted {
		if c {
			given = append(given, keys[i].Name)
		} else {
			refused = append(refused, keys[i].Name)
		}
	}
	if len(refused) == 0 {
		return true, 0, nil
	}
	if len(given) > 0 {
		if err := s.db.WriteOne(ctx, func(tx *store.Tx) error { return tx.UnhitRateLimits(ctx, n, given, start) }); err != nil {
			return false, 0, fmt.Errorf("rate limit %s: %w", refused[0], err)
		}
	}
	s.limitRefused(refused[0])
	return false, end.Sub(now), nil
}

// RateLimited is the refusal a caller returns when Allow says no: refusal
// (an apperr.E of code rate_limited, the caller's wording) asking the
// client to wait retryAfter.
func RateLimited(retryAfter time.Duration, refusal *apperr.Error) *apperr.Error {
	secs := int(math.Ceil(retryAfter.Seconds()))
	if secs < 1 {
		secs = 1
	}
	out := *refusal
	out.RetryAfter = secs
	return &out
}

// limitRefused counts a refusal under the limit's name (the key's first part).
func (s *Limiter) limitRefused(key string) {
	name, _, _ := strings.Cut(key, ":")
	s.metrics.LimitRefused(name)
}
