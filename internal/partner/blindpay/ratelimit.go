package blindpay

import (
	"context"
	"errors"
	"sync"
	"time"
)

// ErrLocalRateLimit: the client's own pacing (Config.RequestsPerMinute)
// would delay the request past the call's deadline. Retryable later.
var ErrLocalRateLimit = errors.New("blindpay: client-side rate limit: no slot before the deadline")

// pacer spaces requests to stay under a published rate limit (BlindPay
// development instances allow 40 requests a minute; production's limit is
// not published), so Crebit slows itself down instead of collecting 429s.
// It is the generic cell rate algorithm: each request moves a theoretical
// arrival time forward by one interval; a request may go when that time is
// at most burst intervals ahead of now.
type pacer struct {
	mu       sync.Mutex
	interval time.Duration
	burst    time.Duration // burst * interval
	tat      time.Time
	now      func() time.Time
}

func newPacer(perMinute, burst int) *pacer {
	if perMinute <= 0 {
		return nil
	}
	if burst <= 0 {
		burst = 1
	}
	interval := time.Minute / time.Duration(perMinute)
	return &pacer{interval: interval, burst: time.Duration(burst-1) * interval, now: time.Now}
}

// reserve books the next slot and returns how long to wait for it, or
// ErrLocalRateLimit (booking nothing) when the slot is after deadline.
func (p *pacer) reserve(deadline time.Time, hasDeadline bool) (time.Duration, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	tat := p.tat
	if tat.Before(now) {
		tat = now
	}
	wait := tat.Sub(now) - p.burst
	if wait < 0 {
		wait = 0
	}
	if hasDeadline && now.Add(wait).After(deadline) {
		return 0, ErrLocalRateLimit
	}
	p.tat = tat.Add(p.interval)
	return wait, nil
}

// take waits for a slot within ctx.
func (c *Client) take(ctx context.Context) error {
	if c.pace == nil {
		return nil
	}
	dl, ok := ctx.Deadline()
	wait, err := c.pace.reserve(dl, ok)
	if err != nil || wait == 0 {
		return err
	}
	return c.sleep(ctx, wait)
}
