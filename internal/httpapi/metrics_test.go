package httpapi_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// scrape reads one sample's value from the metrics endpoint, 0 if absent.
func scrape(t *testing.T, url, sample string) float64 {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(sample) + ` ([0-9.e+]+)$`).FindSubmatch(b)
	if m == nil {
		return 0
	}
	v, _ := strconv.ParseFloat(string(m[1]), 64)
	return v
}

func TestMetricsAreExposedAndCount(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, store.SQLite, apptest.BlindPay(), apptest.Env("CREBIT_RATE_LIMIT_SCALE", "1"))
	ms := httptest.NewServer(h.Stack.Metrics.Handler())
	defer ms.Close()
	url := ms.URL + "/metrics"

	p := h.NewBrazilPayer()
	txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
	if v := scrape(t, url, `crebit_http_requests_total{code="200",method="POST",route="POST /api/create-quote"}`); v < 1 {
		t.Fatalf("quote requests counted %v", v)
	}
	if v := scrape(t, url, `crebit_http_request_duration_seconds_count{method="POST",route="POST /api/create-pix-payment"}`); v != 1 {
		t.Fatalf("payment latency observations %v, want 1", v)
	}
	// Unknown paths share one label value instead of one per path.
	h.Browser().Do("GET", "/api/no-such-thing-12345", nil)
	if v := scrape(t, url, `crebit_http_requests_total{code="404",method="GET",route="other"}`); v != 1 {
		t.Fatalf("unmatched path counted %v under other", v)
	}

	before := scrape(t, url, `crebit_webhook_verification_failures_total`)
	h.Browser().Do("POST", "/api/webhook/payout-events", `{"type":"payin_completed"}`)
	if v := scrape(t, url, `crebit_webhook_verification_failures_total`); v != before+1 {
		t.Fatalf("webhook failures %v, want %v", v, before+1)
	}

	b := h.Browser()
	for i := range 21 {
		b.Do("POST", "/api/subscribe", `{"email":"m`+strconv.Itoa(i)+`@example.com"}`)
	}
	if v := scrape(t, url, `crebit_rate_limit_refusals_total{limit="subscribe"}`); v != 1 {
		t.Fatalf("rate-limit refusals %v, want 1", v)
	}

	if v := scrape(t, url, `crebit_payments{state="awaiting_payin"}`); v != 1 {
		t.Fatalf("payments awaiting_payin %v, want 1", v)
	}
	if v := scrape(t, url, `crebit_payments_overdue`); v != 0 {
		t.Fatalf("overdue %v before the window passed", v)
	}
	// Its window moved into the past while its expiry job still waits for
	// the original time: a payment the operator should see as overdue.
	exec(t, h, `UPDATE payments SET expires_at = ? WHERE id = ?`, time.Now().UTC().Add(-time.Hour), txn)
	if v := scrape(t, url, `crebit_payments_overdue`); v != 1 {
		t.Fatalf("overdue %v, want 1", v)
	}
}
