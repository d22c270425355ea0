package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// TestRatesAreServedFromMemory (issue #31): many visitors reading
// GET /api/rates at once — as every page load does — get the partner's
// indicative rates, cause one refresh at the partner (5 FX calls at the
// embedded BlindPay sandbox, not 2 per read as the header's locked quotes
// made), and store nothing in Crebit's database: no session and no quote.
// create-quote-new answers from the same rates. The partner's FX calls are
// counted where the sandbox keeps each one: every FX request carries a
// fresh Idempotency-Key (docs/BLINDPAY.md §17.8), whose stored answer is
// an FX answer (it has a blindpay_quotation).
func TestRatesAreServedFromMemory(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		count := func(db *store.DB, query string) int {
			var n int
			if err := db.Read(context.Background(), func(tx *store.Tx) error {
				return tx.QueryRow(context.Background(), query).Scan(&n)
			}); err != nil {
				t.Fatal(err)
			}
			return n
		}
		const fxCalls = "SELECT COUNT(*) FROM bpsandbox_idempotency WHERE response LIKE '%blindpay_quotation%'"
		const crebitQuotes = "SELECT COUNT(*) FROM quotes"
		fxBefore, quotesBefore := count(h.Stack.SandboxDB, fxCalls), count(h.DB, crebitQuotes)
		sessionsBefore := count(h.DB, "SELECT COUNT(*) FROM sessions")

		// offRamp is the BRL reverse rate an answer gave.
		offRamp := func(r apptest.Response) json.Number {
			var body struct {
				Rates []struct {
					OffRamp json.Number `json:"off_ramp"`
				} `json:"rates"`
			}
			if json.Unmarshal(r.Body, &body) != nil || len(body.Rates) == 0 {
				return "none"
			}
			return body.Rates[0].OffRamp
		}
		var wg sync.WaitGroup
		answers := make([]apptest.Response, 64)
		for i := range answers {
			b := h.Browser()
			wg.Go(func() { answers[i] = b.Do("GET", "/api/rates", nil) })
		}
		wg.Wait()
		for _, r := range answers {
			if r.Status != http.StatusOK {
				t.Fatalf("GET /api/rates: %d %s", r.Status, r.Body)
			}
			var body struct {
				Rates []struct {
					Symbol  string      `json:"symbol"`
					OnRamp  json.Number `json:"on_ramp"`
					OffRamp json.Number `json:"off_ramp"`
				} `json:"rates"`
			}
			// The on-ramp rates are the embedded sandbox's default FX rates and fees, priced.
			if err := json.Unmarshal(r.Body, &body); err != nil || len(body.Rates) != 2 ||
				body.Rates[0].Symbol != "USDC/BRL" || body.Rates[0].OnRamp != "5.5874" || body.Rates[0].OffRamp != offRamp(answers[0]) ||
				body.Rates[1].Symbol != "USDC/MXN" || body.Rates[1].OnRamp != "19.1270" {
				t.Fatalf("rates %s (%v)", r.Body, err)
			}
			if len(r.Header.Values("Set-Cookie")) != 0 {
				t.Fatalf("a rates read set a cookie: %v", r.Header.Values("Set-Cookie"))
			}
		}
		if got := count(h.DB, "SELECT COUNT(*) FROM sessions") - sessionsBefore; got != 0 {
			t.Fatalf("%d sessions created by rate reads, want none", got)
		}
		// The calculator's older call reads the same rates.
		if r := h.Browser().Do("POST", "/api/create-quote-new", `{"symbol":"USDC/BRL","quote_type":"off_ramp"}`); r.Status != http.StatusOK || json.Number(r.Num("effective_rate")) != offRamp(answers[0]) {
			t.Fatalf("create-quote-new: %d %s", r.Status, r.Body)
		}
		if got := count(h.Stack.SandboxDB, fxCalls) - fxBefore; got != 5 {
			t.Fatalf("%d partner FX calls for 65 rate reads, want one refresh (5)", got)
		}
		if got := count(h.DB, crebitQuotes) - quotesBefore; got != 0 {
			t.Fatalf("%d quotes stored by rate reads, want none", got)
		}
	})
}
