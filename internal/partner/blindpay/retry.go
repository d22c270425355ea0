package blindpay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// do runs c within the call deadline, retrying retryable failures when a
// retry is safe: always for GET, and for other methods only when the request
// carries an Idempotency-Key (so BlindPay replays rather than repeats it).
func (c *Client) do(ctx context.Context, cl call) error {
	if cl.method != http.MethodGet && cl.idemKey == "" && !cl.noKey {
		return fmt.Errorf("blindpay: %s %s: an idempotency key is required", cl.method, cl.path)
	}
	var body []byte
	if cl.in != nil {
		var err error
		if body, err = json.Marshal(cl.in); err != nil {
			return fmt.Errorf("blindpay: encode %s %s: %w", cl.method, cl.path, err)
		}
	}
	header := http.Header{}
	if cl.idemKey != "" {
		header.Set("Idempotency-Key", IdempotencyKey(cl.idemKey, cl.method, cl.path, body))
	}
	safe := cl.method == http.MethodGet || cl.idemKey != ""

	ctx, cancel := context.WithTimeout(ctx, c.callTO)
	defer cancel()
	// last is the latest attempt's error; answer the latest error BlindPay
	// itself sent, which says more than an attempt the deadline cut short.
	var last, answer error
	giveUp := func(attempts int, reason string) error {
		err := last
		var ne *NetworkError
		if answer != nil && errors.As(last, &ne) && ctx.Err() != nil {
			err = answer
		}
		return &RetryError{Method: cl.method, Path: cl.path, Attempts: attempts, Reason: reason, Err: err}
	}
	for attempt := 0; attempt < c.attempts; attempt++ {
		if attempt > 0 {
			wait := c.backoff(attempt-1, last)
			if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
				return giveUp(attempt, "the call deadline comes before the next retry")
			}
			if err := c.sleep(ctx, wait); err != nil {
				return giveUp(attempt, "the call deadline passed")
			}
		}
		if err := c.take(ctx); err != nil {
			if attempt == 0 {
				return fmt.Errorf("blindpay: %s %s: %w", cl.method, cl.path, err)
			}
			return giveUp(attempt, "the client's rate limit leaves no slot before the deadline")
		}
		last = c.once(ctx, cl, header, body)
		if last == nil {
			return nil
		}
		var ae *APIError
		if errors.As(last, &ae) {
			answer = last
		}
		if !safe || !Retryable(last) || ctx.Err() != nil {
			if attempt > 0 && Retryable(last) {
				return giveUp(attempt+1, "the call deadline passed")
			}
			return last
		}
	}
	return giveUp(c.attempts, "no attempts left")
}

// backoff returns the wait before retry n (from 0): the server's
// Retry-After when it gave one, else full jitter over an exponential cap.
func (c *Client) backoff(n int, last error) time.Duration {
	var ae *APIError
	if errors.As(last, &ae) && ae.RetryAfter > 0 {
		return ae.RetryAfter
	}
	ceiling := c.maxBack
	if n < 30 && c.baseBack<<n < ceiling {
		ceiling = c.baseBack << n
	}
	return time.Duration(c.jitter(int64(ceiling) + 1))
}

// sleepCtx waits d or until ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
