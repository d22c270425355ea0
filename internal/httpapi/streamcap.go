package httpapi

import (
	"sync"
	"time"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/ratelimit"
)

// Live status streams are held open for as long as a payer watches a
// payment: each costs this instance a goroutine, a subscription and
// buffers. A payer needs one per open tab; a few per session and per client
// address are plenty (a school's or a family's shared address gets more).
// The caps are per instance, as the memory they protect is.
const (
	maxStreamsPerSession = 4
	maxStreamsPerIP      = 20
)

// streamCap counts the open live streams by session and by client address.
type streamCap struct {
	mu        sync.Mutex
	bySession map[string]int
	byIP      map[string]int
}

// acquire opens a place for one more stream, or refuses with 429; release
// gives the place back when the stream ends.
func (c *streamCap) acquire(sessionID, ip string) (release func(), err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.bySession == nil {
		c.bySession, c.byIP = map[string]int{}, map[string]int{}
	}
	if c.bySession[sessionID] >= maxStreamsPerSession || c.byIP[ip] >= maxStreamsPerIP {
		return nil, ratelimit.RateLimited(10*time.Second, apperr.E(apperr.RateLimited, "streams"))
	}
	c.bySession[sessionID]++
	c.byIP[ip]++
	var once sync.Once
	return func() {
		once.Do(func() {
			c.mu.Lock()
			defer c.mu.Unlock()
			if c.bySession[sessionID]--; c.bySession[sessionID] <= 0 {
				delete(c.bySession, sessionID)
			}
			if c.byIP[ip]--; c.byIP[ip] <= 0 {
				delete(c.byIP, ip)
			}
		})
	}, nil
}

// open reports how many streams are open (for tests and metrics).
func (c *streamCap) open() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, v := range c.byIP {
		n += v
	}
	return n
}
