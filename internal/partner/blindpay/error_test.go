package blindpay

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// waits replaces the client's sleep with one that records and returns at
// once, so Retry-After can be asserted without waiting for it.
func waits(c *Client) func() []time.Duration {
	var mu sync.Mutex
	var got []time.Duration
	c.sleep = func(ctx context.Context, d time.Duration) error {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, d)
		return ctx.Err()
	}
	return func() []time.Duration {
		mu.Lock()
		defer mu.Unlock()
		return append([]time.Duration(nil), got...)
	}
}

func quoteRequest() CreatePayinQuoteRequest {
	return CreatePayinQuoteRequest{
		WalletID: "bl_000000000000", CurrencyType: CurrencySender, RequestAmount: 100000,
		PaymentMethod: MethodPix, Token: "USDB",
		PayerRules: &PayerRules{PixAllowedTaxIDs: []string{"14747677786"}},
	}
}

func TestAPIError(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file      string
		status    int
		code      string
		message   string
		retryable bool
		is        error
	}{
		{"error_quotes_expired.json", 400, "QUOTES_EXPIRED", "quote_expired", false, nil},
		{"error_validation_failed.json", 400, "VALIDATION_FAILED", "validation_failed", false, nil},
		{"error_tos_not_accepted.json", 400, "TOS_NOT_ACCEPTED", "please_accept_terms_of_service", false, nil},
		{"error_customers_kyc_not_approved.json", 400, "CUSTOMERS_KYC_NOT_APPROVED", "kyc_not_approved", false, nil},
		{"error_auth_unauthorized.json", 401, "AUTH_UNAUTHORIZED", "unauthorized", false, nil},
		{"error_payins_not_found.json", 404, "PAYINS_NOT_FOUND", "payin_not_found", false, ErrNotFound},
		{"error_quotes_already_used.json", 400, "QUOTES_ALREADY_USED", "quote_already_used", false, nil},
		{"error_auth_rate_limited.json", 429, "AUTH_RATE_LIMITED", "api_key_rate_limit_exceeded", true, ErrRateLimited},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			f := setup(t)
			f.client.attempts = 1
			f.then(reply{status: tt.status, file: tt.file})
			_, err := f.client.CreatePayinQuote(t.Context(), "k", quoteRequest())
			var ae *APIError
			if !errors.As(err, &ae) {
				t.Fatalf("err %v is not an *APIError", err)
			}
			if ae.Status != tt.status || ae.Code != tt.code || ae.Message != tt.message || ae.TraceID == "" || ae.Description == "" {
				t.Errorf("got %+v", ae)
			}
			if Retryable(err) != tt.retryable {
				t.Errorf("Retryable = %v, want %v", Retryable(err), tt.retryable)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("errors.Is(%v, %v) = false", err, tt.is)
			}
			if !strings.Contains(err.Error(), tt.code) {
				t.Errorf("message %q lacks the code", err)
			}
		})
	}
}

// The fake must refuse what the spec refuses, or the contract test proves
// nothing.
func TestFakeValidatesRequests(t *testing.T) {
	t.Parallel()
	t.Run("below the spec's minimum", func(t *testing.T) {
		t.Parallel()
		f := setup(t)
		req := quoteRequest()
		req.RequestAmount = 499
		_, err := f.client.CreatePayinQuote(t.Context(), "k", req)
		var ae *APIError
		if !errors.As(err, &ae) || ae.Status != 400 || !strings.Contains(strings.Join(ae.Errors, " "), "request_amount") {
			t.Fatalf("err = %v, want a 400 naming request_amount", err)
		}
		if n := len(f.requests()); n != 1 {
			t.Errorf("%d requests: a 400 must not be retried", n)
		}
	})
	t.Run("unknown payment method", func(t *testing.T) {
		t.Parallel()
		f := setup(t)
		req := quoteRequest()
		req.PaymentMethod = "boleto"
		if _, err := f.client.CreatePayinQuote(t.Context(), "k", req); err == nil {
			t.Fatal("no error")
		}
	})
	t.Run("wrong API key", func(t *testing.T) {
		t.Parallel()
		f := setup(t)
		f.client.apiKey = "other"
		if _, err := f.client.GetPayin(t.Context(), "pi_000000000000"); err == nil {
			t.Fatal("no error")
		}
	})
}

