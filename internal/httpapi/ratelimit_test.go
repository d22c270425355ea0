package httpapi_test

import (
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

// TestRateLimitHoldsAcrossInstances: two servers on one PostgreSQL share
// the counters, so spreading calls over instances buys nothing.
func TestRateLimitHoldsAcrossInstances(t *testing.T) {
	t.Parallel()
	db := storetest.Options(t, store.Postgres)
	limits := apptest.Env("CREBIT_RATE_LIMIT_SCALE", "1")
	a, b := apptest.NewOn(t, db, limits, apptest.BlindPay()), apptest.NewOn(t, db, limits, apptest.BlindPay())
	const perIP = 20 // the subscribe limit per client IP and hour
	var mu sync.Mutex
	ok, refused := 0, 0
	var wg sync.WaitGroup
	for i := range 2 * perIP {
		h := a
		if i%2 == 1 {
			h = b
		}
		wg.Go(func() {
			r := h.Browser().Do("POST", "/api/subscribe", fmt.Sprintf(`{"email":"abuse%d@example.com"}`, i))
			mu.Lock()
			defer mu.Unlock()
			switch r.Status {
			case http.StatusOK:
				ok++
			case http.StatusTooManyRequests:
				refused++
				secs, err := strconv.Atoi(r.Header.Get("Retry-After"))
				if err != nil || secs < 1 || secs > 3600 || r.Str("code") != "rate_limited" || r.Error() == "" {
					t.Errorf("refusal: Retry-After %q, %s", r.Header.Get("Retry-After"), r.Body)
				}
			default:
				t.Errorf("unexpected %d %s", r.Status, r.Body)
			}
		})
	}
	wg.Wait()
	if ok != perIP || refused != perIP {
		t.Fatalf("%d accepted, %d refused across two instances; want %d and %d", ok, refused, perIP, perIP)
	}
	if n := count(t, a, `SELECT COUNT(*) FROM subscribers`); n != perIP {
		t.Fatalf("%d subscribers stored, want %d", n, perIP)
	}
}

// TestCostlyCallsAreLimitedPerSession: a session that keeps creating
// customers (a KYC call each) is stopped at its limit with 429, and a
// second browser on the same IP still gets through until the IP limit;
// the refused session's retries do not count against the IP.
func TestCostlyCallsAreLimitedPerSession(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay(), apptest.Env("CREBIT_RATE_LIMIT_SCALE", "1"))
		b := h.Browser()
		b.MustOK("POST", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":100}`) // gets a session
		b.AcceptPartnerTerms()
		refusedAt := 0
		for i := 1; i <= 12; i++ {
			r := b.Do("POST", "/api/create-customer", apptest.CustomerBR(fmt.Sprintf("%011d", i)))
			if r.Status == http.StatusTooManyRequests {
				refusedAt = i
				break
			}
		}
		// Opening the partner's terms is one of the session's ten partner
		// calls an hour: nine customers, then 429.
		if refusedAt != 10 {
			t.Fatalf("session refused at customer %d, want 10 (limit 10 partner calls per hour, the terms included)", refusedAt)
		}
		for range 30 { // the IP's allowance: refused calls use none of it
			if r := b.Do("POST", "/api/create-customer", apptest.CustomerBR("11111111111")); r.Status != http.StatusTooManyRequests {
				t.Fatalf("a refused session tried again: %d %s", r.Status, r.Body)
			}
		}
		other := h.Browser()
		other.AcceptPartnerTerms()
		if r := other.Do("POST", "/api/create-customer", apptest.CustomerBR("00000000000")); r.Status == http.StatusTooManyRequests {
			t.Fatalf("another session on the same IP was refused before the IP limit: %s", r.Body)
		}
	})
}

// TestInvitationsPerReferrerPerDay: at most 20 friends a day, however the
// requests are split.
func TestInvitationsPerReferrerPerDay(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay(), apptest.Env("CREBIT_RATE_LIMIT_SCALE", "1"))
		p := h.NewVerifiedAccountPayer("inviter@example.com", apptest.CPF)
		refer := func(from, n int) apptest.Response {
			emails := make([]string, n)
			for i := range emails {
				emails[i] = fmt.Sprintf("friend%d@example.com", from+i)
			}
			return p.Do("POST", "/api/referrals", map[string]any{"customer_id": p.CustomerID, "emails": emails})
		}
		if r := refer(0, 15); r.Status != http.StatusOK {
			t.Fatalf("first 15: %d %s", r.Status, r.Body)
		}
		r := refer(15, 6)
		if r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
			t.Fatalf("16th-21st: %d %s", r.Status, r.Body)
		}
		if r := refer(15, 5); r.Status != http.StatusOK {
			t.Fatalf("16th-20th: %d %s", r.Status, r.Body)
		}
		if n := count(t, h, `SELECT COUNT(*) FROM referrals`); n != 20 {
			t.Fatalf("%d referrals stored, want 20", n)
		}
	})
}

// TestTriggerActsOnlyOnTheCallersPayments: a caller with no cookie, or
// another browser, cannot move someone's payment.
func TestTriggerActsOnlyOnTheCallersPayments(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
		strangers := []*apptest.Browser{h.Browser(), h.NewBrazilPayer().Browser}
		h.Settled()
		events := sandboxCount(t, h, `SELECT COUNT(*) FROM bpsandbox_events`)
		for _, stranger := range strangers {
			r := stranger.Do("POST", "/api/trigger-mock-webhook", map[string]string{"transaction_id": txn, "event": "payin_completed"})
			if r.Status != http.StatusNotFound || r.Str("code") != "transaction_not_found" {
				t.Fatalf("stranger's trigger: %d %s", r.Status, r.Body)
			}
		}
		if n := sandboxCount(t, h, `SELECT COUNT(*) FROM bpsandbox_events`); n != events {
			t.Fatalf("%d events sent at the partner for a stranger", n-events)
		}
		if st := p.State(txn); st != "awaiting_payin" {
			t.Fatalf("a stranger moved the payment to %s", st)
		}
		p.SettlePayin(txn) // the owner still can
	})
}

// TestSetupWebhookIsNotAPublicRoute: registering the receiver is an
// operator action (crebit setup-webhook), not something anyone can call.
func TestSetupWebhookIsNotAPublicRoute(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, store.SQLite)
	if r := h.Browser().Do("POST", "/api/setup-webhook", "{}"); r.Status != http.StatusNotFound {
		t.Fatalf("POST /api/setup-webhook: %d %s", r.Status, r.Body)
	}
}
