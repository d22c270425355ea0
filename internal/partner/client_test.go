package partner

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// attempt is one request the test server saw.
type attempt struct {
	at      time.Time
	key     string
	auth    string
	body    string
	ctxDone <-chan struct{}
}

// partnerServer answers each request with respond(n, w, r), n counting from
// 1, and records what it saw.
type partnerServer struct {
	*httptest.Server
	mu       sync.Mutex
	attempts []attempt
}

func newPartnerServer(t *testing.T, respond func(n int, w http.ResponseWriter, r *http.Request)) *partnerServer {
	t.Helper()
	s := &partnerServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		s.attempts = append(s.attempts, attempt{at: time.Now(), key: r.Header.Get("Idempotency-Key"),
			auth: r.Header.Get("Authorization"), body: string(body)})
		n := len(s.attempts)
		s.mu.Unlock()
		respond(n, w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *partnerServer) seen() []attempt {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]attempt(nil), s.attempts...)
}

// testClient is a client of s with a 1 ms backoff, so three retries cost
// milliseconds; log receives every record at debug level.
func testClient(s *partnerServer, log io.Writer) *Client {
	if log == nil {
		log = io.Discard
	}
	c := NewClient(s.URL, "sk_test_secret", nil, slog.New(slog.NewJSONHandler(log, &slog.HandlerOptions{Level: slog.LevelDebug})))
	c.backoff = time.Millisecond
	return c
}

// hangUp closes the connection without an answer: a network error.
func hangUp(t *testing.T, w http.ResponseWriter) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		t.Errorf("hijack: %v", err)
		return
	}
	conn.Close()
}

func answer(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	io.WriteString(w, body)
}

const quoteJSON = `{"id":"q_1","symbol":"USDC/BRL","side":"on_ramp","quotation":"5.4088","fee_bps":0,"expires_at":"2026-11-23T15:09:05Z"}`

func TestClientRetriesTemporaryFailuresWithTheSameKey(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		fail func(t *testing.T, w http.ResponseWriter)
	}{
		{"network error", hangUp},
		{"429", func(_ *testing.T, w http.ResponseWriter) {
			answer(w, 429, `{"error":"slow down","code":"rate_limited"}`)
		}},
		{"500", func(_ *testing.T, w http.ResponseWriter) { answer(w, 500, `{"error":"boom"}`) }},
		{"502 without a body", func(_ *testing.T, w http.ResponseWriter) { w.WriteHeader(502) }},
		{"503", func(_ *testing.T, w http.ResponseWriter) { answer(w, 503, `{"error":"maintenance"}`) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := newPartnerServer(t, func(n int, w http.ResponseWriter, r *http.Request) {
				if n <= 2 {
					tc.fail(t, w)
					return
				}
				answer(w, 201, quoteJSON)
			})
			q, err := testClient(s, nil).CreateQuote(context.Background(), "idem_1", QuoteRequest{Symbol: "USDC/BRL", Side: OnRamp})
			if err != nil {
				t.Fatalf("after two failures and a success: %v", err)
			}
			if q.ID != "q_1" || q.Quotation != "5.4088" {
				t.Fatalf("decoded %+v", q)
			}
			seen := s.seen()
			if len(seen) != 3 {
				t.Fatalf("%d attempts, want 3", len(seen))
			}
			for i, a := range seen {
				if a.key != "idem_1" || a.auth != "Bearer sk_test_secret" || a.body != seen[0].body {
					t.Fatalf("attempt %d sent key %q, auth %q, body %s; the first sent body %s", i+1, a.key, a.auth, a.body, seen[0].body)
				}
			}
		})
	}
}

func TestClientGivesUpAfterRetriesWithGrowingBackoff(t *testing.T) {
	t.Parallel()
	s := newPartnerServer(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		answer(w, 503, `{"error":"maintenance","code":"unavailable"}`)
	})
	c := testClient(s, nil)
	c.backoff = 5 * time.Millisecond
	err := c.RefundPayin(context.Background(), "idem_r", "pay_1", RefundRequest{Amount: "10.00", Currency: "BRL"})
	var pe *Error
	if !errors.As(err, &pe) || pe.Status != 503 || pe.Code != "unavailable" || !pe.Temporary() {
		t.Fatalf("err = %#v", err)
	}
	seen := s.seen()
	if len(seen) != 1+c.retries {
		t.Fatalf("%d attempts, want %d", len(seen), 1+c.retries)
	}
	// Sleeps never end early, so these lower bounds cannot flake.
	for i := 1; i < len(seen); i++ {
		if gap, least := seen[i].at.Sub(seen[i-1].at), c.backoff<<(i-1); gap < least {
			t.Errorf("attempt %d came %v after the previous one, want at least %v", i+1, gap, least)
		}
	}
}

func TestClientDoesNotRetryOtherRefusals(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		status  int
		body    string
		code    string
		message string
	}{
		{400, `{"error":"tax_id is invalid","code":"invalid_request"}`, "invalid_request", "tax_id is invalid"},
		{401, `{"error":"bad key","code":"unauthorized"}`, "unauthorized", "bad key"},
		{404, `not json`, "", "Not Found"},
		{409, `{"error":"idempotency key reused with another body","code":"idempotency_conflict"}`, "idempotency_conflict", "idempotency key reused with another body"},
		{422, `{"error":"quote expired","code":"quote_expired"}`, "quote_expired", "quote expired"},
	} {
		t.Run(http.StatusText(tc.status), func(t *testing.T) {
			t.Parallel()
			s := newPartnerServer(t, func(_ int, w http.ResponseWriter, _ *http.Request) { answer(w, tc.status, tc.body) })
			_, err := testClient(s, nil).CreatePayin(context.Background(), "idem_p", PayinRequest{Method: "pix"})
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want *partner.Error", err)
			}
			want := Error{Status: tc.status, Code: tc.code, Message: tc.message}
			if *pe != want || pe.Temporary() {
				t.Fatalf("err = %+v, want %+v (not temporary)", *pe, want)
			}
			if n := len(s.seen()); n != 1 {
				t.Fatalf("%d attempts, want 1", n)
			}
		})
	}
}