func TestRetry(t *testing.T) {
	t.Parallel()
	t.Run("429 then 200 waits Retry-After and resends the same request", func(t *testing.T) {
		t.Parallel()
		f := setup(t)
		slept := waits(f.client)
		f.then(reply{status: 429, header: http.Header{"Retry-After": {"2"}}, file: "error_auth_rate_limited.json"})
		if _, err := f.client.CreatePayinQuote(t.Context(), "pay-9:quote", quoteRequest()); err != nil {
			t.Fatal(err)
		}
		got := f.requests()
		if len(got) != 2 {
			t.Fatalf("%d requests, want 2", len(got))
		}
		if k0, k1 := got[0].Header.Get("Idempotency-Key"), got[1].Header.Get("Idempotency-Key"); k0 == "" || k0 != k1 {
			t.Errorf("keys %q then %q, want the same", k0, k1)
		}
		if string(got[0].Body) != string(got[1].Body) {
			t.Errorf("bodies differ:\n%s\n%s", got[0].Body, got[1].Body)
		}
		if w := slept(); len(w) != 1 || w[0] != 2*time.Second {
			t.Errorf("waited %v, want [2s]", w)
		}
	})
	t.Run("5xx until the deadline gives a clear retryable error", func(t *testing.T) {
		t.Parallel()
		f := setup(t)
		f.client.callTO = 300 * time.Millisecond
		f.client.attempts = 1000
		f.client.baseBack, f.client.maxBack = 10*time.Millisecond, 40*time.Millisecond
		for range 1000 {
			f.then(reply{status: 500, body: `{"success":false,"code":"INTERNAL_ERROR","message":"internal_error","errors":[],"trace_id":"t1"}`})
		}
		start := time.Now()
		_, err := f.client.CreatePayout(t.Context(), "pay-9:payout", CreatePayoutRequest{QuoteID: "qu_000000000000", SenderWalletAddress: "0xabc"})
		elapsed := time.Since(start)
		var re *RetryError
		var ae *APIError
		if !errors.As(err, &re) || !errors.As(err, &ae) || ae.Status != 500 || ae.Code != "INTERNAL_ERROR" {
			t.Fatalf("err = %v, want a *RetryError around the 500", err)
		}
		if !Retryable(err) || !strings.Contains(err.Error(), "gave up after") {
			t.Errorf("err %q: want a retryable 'gave up' error", err)
		}
		// The last attempt may be cut short before the fake saw it.
		if n := len(f.requests()); n < 2 || re.Attempts < n || re.Attempts > n+1 {
			t.Errorf("%d requests, error says %d attempts", n, re.Attempts)
		}
		if elapsed > 2*time.Second {
			t.Errorf("took %v, the deadline was 300ms", elapsed)
		}
	})
	t.Run("no retry on 400", func(t *testing.T) {
		t.Parallel()
		f := setup(t)
		f.then(reply{status: 400, file: "error_quotes_expired.json"})
		_, err := f.client.CreatePayin(t.Context(), "pay-9:payin", CreatePayinRequest{PayinQuoteID: "pq_000000000000"})
		if err == nil || Retryable(err) {
			t.Fatalf("err = %v, want a permanent error", err)
		}
		if n := len(f.requests()); n != 1 {
			t.Errorf("%d requests, want 1", n)
		}
	})
	t.Run("a slow answer is abandoned and retried", func(t *testing.T) {
		t.Parallel()
		f := setup(t)
		f.client.attemptTO = 500 * time.Millisecond
		// The first answer would come after a minute; the fake gives up
		// on it when the client hangs up.
		f.then(reply{status: 200, file: "wallet.response.json", delay: time.Minute})
		if _, err := f.client.GetWallet(t.Context(), "re_000000000000", "bl_000000000000"); err != nil {
			t.Fatal(err)
		}
		if n := len(f.requests()); n != 2 {
			t.Errorf("%d requests, want 2", n)
		}
	})
	t.Run("a POST without Idempotency-Key is never retried", func(t *testing.T) {
		t.Parallel()
		f := setup(t)
		f.then(reply{status: 503, body: `{"success":false,"code":"AUTH_SERVICE_UNAVAILABLE","message":"x","errors":[]}`})
		_, err := f.client.InitiateTos(t.Context(), InitiateTosRequest{IdempotencyKey: "5d8b149e-a55d-4b5b-a8f8-7c4fa315f854"})
		if err == nil || !Retryable(err) {
			t.Fatalf("err = %v, want a retryable error for the caller", err)
		}
		if n := len(f.requests()); n != 1 {
			t.Errorf("%d requests, want 1", n)
		}
	})
	t.Run("a POST without a caller key is refused before sending", func(t *testing.T) {
		t.Parallel()
		f := setup(t)
		if _, err := f.client.CreatePayin(t.Context(), "", CreatePayinRequest{PayinQuoteID: "pq_000000000000"}); err == nil {
			t.Fatal("no error")
		}
		if n := len(f.requests()); n != 0 {
			t.Errorf("%d requests, want 0", n)
		}
	})
	t.Run("Retry-After beyond the deadline gives up at once", func(t *testing.T) {
		t.Parallel()
		f := setup(t)
		f.then(reply{status: 429, header: http.Header{"Retry-After": {"60"}}, file: "error_auth_rate_limited.json"})
		start := time.Now()
		_, err := f.client.GetPayout(t.Context(), "po_000000000000")
		if !errors.Is(err, ErrRateLimited) || !Retryable(err) {
			t.Fatalf("err = %v, want a rate-limit error", err)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("took %v", d)
		}
		if n := len(f.requests()); n != 1 {
			t.Errorf("%d requests, want 1", n)
		}
	})
}

