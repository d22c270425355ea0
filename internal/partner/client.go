package partner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// Client speaks the partner's HTTP API. Every POST carries an
// Idempotency-Key, so a retry after a timeout can never create a second
// customer, account or pay-in. Requests and responses are never logged with
// their bodies: they hold tax ids and account numbers.
type Client struct {
	base    string
	apiKey  string
	http    *http.Client
	log     *slog.Logger
	retries int
	backoff time.Duration
}

// NewClient returns a client for the API at base (e.g. http://127.0.0.1:8080/sandbox)
// over transport (nil: Transport(), over the network).
func NewClient(base, apiKey string, transport http.RoundTripper, log *slog.Logger) *Client {
	if transport == nil {
		transport = Transport()
	}
	return &Client{
		base:    base,
		apiKey:  apiKey,
		http:    &http.Client{Timeout: 15 * time.Second, Transport: transport},
		log:     log.With("component", "partner"),
		retries: 3,
		backoff: 200 * time.Millisecond,
	}
}

// Transport keeps connections to the partner open between calls: the
// default keeps 2 idle connections per host, so under load nearly every
// call paid for a new TCP (and, with a real partner, TLS) connection.
func Transport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns = 128
	t.MaxIdleConnsPerHost = 64
	t.IdleConnTimeout = 90 * time.Second
	return t
}

var (
	_ Partner   = (*Client)(nil)
	_ Simulator = (*Client)(nil)
)

// CreateCustomer submits a person for KYC.
func (c *Client) CreateCustomer(ctx context.Context, key string, req CustomerRequest) (Customer, error) {
	var out Customer
	return out, c.do(ctx, http.MethodPost, "/v1/customers", key, req, &out)
}

// CreateWallet opens a USDC wallet for a customer.
func (c *Client) CreateWallet(ctx context.Context, key, customerID string) (Wallet, error) {
	var out Wallet
	return out, c.do(ctx, http.MethodPost, "/v1/customers/"+url.PathEscape(customerID)+"/wallets", key, struct{}{}, &out)
}

// CreateExternalAccount registers a US bank account.
func (c *Client) CreateExternalAccount(ctx context.Context, key string, req ExternalAccountRequest) (ExternalAccount, error) {
	var out ExternalAccount
	return out, c.do(ctx, http.MethodPost, "/v1/customers/"+url.PathEscape(req.CustomerID)+"/external-accounts", key, req, &out)
}

// CreateQuote asks for a firm rate on one leg.
func (c *Client) CreateQuote(ctx context.Context, key string, req QuoteRequest) (Quote, error) {
	var out Quote
	return out, c.do(ctx, http.MethodPost, "/v1/quotes", key, req, &out)
}

// CreatePayin opens a Pix or SPEI pay-in.
func (c *Client) CreatePayin(ctx context.Context, key string, req PayinRequest) (Payin, error) {
	var out Payin
	return out, c.do(ctx, http.MethodPost, "/v1/payins", key, req, &out)
}

// RefundPayin returns a received pay-in, or its excess, to its sender.
func (c *Client) RefundPayin(ctx context.Context, key, payinID string, req RefundRequest) error {
	return c.do(ctx, http.MethodPost, "/v1/payins/"+url.PathEscape(payinID)+"/refund", key, req, nil)
}

// FindPayin looks a pay-in up by the Idempotency-Key it was opened with.
func (c *Client) FindPayin(ctx context.Context, key string) (Payin, bool, error) {
	var out Payin
	err := c.do(ctx, http.MethodGet, "/v1/payins?idempotency_key="+url.QueryEscape(key), "", nil, &out)
	if StatusOf(err) == http.StatusNotFound {
		return Payin{}, false, nil
	}
	return out, err == nil, err
}

// CancelPayin closes an unpaid pay-in.
func (c *Client) CancelPayin(ctx context.Context, key, payinID string) error {
	return c.do(ctx, http.MethodPost, "/v1/payins/"+url.PathEscape(payinID)+"/cancel", key, struct{}{}, nil)
}

// RegisterWebhook points the partner's events at url, signed with secret.
func (c *Client) RegisterWebhook(ctx context.Context, key, hookURL, secret string) error {
	body := map[string]string{"url": hookURL, "secret": secret}
	return c.do(ctx, http.MethodPost, "/v1/webhook-endpoint", key, body, nil)
}

// Simulate asks the sandbox to move a pay-in and send the event.
func (c *Client) Simulate(ctx context.Context, key, payinID, event string) error {
	return c.do(ctx, http.MethodPost, "/v1/payins/"+url.PathEscape(payinID)+"/simulate", key, map[string]string{"event": event}, nil)
}

// errorBody is the partner's error shape.
type errorBody struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// do sends one request, retrying network errors, 429 and 5xx with
// exponential backoff and the same Idempotency-Key.
func (c *Client) do(ctx context.Context, method, path, key string, in, out any) error {
	var body []byte
	if in != nil {
		var err error
		if body, err = json.Marshal(in); err != nil {
			return fmt.Errorf("partner: encode %s: %w", path, err)
		}
	}
	var last error
	for attempt := 0; attempt <= c.retries; attempt++ {
		if attempt > 0 {
			select {
			case <-ctx.Done():
				return errors.Join(ctx.Err(), last)
			case <-time.After(c.wait(attempt, last)):
			}
		}
		last = c.once(ctx, method, path, key, body, out)
		var pe *Error
		if last == nil || !errors.As(last, &pe) || !pe.Temporary() {
			return last
		}
	}
	return last
}

// maxRetryAfter bounds how long a partner's Retry-After may hold a request.
const maxRetryAfter = 10 * time.Second

// wait is the pause before retry number attempt: the exponential backoff,
// or longer when the partner's last answer asked for it (up to maxRetryAfter).
func (c *Client) wait(attempt int, last error) time.Duration {
	d := c.backoff << (attempt - 1)
	var pe *Error
	if errors.As(last, &pe) && pe.RetryAfter > d {
		d = min(pe.RetryAfter, maxRetryAfter)
	}
	return d
}

func (c *Client) once(ctx context.Context, method, path, key string, body []byte, out any) error {
	start := time.Now()
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("partner: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		c.log.Warn("partner request failed", "method", method, "path", path, "err", err)
		return &Error{Status: 0, Code: "network", Message: err.Error()}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	c.log.Debug("partner request", "method", method, "path", path, "status", resp.StatusCode, "duration_ms", time.Since(start).Milliseconds())
	if err != nil {
		return &Error{Status: 0, Code: "network", Message: err.Error()}
	}
	if resp.StatusCode >= 300 {
		var eb errorBody
		_ = json.Unmarshal(raw, &eb)
		if eb.Error == "" {
			eb.Error = http.StatusText(resp.StatusCode)
		}
		c.log.Warn("partner refused", "method", method, "path", path, "status", resp.StatusCode, "code", eb.Code)
		pe := &Error{Status: resp.StatusCode, Code: eb.Code, Message: eb.Error}
		if secs, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && secs > 0 {
			pe.RetryAfter = time.Duration(secs) * time.Second
		}
		return pe
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("partner: decode %s: %w", path, err)
	}
	return nil
}