func TestClientDoesNotRetryAnUnreadableSuccess(t *testing.T) {
	t.Parallel()
	s := newPartnerServer(t, func(_ int, w http.ResponseWriter, _ *http.Request) { answer(w, 200, `{"id":`) })
	_, err := testClient(s, nil).CreateWallet(context.Background(), "idem_w", "cus_1")
	var pe *Error
	if err == nil || errors.As(err, &pe) {
		t.Fatalf("err = %v, want a decode error", err)
	}
	if n := len(s.seen()); n != 1 {
		t.Fatalf("%d attempts: a POST the partner accepted must not be sent again", n)
	}
}

func TestClientTimeoutIsRetriedThenReported(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	s := newPartnerServer(t, func(_ int, w http.ResponseWriter, r *http.Request) {
		select { // hang until the client gives up on this attempt
		case <-r.Context().Done():
		case <-release:
		}
	})
	t.Cleanup(func() { close(release) })
	c := testClient(s, nil)
	c.http.Timeout = 20 * time.Millisecond
	_, err := c.CreateCustomer(context.Background(), "idem_c", CustomerRequest{FirstName: "Maria"})
	var pe *Error
	if !errors.As(err, &pe) || pe.Status != 0 || pe.Code != "network" {
		t.Fatalf("err = %v, want a network *partner.Error", err)
	}
	if n := len(s.seen()); n != 1+c.retries {
		t.Fatalf("%d attempts, want %d", n, 1+c.retries)
	}
}

func TestClientStopsRetryingWhenContextEnds(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := newPartnerServer(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		cancel() // the caller goes away while the partner is failing
		answer(w, 503, `{"error":"maintenance"}`)
	})
	c := testClient(s, nil)
	c.backoff = 10 * time.Second // a retry would wait; cancellation must not
	err := c.RegisterWebhook(ctx, "idem_h", "http://127.0.0.1/webhooks/partner", "whsec_x")
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	var pe *Error
	if !errors.As(err, &pe) {
		t.Fatalf("err = %v, want the last partner error kept beside the cancellation", err)
	}
	if n := len(s.seen()); n != 1 {
		t.Fatalf("%d attempts after cancellation, want 1", n)
	}

	// Already cancelled: nothing is sent at all.
	s2 := newPartnerServer(t, func(_ int, w http.ResponseWriter, _ *http.Request) { answer(w, 201, quoteJSON) })
	if _, err := testClient(s2, nil).CreateQuote(ctx, "idem_q", QuoteRequest{}); err == nil {
		t.Fatal("a cancelled context succeeded")
	}
	if n := len(s2.seen()); n != 0 {
		t.Fatalf("%d requests sent with a cancelled context", n)
	}
}

func TestClientLogsNoBodiesOrKeys(t *testing.T) {
	t.Parallel()
	const (
		taxID    = "52998224725"
		account  = "000123456789"
		response = "resp-secret-cus"
	)
	s := newPartnerServer(t, func(n int, w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.Contains(r.URL.Path, "external-accounts"):
			answer(w, 422, `{"error":"account `+account+` rejected","code":"invalid_account"}`)
		case n == 1:
			hangUp(t, w)
		case n == 2:
			answer(w, 500, `{"error":"failed for tax id `+taxID+`"}`)
		default:
			answer(w, 201, `{"id":"`+response+`","kyc_status":"approved"}`)
		}
	})
	var log bytes.Buffer
	c := testClient(s, &log)
	ctx := context.Background()
	if _, err := c.CreateCustomer(ctx, "idem_c", CustomerRequest{FirstName: "Maria", TaxIDType: "cpf", TaxID: taxID}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.CreateExternalAccount(ctx, "idem_e", ExternalAccountRequest{CustomerID: "cus_1", AccountNumber: account}); err == nil {
		t.Fatal("refusal not reported")
	}
	out := log.String()
	for _, msg := range []string{"partner request failed", "partner refused", "partner request"} {
		if !strings.Contains(out, `"msg":"`+msg+`"`) {
			t.Fatalf("no %q record in:\n%s", msg, out)
		}
	}
	for _, secret := range []string{taxID, account, response, "sk_test_secret", "Maria"} {
		if strings.Contains(out, secret) {
			t.Errorf("log holds %q:\n%s", secret, out)
		}
	}
}

func TestClientHonoursRetryAfter(t *testing.T) {
	t.Parallel()
	s := newPartnerServer(t, func(n int, w http.ResponseWriter, r *http.Request) {
		if n == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		w.Write([]byte(`{"id":"cus_1","kyc_status":"approved"}`))
	})
	c := testClient(s, nil)
	if _, err := c.CreateCustomer(context.Background(), "k1", CustomerRequest{FirstName: "A"}); err != nil {
		t.Fatal(err)
	}
	seen := s.seen()
	if len(seen) != 2 {
		t.Fatalf("%d attempts, want 2", len(seen))
	}
	if gap := seen[1].at.Sub(seen[0].at); gap < 900*time.Millisecond {
		t.Fatalf("retried after %v; the partner asked for 1 s", gap)
	}
	// A Retry-After beyond the bound is cut to it.
	if d := c.wait(1, &Error{Status: 429, RetryAfter: time.Hour}); d != maxRetryAfter {
		t.Fatalf("wait %v, want %v", d, maxRetryAfter)
	}
}