func TestIdempotencyErrors(t *testing.T) {
	t.Parallel()
	t.Run("key reused with another body is permanent", func(t *testing.T) {
		t.Parallel()
		f := setup(t)
		f.then(reply{status: 422, body: `{"success":false,"message":"idempotency_key_payload_mismatch","errors":[]}`})
		_, err := f.client.CreateCustomer(t.Context(), "pay-9:kyc", CreateCustomerRequest{Type: CustomerIndividual, KYCType: KYCStandard,
			CustomerFields: CustomerFields{Email: "a@example.com", Country: "BR"}})
		if !errors.Is(err, ErrIdempotencyKeyReused) || Retryable(err) {
			t.Fatalf("err = %v, want ErrIdempotencyKeyReused, permanent", err)
		}
		if n := len(f.requests()); n != 1 {
			t.Errorf("%d requests, want 1", n)
		}
	})
	t.Run("key in flight is retried after Retry-After", func(t *testing.T) {
		t.Parallel()
		f := setup(t)
		slept := waits(f.client)
		f.then(reply{status: 409, header: http.Header{"Retry-After": {"1"}},
			body: `{"success":false,"message":"idempotency_key_in_flight","errors":[]}`})
		if _, err := f.client.CreatePayin(t.Context(), "pay-9:payin", CreatePayinRequest{PayinQuoteID: "pq_000000000000"}); err != nil {
			t.Fatal(err)
		}
		if w := slept(); len(w) != 1 || w[0] != time.Second {
			t.Errorf("waited %v, want [1s]", w)
		}
	})
	t.Run("terms-of-service key reused", func(t *testing.T) {
		t.Parallel()
		f := setup(t)
		f.then(reply{status: 400, body: `{"success":false,"message":"idempotency_key_already_exists","errors":[]}`})
		_, err := f.client.InitiateTos(t.Context(), InitiateTosRequest{IdempotencyKey: "5d8b149e-a55d-4b5b-a8f8-7c4fa315f854"})
		if !errors.Is(err, ErrIdempotencyKeyReused) {
			t.Fatalf("err = %v, want ErrIdempotencyKeyReused", err)
		}
	})
	t.Run("other conflicts are not idempotency errors", func(t *testing.T) {
		t.Parallel()
		f := setup(t)
		f.then(reply{status: 400, file: "error_quotes_already_used.json"})
		_, err := f.client.CreatePayout(t.Context(), "pay-9:payout", CreatePayoutRequest{QuoteID: "qu_000000000000", SenderWalletAddress: "0xabc"})
		if err == nil || errors.Is(err, ErrIdempotencyKeyReused) || errors.Is(err, ErrIdempotencyInFlight) {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestParseRetryAfter(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	for in, want := range map[string]time.Duration{
		"":                              0,
		"3":                             3 * time.Second,
		"-1":                            0,
		"soon":                          0,
		"Thu, 26 Nov 2026 12:00:10 GMT": 10 * time.Second,
		"Thu, 26 Nov 2026 11:59:00 GMT": 0,
	} {
		if got := parseRetryAfter(in, now); got != want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", in, got, want)
		}
	}
}
