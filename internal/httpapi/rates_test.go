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
// GET /api/rates at once — as every page load does — get the sandbox's
// indicative rates, cause one refresh at the partner (5 quotes at the
// sandbox, not 2 per read as the header's locked quotes made), and store
// nothing: no session and no quote. create-quote-new answers from the same
// rates.
func TestRatesAreServedFromMemory(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		count := func(db *store.DB, table string) int {
			var n int
			if err := db.Read(context.Background(), func(tx *store.Tx) error {
				return tx.QueryRow(context.Background(), "SELECT COUNT(*) FROM "+table).Scan(&n)
			}); err != nil {
				t.Fatal(err)
			}
			return n
		}
		quotesBefore, sessionsBefore := count(h.Stack.SandboxDB, "sandbox_quotes"), count(h.DB, "sessions")

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
			if err := json.Unmarshal(r.Body, &body); err != nil || len(body.Rates) != 2 ||
				body.Rates[0].Symbol != "USDC/BRL" || body.Rates[0].OnRamp != "5.4224" || body.Rates[0].OffRamp != offRamp(answers[0]) ||
				body.Rates[1].Symbol != "USDC/MXN" || body.Rates[1].OnRamp != "18.5608" {
				t.Fatalf("rates %s (%v)", r.Body, err)
			}
			if len(r.Header.Values("Set-Cookie")) != 0 {
				t.Fatalf("a rates read set a cookie: %v", r.Header.Values("Set-Cookie"))
			}
		}
		if got := count(h.DB, "sessions") - sessionsBefore; got != 0 {
			t.Fatalf("%d sessions created by rate reads, want none", got)
		}
		// The calculator's older call reads the same rates.
		if r := h.Browser().Do("POST", "/api/create-quote-new", `{"symbol":"USDC/BRL","quote_type":"off_ramp"}`); r.Status != http.StatusOK || json.Number(r.Num("effective_rate")) != offRamp(answers[0]) {
			t.Fatalf("create-quote-new: %d %s", r.Status, r.Body)
		}
		if got := count(h.Stack.SandboxDB, "sandbox_quotes") - quotesBefore; got != 5 {
			t.Fatalf("%d partner quotes for 65 rate reads, want one refresh (5)", got)
		}
	})
}
