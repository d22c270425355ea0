package httpapi_test

import (
	"bufio"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// rawStream opens a payment's live status stream from client address ip
// and, when it is accepted, reads up to its first event; the caller closes
// it. It returns the status and, refused, the body.
func rawStream(t *testing.T, h *apptest.Harness, b *apptest.Browser, txn, ip string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", h.URL+"/api/payments/"+txn+"/events", nil)
	req.Header.Set("X-Forwarded-For", ip)
	client := *b.HTTP
	client.Timeout = 0
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp, string(body)
	}
	t.Cleanup(func() { resp.Body.Close() })
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() && !strings.HasPrefix(sc.Text(), "data:") {
	}
	return resp, ""
}

// TestLiveStreamsAreCappedPerSessionAndAddress: a session holds at most 4
// live status streams and a client address 20; beyond, 429 with
// Retry-After (the web app then polls), and a closed stream frees its place.
func TestLiveStreamsAreCappedPerSessionAndAddress(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay(), apptest.Env("CREBIT_TRUSTED_PROXIES", "127.0.0.0/8,::1/128"))
		pay := func() (*apptest.Payer, string) {
			p := h.NewBrazilPayer()
			return p, p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
		}
		p, txn := pay()
		var open []*http.Response
		for i := range 4 {
			r, body := rawStream(t, h, p.Browser, txn, "198.51.100.7")
			if r.StatusCode != http.StatusOK {
				t.Fatalf("stream %d of one session: %d %s", i+1, r.StatusCode, body)
			}
			open = append(open, r)
		}
		r, body := rawStream(t, h, p.Browser, txn, "198.51.100.8")
		if r.StatusCode != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" || !strings.Contains(body, `"code":"rate_limited"`) {
			t.Fatalf("a 5th stream of one session: %d %q %s", r.StatusCode, r.Header.Get("Retry-After"), body)
		}
		open[0].Body.Close()
		h.Eventually("a closed stream frees its place", func() bool {
			r, _ := rawStream(t, h, p.Browser, txn, "198.51.100.9")
			return r.StatusCode == http.StatusOK
		})

		// One address: 20 streams across sessions, then 429.
		const ip = "203.0.113.50"
		for i := range 5 {
			q, qtxn := pay()
			for j := range 4 {
				if r, body := rawStream(t, h, q.Browser, qtxn, ip); r.StatusCode != http.StatusOK {
					t.Fatalf("stream %d from one address: %d %s", i*4+j+1, r.StatusCode, body)
				}
			}
		}
		q, qtxn := pay()
		if r, body := rawStream(t, h, q.Browser, qtxn, ip); r.StatusCode != http.StatusTooManyRequests {
			t.Fatalf("a 21st stream from one address: %d %s", r.StatusCode, body)
		}
		if r, body := rawStream(t, h, q.Browser, qtxn, "203.0.113.51"); r.StatusCode != http.StatusOK {
			t.Fatalf("another address: %d %s", r.StatusCode, body)
		}
	})
}
