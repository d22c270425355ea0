// Package blindpay is a client for BlindPay's API v1 (https://blindpay.com/docs):
// terms of service, customers, bank accounts, wallets, payin and payout
// quotes, payins, payouts, FX rates and webhook endpoints, plus the
// verification of the svix-signed webhooks BlindPay sends.
//
// It is a pure client: it knows BlindPay's paths, fields and errors, and
// nothing of Crebit's payments. Every call is scoped to one instance
// (/v1/instances/{instance_id}/...), authenticated with the instance's API
// key, bounded by a per-call deadline, and retried only where a retry cannot
// do a thing twice (see Do). Facts and their sources are in docs/BLINDPAY.md.
package blindpay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// DefaultBaseURL is BlindPay's API host. Development and production
// instances share it: the instance behind the API key selects the
// environment (https://blindpay.com/faq/developers.md).
const DefaultBaseURL = "https://api.blindpay.com"

// Defaults for Config's zero values.
const (
	DefaultCallTimeout    = 30 * time.Second
	DefaultAttemptTimeout = 15 * time.Second
	DefaultMaxAttempts    = 4
	DefaultBaseBackoff    = 250 * time.Millisecond
	DefaultMaxBackoff     = 8 * time.Second
)

// maxResponseBytes bounds what is read of one response: the largest
// legitimate answer is a page of 1000 payins.
const maxResponseBytes = 16 << 20

// Config configures a Client. APIKey and InstanceID are required.
type Config struct {
	// BaseURL is the API host, DefaultBaseURL when empty. A trailing "/v1"
	// (the form the vendor's SDKs use) is accepted and dropped, because the
	// client's paths carry it.
	BaseURL    string
	APIKey     string
	InstanceID string // in_..., 15 characters
	// HTTPClient is shared by every call; nil gives one over a transport
	// that keeps connections open. Its own Timeout should be zero: deadlines
	// come from CallTimeout and AttemptTimeout.
	HTTPClient *http.Client
	// CallTimeout bounds one call, its retries included; a shorter deadline
	// on the caller's context wins.
	CallTimeout time.Duration
	// AttemptTimeout bounds one HTTP exchange within a call.
	AttemptTimeout time.Duration
	// MaxAttempts is the most exchanges one call makes (1 = no retry).
	MaxAttempts int
	// BaseBackoff and MaxBackoff shape the exponential backoff: before retry
	// n (from 0) the client sleeps a uniformly random time in
	// [0, min(MaxBackoff, BaseBackoff*2^n)] ("full jitter"), or the
	// server's Retry-After when it sent one.
	BaseBackoff time.Duration
	MaxBackoff  time.Duration
	// RequestsPerMinute, when positive, paces this client's requests
	// (retries included) to stay under BlindPay's rate limit, allowing
	// bursts of Burst requests. 40 is the development instances' limit.
	RequestsPerMinute int
	Burst             int
}

// Client calls one BlindPay instance. It is safe for concurrent use.
type Client struct {
	base       string
	apiKey     string
	instance   string
	http       *http.Client
	callTO     time.Duration
	attemptTO  time.Duration
	attempts   int
	baseBack   time.Duration
	maxBack    time.Duration
	jitter     func(n int64) int64 // uniform in [0, n)
	sleep      func(ctx context.Context, d time.Duration) error
	randomKeys func() string
	pace       *pacer // nil: no client-side pacing
}

// New returns a Client for cfg, or an error naming the missing setting.
func New(cfg Config) (*Client, error) {
	if cfg.APIKey == "" {
		return nil, errors.New("blindpay: API key is required")
	}
	if cfg.InstanceID == "" {
		return nil, errors.New("blindpay: instance id is required")
	}
	base := strings.TrimRight(cfg.BaseURL, "/")
	if base == "" {
		base = DefaultBaseURL
	}
	base = strings.TrimSuffix(base, "/v1")
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("blindpay: base URL %q is not an http(s) URL", cfg.BaseURL)
	}
	c := &Client{
		base:       base,
		apiKey:     cfg.APIKey,
		instance:   cfg.InstanceID,
		http:       cfg.HTTPClient,
		callTO:     orDefault(cfg.CallTimeout, DefaultCallTimeout),
		attemptTO:  orDefault(cfg.AttemptTimeout, DefaultAttemptTimeout),
		attempts:   cfg.MaxAttempts,
		baseBack:   orDefault(cfg.BaseBackoff, DefaultBaseBackoff),
		maxBack:    orDefault(cfg.MaxBackoff, DefaultMaxBackoff),
		jitter:     rand.Int64N,
		sleep:      sleepCtx,
		randomKeys: randomKey,
		pace:       newPacer(cfg.RequestsPerMinute, cfg.Burst),
	}
	if c.http == nil {
		c.http = &http.Client{Transport: Transport()}
	}
	if c.attempts <= 0 {
		c.attempts = DefaultMaxAttempts
	}
	return c, nil
}

// Transport keeps connections to BlindPay open between calls (the default
// keeps 2 idle per host, so under load most calls would pay for a new TLS
// handshake).
func Transport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns = 64
	t.MaxIdleConnsPerHost = 32
	t.IdleConnTimeout = 90 * time.Second
	return t
}

// InstanceID returns the instance every call is scoped to.
func (c *Client) InstanceID() string { return c.instance }

func orDefault(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// instancePath returns /v1/instances/{instance_id} followed by the escaped
// segments, each a path segment of its own.
func (c *Client) instancePath(segments ...string) string {
	var b strings.Builder
	b.WriteString("/v1/instances/")
	b.WriteString(url.PathEscape(c.instance))
	for _, s := range segments {
		b.WriteByte('/')
		b.WriteString(url.PathEscape(s))
	}
	return b.String()
}

// call is one API request as the caller described it.
type call struct {
	method string
	path   string // starting with /v1, already escaped
	query  url.Values
	// idemKey is the caller's key; the header sent is derived from it and
	// the body (IdempotencyKey). Empty means the request carries no
	// Idempotency-Key and, unless it is a GET, is never retried.
	idemKey string
	// noKey marks the one POST BlindPay does not deduplicate by header
	// (/v1/e/.../tos, whose body has its own idempotency_key); every other
	// non-GET call must have an idemKey.
	noKey bool
	in    any // request body, nil for none
	out   any // decoded from a 2xx body, nil to discard it
}

// once makes one HTTP exchange.
func (c *Client) once(ctx context.Context, cl call, header http.Header, body []byte) error {
	ctx, cancel := context.WithTimeout(ctx, c.attemptTO)
	defer cancel()
	u := c.base + cl.path
	if len(cl.query) > 0 {
		u += "?" + cl.query.Encode()
	}
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, cl.method, u, rd)
	if err != nil {
		return fmt.Errorf("blindpay: %s %s: %w", cl.method, cl.path, err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "crebit-blindpay/1")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return &NetworkError{Method: cl.method, Path: cl.path, Err: err}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes))
	if err != nil {
		return &NetworkError{Method: cl.method, Path: cl.path, Err: err}
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return newAPIError(cl.method, cl.path, resp, raw)
	}
	if cl.out == nil || len(bytes.TrimSpace(raw)) == 0 {
		return nil // nothing wanted, or nothing sent (a 204, say)
	}
	if err := json.Unmarshal(raw, cl.out); err != nil {
		return fmt.Errorf("blindpay: %s %s: decode %d response: %w", cl.method, cl.path, resp.StatusCode, err)
	}
	return nil
}
