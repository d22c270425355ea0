package blindpay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Sentinels for errors.Is. An *APIError matches the one its status and code
// describe; a *RetryError matches what its last attempt matched.
var (
	// ErrIdempotencyKeyReused: the Idempotency-Key was used before with a
	// different body (BlindPay: 422 idempotency_key_payload_mismatch), or
	// the terms-of-service idempotency_key was used before (400
	// idempotency_key_already_exists). Permanent: a new key is needed, and
	// with IdempotencyKey a new body already gives one.
	ErrIdempotencyKeyReused = errors.New("blindpay: idempotency key reused with a different request")
	// ErrIdempotencyInFlight: the first request with this key is still
	// running (409 idempotency_key_in_flight). Retryable with the same key
	// and body after Retry-After.
	ErrIdempotencyInFlight = errors.New("blindpay: a request with this idempotency key is still in flight")
	// ErrRateLimited: 429, BlindPay's AUTH_RATE_LIMITED.
	ErrRateLimited = errors.New("blindpay: rate limited")
	// ErrNotFound: 404, e.g. PAYINS_NOT_FOUND.
	ErrNotFound = errors.New("blindpay: not found")
)

// APIError is a non-2xx answer from BlindPay, decoded from its envelope
// {success, code, message, description, errors, trace_id}.
type APIError struct {
	Method string
	Path   string
	Status int
	// Code is the stable identifier (QUOTES_EXPIRED, ...); the one to
	// branch on. Answers from before July 2026 or from a proxy lack it.
	Code string
	// Message is the legacy snake_case message (quote_expired, ...).
	Message string
	// Description is BlindPay's sentence, safe to show to end users.
	Description string
	// Errors lists field problems. The spec types the items as strings;
	// an object item is kept as its JSON text.
	Errors  []string
	TraceID string
	// RetryAfter is the server's Retry-After, 0 when absent.
	RetryAfter time.Duration
}

// Error names the call, the status, the code and the trace id, the things
// support needs; not Description, which is meant for end users, nor the
// text of Errors.
func (e *APIError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "blindpay: %s %s: %d", e.Method, e.Path, e.Status)
	if e.Code != "" {
		b.WriteString(" " + e.Code)
	}
	if e.Message != "" {
		b.WriteString(" " + e.Message)
	}
	if len(e.Errors) > 0 {
		// Counted, not quoted: field problems may echo the tax id or
		// account number sent, and error strings end up in logs.
		fmt.Fprintf(&b, " (%d field errors)", len(e.Errors))
	}
	if e.TraceID != "" {
		b.WriteString(" (trace_id " + e.TraceID + ")")
	}
	return b.String()
}

// Retryable reports whether the same request may succeed later: 429, any
// 5xx, and an idempotent request still in flight. Every other 4xx is
// permanent until something is changed.
func (e *APIError) Retryable() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500 || e.inFlight()
}

// Is matches the package's sentinels.
func (e *APIError) Is(target error) bool {
	switch target {
	case ErrIdempotencyKeyReused:
		return e.keyReused()
	case ErrIdempotencyInFlight:
		return e.inFlight()
	case ErrRateLimited:
		return e.Status == http.StatusTooManyRequests
	case ErrNotFound:
		return e.Status == http.StatusNotFound
	}
	return false
}

// mentions reports whether the code or legacy message contains s. The
// idempotency errors have no code in the vendor's table (docs/BLINDPAY.md,
// open question 1), so they are recognised by their message strings.
func (e *APIError) mentions(s string) bool {
	return strings.Contains(strings.ToLower(e.Code), s) || strings.Contains(strings.ToLower(e.Message), s)
}

func (e *APIError) inFlight() bool {
	return e.Status == http.StatusConflict && e.mentions("idempotency") && e.mentions("in_flight")
}

func (e *APIError) keyReused() bool {
	switch e.Status {
	case http.StatusUnprocessableEntity, http.StatusConflict, http.StatusBadRequest:
		return e.mentions("idempotency") && !e.inFlight()
	}
	return false
}

// envelope is BlindPay's error body.
type envelope struct {
	Success     *bool             `json:"success"`
	Code        string            `json:"code"`
	Message     string            `json:"message"`
	Description string            `json:"description"`
	Errors      []json.RawMessage `json:"errors"`
	TraceID     string            `json:"trace_id"`
}

func newAPIError(method, path string, resp *http.Response, raw []byte) *APIError {
	e := &APIError{
		Method:     method,
		Path:       path,
		Status:     resp.StatusCode,
		RetryAfter: parseRetryAfter(resp.Header.Get("Retry-After"), time.Now()),
	}
	var env envelope
	if json.Unmarshal(raw, &env) != nil {
		// Not BlindPay's envelope: a proxy's page, say. Its text is not
		// kept: it says nothing stable and may be large.
		e.Message = http.StatusText(resp.StatusCode)
		return e
	}
	e.Code, e.Message, e.Description, e.TraceID = env.Code, env.Message, env.Description, env.TraceID
	for _, item := range env.Errors {
		var s string
		if json.Unmarshal(item, &s) == nil {
			e.Errors = append(e.Errors, s)
		} else {
			e.Errors = append(e.Errors, string(item))
		}
	}
	return e
}

// parseRetryAfter reads delay-seconds or an HTTP date; 0 when absent or
// unreadable.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if n, err := strconv.Atoi(v); err == nil {
		if n < 0 {
			return 0
		}
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

// NetworkError is a failure to get an answer at all: connection refused or
// reset, a timeout, a body cut short. Whether BlindPay acted on the request
// is unknown, which is why only requests with an Idempotency-Key are retried.
type NetworkError struct {
	Method string
	Path   string
	Err    error
}

// Error names the call and the transport failure.
func (e *NetworkError) Error() string {
	return fmt.Sprintf("blindpay: %s %s: no answer: %v", e.Method, e.Path, e.Err)
}

// Unwrap gives the transport error (a timeout is context.DeadlineExceeded).
func (e *NetworkError) Unwrap() error { return e.Err }

// RetryError is a retryable failure that outlived the call's retries or
// deadline. It wraps the last attempt's error, so errors.As finds its
// *APIError. Callers should tell the person to try again later.
type RetryError struct {
	Method   string
	Path     string
	Attempts int
	Reason   string
	Err      error
}

// Error says how many attempts were made, why they stopped, and the last
// attempt's error.
func (e *RetryError) Error() string {
	return fmt.Sprintf("blindpay: %s %s: gave up after %d attempt(s), %s; last error: %v",
		e.Method, e.Path, e.Attempts, e.Reason, e.Err)
}

// Unwrap gives the last attempt's error.
func (e *RetryError) Unwrap() error { return e.Err }

// Retryable reports whether err is temporary, so that the same request may
// succeed later: an *APIError that says so, a network failure (unless the
// caller cancelled), or a *RetryError (retries ran out, the cause did not
// go away). Anything else, including a local encoding error, is permanent.
func Retryable(err error) bool {
	if errors.Is(err, ErrLocalRateLimit) {
		return true
	}
	var re *RetryError
	if errors.As(err, &re) {
		return true
	}
	var ae *APIError
	if errors.As(err, &ae) {
		return ae.Retryable()
	}
	var ne *NetworkError
	if errors.As(err, &ne) {
		return !errors.Is(ne.Err, context.Canceled)
	}
	return false
}
