package bpsandbox_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/bpsandbox"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

// TestSpecCheckCatchesBreaks: the contract check refuses answers that
// break the vendor's document, so the other tests' passing means something.
func TestSpecCheckCatchesBreaks(t *testing.T) {
	t.Parallel()
	h := http.Header{"Authorization": {"Bearer x"}}
	json200 := http.Header{"Content-Type": {"application/json"}}
	for name, c := range map[string]struct {
		path string
		out  response
	}{
		"payin without its required fields":  {in("/payins/pi_000000000000"), response{Status: 200, Header: json200, Body: []byte(`{"id":"pi_000000000000","status":"processing"}`)}},
		"payin with an unknown status":       {in("/payins/pi_000000000000"), response{Status: 200, Header: json200, Body: []byte(`{"id":"pi_000000000000","status":"pending"}`)}},
		"error without its envelope":         {in("/payins/pi_000000000000"), response{Status: 404, Header: json200, Body: []byte(`{"error":"not found"}`)}},
		"undeclared status, not an envelope": {in("/customers/re_000000000000"), response{Status: 404, Header: json200, Body: []byte(`{"error":"x"}`)}},
		"not an operation of the document":   {"/v1/instances/" + testInstance + "/payins/pix", response{Status: 200, Header: json200, Body: []byte(`{}`)}},
	} {
		if errs := checkAgainstSpec(t, h, "GET", c.path, nil, c.out); len(errs) == 0 {
			t.Errorf("%s: accepted", name)
		}
	}
	ok := response{Status: 404, Header: json200, Body: []byte(`{"success":false,"code":"PAYINS_NOT_FOUND","message":"payin_not_found","errors":[],"trace_id":"x"}`)}
	if errs := checkAgainstSpec(t, h, "GET", in("/payins/pi_000000000000"), nil, ok); len(errs) != 0 {
		t.Errorf("a valid error refused: %v", errs)
	}
}

// TestAuthAndInstance: a missing or wrong API key is 401
// AUTH_UNAUTHORIZED, another instance 404 INSTANCES_NOT_FOUND, an unknown
// object its NOT_FOUND code, all in BlindPay's envelope.
func TestAuthAndInstance(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := setup(t, db)
		for name, r := range map[string]response{
			"wrong key":   h.call("GET", in("/payins/pi_000000000000"), nil, "Authorization", "Bearer nope"),
			"missing key": h.call("GET", in("/payins/pi_000000000000"), nil, "Authorization", ""),
			"not bearer":  h.call("GET", in("/payins/pi_000000000000"), nil, "Authorization", testKey),
		} {
			if r.Status != http.StatusUnauthorized || r.str("code") != "AUTH_UNAUTHORIZED" || r.str("message") != "unauthorized" ||
				r.JSON["success"] != false || r.str("trace_id") == "" {
				t.Errorf("%s: %d %s", name, r.Status, r.Body)
			}
		}
		other := "/v1/instances/in_somebodyelse/payins/pi_000000000000"
		if r := h.call("GET", other, nil); r.Status != http.StatusNotFound || r.str("code") != "INSTANCES_NOT_FOUND" {
			t.Errorf("another instance: %d %s", r.Status, r.Body)
		}
		if r := h.call("POST", "/v1/e/instances/in_somebodyelse/tos", map[string]any{"idempotency_key": uuid()}); r.Status != http.StatusNotFound || r.str("code") != "INSTANCES_NOT_FOUND" {
			t.Errorf("terms for another instance: %d %s", r.Status, r.Body)
		}
		if r := h.call("GET", in("/payins/pi_000000000000"), nil); r.Status != http.StatusNotFound || r.str("code") != "PAYINS_NOT_FOUND" {
			t.Errorf("unknown payin: %d %s", r.Status, r.Body)
		}
		if r := h.call("GET", in("/payouts/pa_000000000000"), nil); r.Status != http.StatusNotFound || r.str("code") != "PAYOUTS_NOT_FOUND" {
			t.Errorf("unknown payout: %d %s", r.Status, r.Body)
		}
		// The operation lists CUSTOMERS_NOT_FOUND under 400, so 400 it is.
		if r := h.call("GET", in("/customers/re_000000000000"), nil); r.Status != http.StatusBadRequest || r.str("code") != "CUSTOMERS_NOT_FOUND" {
			t.Errorf("unknown customer: %d %s", r.Status, r.Body)
		}
		if r := h.call("POST", "/simulate/payins/pi_000000000000", `{"action":"complete"}`, "Authorization", "Bearer nope"); r.Status != http.StatusUnauthorized {
			t.Errorf("simulate without the key: %d", r.Status)
		}
	})
}

// TestIdempotency: the same Idempotency-Key with the same body replays the
// first answer without doing the work again; with another body it is 422
// idempotency_key_payload_mismatch and nothing runs; the terms
// initiation's own idempotency_key is single-use.
func TestIdempotency(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := setup(t, db)
		h.register()
		body := map[string]any{"url": "https://crebit.example/hook", "events": []string{"payin.complete"}}
		a := h.call("POST", in("/webhook-endpoints"), body, "Idempotency-Key", "key-1")
		b := h.call("POST", in("/webhook-endpoints"), body, "Idempotency-Key", "key-1")
		if a.Status != http.StatusOK || string(a.Body) != string(b.Body) {
			t.Fatalf("replay: %s then %s", a.Body, b.Body)
		}
		body["url"] = "https://crebit.example/other"
		m := h.call("POST", in("/webhook-endpoints"), body, "Idempotency-Key", "key-1")
		if m.Status != http.StatusUnprocessableEntity || m.str("message") != "idempotency_key_payload_mismatch" || m.JSON["success"] != false {
			t.Fatalf("same key, other body: %d %s", m.Status, m.Body)
		}
		if l := h.call("GET", in("/webhook-endpoints"), nil); len(l.JSON) != 0 || strings.Count(string(l.Body), `"id"`) != 2 {
			t.Fatalf("endpoints after a replay and a mismatch (want the receiver's and one more): %s", l.Body)
		}

		// Concurrent retries under one key: one endpoint, one answer.
		body["url"] = "https://crebit.example/concurrent"
		answers := make(chan response, 6)
		var wg sync.WaitGroup
		for range 6 {
			wg.Go(func() { answers <- h.call("POST", in("/webhook-endpoints"), body, "Idempotency-Key", "key-2") })
		}
		wg.Wait()
		close(answers)
		ids := map[string]bool{}
		for r := range answers {
			switch r.Status {
			case http.StatusOK:
				ids[r.str("id")] = true
			case http.StatusConflict:
				if r.str("message") != "idempotency_key_in_flight" || r.Header.Get("Retry-After") == "" {
					t.Errorf("in flight: %s", r.Body)
				}
			default:
				t.Errorf("concurrent retry: %d %s", r.Status, r.Body)
			}
		}
		if l := h.call("GET", in("/webhook-endpoints"), nil); len(ids) != 1 || strings.Count(string(l.Body), "/concurrent") != 1 {
			t.Fatalf("concurrent retries made %d answers and these endpoints: %s", len(ids), l.Body)
		}
		for id := range ids {
			if r := h.call("DELETE", in("/webhook-endpoints/"+id), nil); r.Status != http.StatusOK || r.JSON["success"] != true {
				t.Fatalf("delete endpoint: %d %s", r.Status, r.Body)
			}
		}

		// A customer: the replay gives the same id and no second customer.new.
		tos := h.acceptTos()
		c := map[string]any{"tos_id": tos, "type": "individual", "kyc_type": "standard", "email": "ana@example.com", "tax_id": "52998224725",
			"country": "BR", "first_name": "Ana", "last_name": "Souza", "date_of_birth": "1990-01-02T00:00:00Z"}
		first := h.call("POST", in("/customers"), c, "Idempotency-Key", "customer-1")
		again := h.call("POST", in("/customers"), c, "Idempotency-Key", "customer-1")
		if first.Status != http.StatusOK || again.str("id") != first.str("id") {
			t.Fatalf("customer replay: %s then %s", first.Body, again.Body)
		}
		// A KYC correction under the same key is refused, and a new key
		// cannot reuse the terms (one tos_id, one customer).
		c["first_name"] = "Anna"
		if r := h.call("POST", in("/customers"), c, "Idempotency-Key", "customer-1"); r.Status != http.StatusUnprocessableEntity {
			t.Fatalf("correction under the same key: %d %s", r.Status, r.Body)
		}
		if r := h.call("POST", in("/customers"), c, "Idempotency-Key", "customer-2"); r.Status != http.StatusBadRequest || r.str("code") != "TOS_ALREADY_ACCEPTED" {
			t.Fatalf("second customer on one tos_id: %d %s", r.Status, r.Body)
		}
		h.hooks.wait("customer.update", first.str("id"), status("approved"))
		if n := h.hooks.count("customer.new", first.str("id")); n != 1 {
			t.Fatalf("%d customer.new events for one customer", n)
		}

		key := uuid()
		if r := h.call("POST", "/v1/e/instances/"+testInstance+"/tos", map[string]any{"idempotency_key": key}); r.Status != http.StatusOK {
			t.Fatalf("tos: %d %s", r.Status, r.Body)
		}
		if r := h.call("POST", "/v1/e/instances/"+testInstance+"/tos", map[string]any{"idempotency_key": key}); r.Status != http.StatusBadRequest || r.str("message") != "idempotency_key_already_exists" {
			t.Fatalf("tos key reused: %d %s", r.Status, r.Body)
		}
	})
}

// TestKYCTestValues: last name "Rejected" and the vendor's first name
// "Fail" are rejected (customer.update with kyc_warnings) and cannot get a
// wallet; last name "Review" stays verifying until Simulate decides.
func TestKYCTestValues(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := setup(t, db)
		h.register()
		for _, p := range []payer{{"BR", "Ana", "Rejected", "52998224725"}, {"MX", "Fail", "Pérez", "PEGL850101HDFRRS09"}} {
			id := h.createCustomer(p)
			ev := h.hooks.wait("customer.update", id, status("rejected"))
			if w, _ := ev.Payload["kyc_warnings"].([]any); len(w) == 0 {
				t.Errorf("rejected without kyc_warnings: %s", ev.Raw)
			}
			r := h.call("POST", in("/customers/"+id+"/wallets"), map[string]any{"network": "base_sepolia", "name": "x"})
			if r.Status != http.StatusBadRequest || r.str("code") != "CUSTOMERS_KYC_NOT_APPROVED" {
				t.Errorf("wallet for a rejected customer: %d %s", r.Status, r.Body)
			}
		}

		review := h.createCustomer(payer{"BR", "Bia", "Review", "11144477735"})
		time.Sleep(300 * time.Millisecond) // six KYC delays: an automatic decision would have come
		if c := h.call("GET", in("/customers/"+review), nil); c.str("kyc_status") != "verifying" || h.hooks.count("customer.update", review) != 0 {
			t.Fatalf("under review: %s", c.Body)
		}
		r := h.call("POST", in("/customers/"+review+"/wallets"), map[string]any{"network": "base_sepolia", "name": "x"})
		if r.Status != http.StatusBadRequest || r.str("code") != "CUSTOMERS_KYC_NOT_APPROVED" {
			t.Fatalf("wallet while under review: %d %s", r.Status, r.Body)
		}
		if r := h.call("POST", "/simulate/customers/"+review, `{"action":"approve"}`); r.Status != http.StatusOK {
			t.Fatalf("simulate approve: %d %s", r.Status, r.Body)
		}
		h.hooks.wait("customer.update", review, status("approved"))
		if err := h.sb.Simulate(context.Background(), "customer", review, "reject"); err == nil {
			t.Fatal("a decided customer was decided again")
		}

		// Contact details change (customer.update); KYC data does not.
		upd := map[string]any{"email": "bia.new@example.com", "country": "BR", "phone_number": "+5511988887777"}
		if r := h.call("PUT", in("/customers/"+review), upd, "Idempotency-Key", uuid()); r.Status != http.StatusOK || r.JSON["success"] != true {
			t.Fatalf("update: %d %s", r.Status, r.Body)
		}
		h.hooks.wait("customer.update", review, func(e event) bool { return e.Payload["email"] == "bia.new@example.com" })
		upd["last_name"] = "Santos"
		if r := h.call("PUT", in("/customers/"+review), upd); r.Status != http.StatusBadRequest || r.str("code") != "VALIDATION_INVALID_REQUEST" {
			t.Fatalf("KYC correction: %d %s", r.Status, r.Body)
		}
		h.checkEvents()
	})
}

// TestFailedPayin: the documented sentinel 66600 fails the payin
// (payin.complete with status failed) and credits nothing.
func TestFailedPayin(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := setup(t, db)
		h.register()
		customerID := h.approvedCustomer(brazilian)
		walletID, _ := h.wallet(customerID)
		q := h.payinQuote("pix", walletID, 66600, brazilian.taxID)
		p := h.call("POST", in("/payins/evm"), map[string]any{"payin_quote_id": q.str("id")}, "Idempotency-Key", uuid())
		ev := h.hooks.wait("payin.complete", p.str("id"), nil)
		if ev.Payload["status"] != "failed" {
			t.Fatalf("payin.complete: %s", ev.Raw)
		}
		if g := h.call("GET", in("/payins/"+p.str("id")), nil); g.str("status") != "failed" {
			t.Fatalf("payin: %s", g.Body)
		}
		if b := h.balance(customerID, walletID); b != 0 {
			t.Fatalf("balance after a failed payin: %v", b)
		}
		if err := h.sb.Simulate(context.Background(), "payin", p.str("id"), "complete"); err == nil {
			t.Fatal("a failed payin was completed")
		}
		h.checkEvents()
	})
}

// TestRefundedPayout: the sentinel 77700 refunds the payout after its
// review (payout.complete, status refunded, tokens_refunded) and the
// tokens return to the wallet.
func TestRefundedPayout(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := setup(t, db)
		h.register()
		customerID := h.approvedCustomer(brazilian)
		accountID := h.bankAccount(customerID)
		walletID, address := h.wallet(customerID)
		_, tokens := h.fund("pix", walletID, 600000, brazilian.taxID) // BRL 6,000 buys more than 777 USDB
		pq := h.call("POST", in("/quotes"), map[string]any{"bank_account_id": accountID, "currency_type": "sender",
			"request_amount": 77700, "network": "base_sepolia", "token": "USDB"})
		po := h.call("POST", in("/payouts/evm"), map[string]any{"quote_id": pq.str("id"), "sender_wallet_address": address})
		if po.Status != http.StatusOK {
			t.Fatalf("payout: %d %s", po.Status, po.Body)
		}
		ev := h.hooks.wait("payout.complete", po.str("id"), nil)
		tc, _ := ev.Payload["tracking_complete"].(map[string]any)
		if ev.Payload["status"] != "refunded" || tc["status"] != "tokens_refunded" {
			t.Fatalf("payout.complete: %s", ev.Raw)
		}
		if b := h.balance(customerID, walletID); b != float64(tokens)/100 {
			t.Fatalf("balance after the refund: %v, want %v", b, float64(tokens)/100)
		}
		// More than the wallet holds.
		pq = h.call("POST", in("/quotes"), map[string]any{"bank_account_id": accountID, "currency_type": "sender",
			"request_amount": tokens + 1, "network": "base_sepolia", "token": "USDB"})
		if r := h.call("POST", in("/payouts/evm"), map[string]any{"quote_id": pq.str("id"), "sender_wallet_address": address}); r.str("code") != "PAYOUTS_INSUFFICIENT_BALANCE" {
			t.Fatalf("payout beyond the balance: %d %s", r.Status, r.Body)
		}
		h.checkEvents()
	})
}

// TestQuotes: a quote backs one payin only (QUOTES_ALREADY_USED) and
// expires after its TTL (QUOTES_EXPIRED); Pix needs the payer's tax id;
// SPEI amounts are whole pesos; the FX endpoints answer.
func TestQuotes(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := setup(t, db, func(c *bpsandbox.Config) { c.PayinDelay = 0 })
		h.register()
		customerID := h.approvedCustomer(brazilian)
		walletID, _ := h.wallet(customerID)
		if r := h.payinQuote("pix", walletID, 10000, ""); r.Status != http.StatusBadRequest || r.str("code") != "PAYINS_TAX_ID_REQUIRED" {
			t.Errorf("pix without a tax id: %d %s", r.Status, r.Body)
		}
		if r := h.payinQuote("spei", walletID, 100050, ""); r.Status != http.StatusBadRequest || r.str("code") != "VALIDATION_FAILED" {
			t.Errorf("spei with centavos: %d %s", r.Status, r.Body)
		}
		if r := h.payinQuote("ted", walletID, 10000, ""); r.Status != http.StatusBadRequest || r.str("code") != "PAYINS_METHOD_NOT_SUPPORTED" {
			t.Errorf("ted: %d %s", r.Status, r.Body)
		}
		// With CheckRequest set to the vendor's document, a request that
		// breaks it is refused before anything runs.
		bad := map[string]any{"wallet_id": walletID, "currency_type": "sender", "request_amount": "10000", "payment_method": "bitcoin", "token": "USDB"}
		if r := h.call("POST", in("/payin-quotes"), bad); r.Status != http.StatusBadRequest || r.str("code") != "VALIDATION_FAILED" ||
			!strings.Contains(string(r.Body), "request_amount") || !strings.Contains(string(r.Body), "payment_method") {
			t.Errorf("a request breaking the document: %d %s", r.Status, r.Body)
		}
		q := h.payinQuote("pix", walletID, 10000, brazilian.taxID)
		if r := h.call("POST", in("/payins/evm"), map[string]any{"payin_quote_id": q.str("id")}); r.Status != http.StatusOK {
			t.Fatalf("payin: %d %s", r.Status, r.Body)
		}
		if r := h.call("POST", in("/payins/evm"), map[string]any{"payin_quote_id": q.str("id")}); r.Status != http.StatusBadRequest || r.str("code") != "QUOTES_ALREADY_USED" {
			t.Errorf("quote used twice: %d %s", r.Status, r.Body)
		}
		late := h.payinQuote("pix", walletID, 10000, brazilian.taxID)
		h.offset.Store(int64(5*time.Minute + time.Second))
		if r := h.call("POST", in("/payins/evm"), map[string]any{"payin_quote_id": late.str("id")}); r.Status != http.StatusBadRequest || r.str("code") != "QUOTES_EXPIRED" {
			t.Errorf("expired quote: %d %s", r.Status, r.Body)
		}
		h.offset.Store(0)
		if r := h.call("POST", in("/payins/evm"), map[string]any{"payin_quote_id": "qu_000000000000"}); r.Status != http.StatusBadRequest || r.str("code") != "QUOTES_NOT_FOUND" {
			t.Errorf("unknown quote: %d %s", r.Status, r.Body)
		}
		fx := h.call("POST", in("/payin-quotes/fx"), map[string]any{"from": "BRL", "to": "USDB", "request_amount": 53900, "currency_type": "sender"})
		if fx.Status != http.StatusOK || fx.num("result_amount") <= 0 || fx.num("result_amount") >= 10000 {
			t.Errorf("payin fx: %d %s", fx.Status, fx.Body)
		}
		fx = h.call("POST", in("/quotes/fx"), map[string]any{"from": "USDB", "to": "USD", "request_amount": 10000, "currency_type": "sender"})
		if fx.Status != http.StatusOK || fx.num("result_amount") <= 9000 || fx.num("result_amount") >= 10000 {
			t.Errorf("payout fx: %d %s", fx.Status, fx.Body)
		}
	})
}

// TestSimulateAndRetries: with the automatic steps off, Simulate drives a
// payin and a payout; a delivery the receiver refuses is retried with the
// same svix-id until it is taken.
func TestSimulateAndRetries(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := setup(t, db, func(c *bpsandbox.Config) { c.PayinDelay, c.PayoutDelay, c.StepDelay = 0, 0, 0 })
		h.register()
		customerID := h.approvedCustomer(brazilian)
		accountID := h.bankAccount(customerID)
		walletID, address := h.wallet(customerID)
		q := h.payinQuote("pix", walletID, 100000, brazilian.taxID)
		p := h.call("POST", in("/payins/evm"), map[string]any{"payin_quote_id": q.str("id")})
		h.hooks.wait("payin.new", p.str("id"), nil)
		time.Sleep(200 * time.Millisecond)
		if g := h.call("GET", in("/payins/"+p.str("id")), nil); g.str("status") != "processing" {
			t.Fatalf("a payin moved with the automatic steps off: %s", g.Body)
		}
		h.hooks.mu.Lock()
		h.hooks.refuse = 1
		h.hooks.mu.Unlock()
		if r := h.call("POST", "/simulate/payins/"+p.str("id"), `{"action":"complete"}`); r.Status != http.StatusOK {
			t.Fatalf("simulate: %d %s", r.Status, r.Body)
		}
		h.hooks.wait("payin.update", p.str("id"), nil)
		h.hooks.wait("payin.complete", p.str("id"), status("completed"))
		h.hooks.mu.Lock()
		retried := ""
		for id, n := range h.hooks.seen {
			if n >= 2 && h.hooks.delivered(id) {
				retried = id
			}
		}
		h.hooks.mu.Unlock()
		if retried == "" {
			t.Fatal("the refused delivery was not retried with the same svix-id")
		}
		if r := h.call("POST", "/simulate/payins/"+p.str("id"), `{"action":"refund"}`); r.Status != http.StatusConflict || r.str("code") != "PAYINS_ALREADY_TERMINAL" {
			t.Fatalf("refund a completed payin: %d %s", r.Status, r.Body)
		}
		if r := h.call("POST", "/simulate/payins/"+p.str("id"), `{"action":"explode"}`); r.Status != http.StatusBadRequest {
			t.Fatalf("unknown action: %d %s", r.Status, r.Body)
		}

		pq := h.call("POST", in("/quotes"), map[string]any{"bank_account_id": accountID, "currency_type": "sender",
			"request_amount": q.num("receiver_amount"), "network": "base_sepolia", "token": "USDB"})
		po := h.call("POST", in("/payouts/evm"), map[string]any{"quote_id": pq.str("id"), "sender_wallet_address": address})
		for _, action := range []string{"hold", "send", "fail"} {
			if err := h.sb.Simulate(context.Background(), "payout", po.str("id"), action); err != nil {
				t.Fatalf("simulate %s: %v", action, err)
			}
		}
		ev := h.hooks.wait("payout.complete", po.str("id"), status("failed"))
		var body map[string]any
		json.Unmarshal(ev.Raw, &body)
		if tp, _ := body["tracking_payment"].(map[string]any); tp["provider_status"] != "failed" {
			t.Fatalf("failed payout: %s", ev.Raw)
		}
		h.checkEvents()
	})
}

// TestLimitsAndFaults: beyond RateLimit a key gets 429 AUTH_RATE_LIMITED
// with Retry-After; FailQuotes answers quotes with QUOTES_RATE_UNAVAILABLE
// (a 5xx, retryable); a lost webhook is still readable by polling.
func TestLimitsAndFaults(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := setup(t, db, func(c *bpsandbox.Config) { c.RateLimit = 3; c.FailQuotes = true })
		for i := range 3 {
			if r := h.call("GET", in("/webhook-endpoints"), nil); r.Status != http.StatusOK {
				t.Fatalf("request %d: %d %s", i+1, r.Status, r.Body)
			}
		}
		r := h.call("GET", in("/webhook-endpoints"), nil)
		if r.Status != http.StatusTooManyRequests || r.str("code") != "AUTH_RATE_LIMITED" || r.Header.Get("Retry-After") == "" {
			t.Fatalf("4th request in a minute: %d %s", r.Status, r.Body)
		}
		h.offset.Store(int64(time.Minute))
		q := h.call("POST", in("/payin-quotes"), map[string]any{"wallet_id": "bl_000000000000", "currency_type": "sender",
			"request_amount": 10000, "payment_method": "pix", "token": "USDB"})
		if q.Status != http.StatusInternalServerError || q.str("code") != "QUOTES_RATE_UNAVAILABLE" {
			t.Fatalf("quote while rates fail: %d %s", q.Status, q.Body)
		}
	})
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := setup(t, db, func(c *bpsandbox.Config) { c.PayinDelay, c.StepDelay = 0, 0 })
		h.register()
		customerID := h.approvedCustomer(brazilian)
		walletID, _ := h.wallet(customerID)
		q := h.payinQuote("pix", walletID, 10000, brazilian.taxID)
		p := h.call("POST", in("/payins/evm"), map[string]any{"payin_quote_id": q.str("id")})
		h.hooks.wait("payin.new", p.str("id"), nil)
		h.sb.LoseWebhooks(2)
		if err := h.sb.Simulate(context.Background(), "payin", p.str("id"), "complete"); err != nil {
			t.Fatal(err)
		}
		if g := h.call("GET", in("/payins/"+p.str("id")), nil); g.str("status") != "completed" {
			t.Fatalf("payin: %s", g.Body)
		}
		time.Sleep(300 * time.Millisecond)
		if n := h.hooks.count("payin.update", p.str("id")) + h.hooks.count("payin.complete", p.str("id")); n != 0 {
			t.Fatalf("%d lost events arrived", n)
		}
	})
}

// TestLocalReceiver: an endpoint on loopback is delivered to this
// process's own receiver when one is set (several instances, one database).
func TestLocalReceiver(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := setup(t, db)
		r := h.call("POST", in("/webhook-endpoints"), map[string]any{"url": "http://localhost:9/api/webhook/payout-events", "events": []string{"tos.accept"}})
		sec := h.call("GET", in("/webhook-endpoints/"+r.str("id")+"/secret"), nil)
		h.hooks.setSecret(sec.str("key"))
		h.sb.SetLocalReceiver(h.hooks.srv.URL + "/api/webhook/payout-events")
		h.acceptTos()
		if l := h.call("GET", in("/limits/customers/re_000000000000"), nil); l.str("code") != "CUSTOMERS_NOT_FOUND" {
			t.Fatalf("limits of nobody: %d %s", l.Status, l.Body)
		}
	})
}

// TestLocalReceiverOwnSecret: instances sharing one database each register
// their own loopback endpoint, so an event goes to every one; the delivery
// for another instance's endpoint, run here and sent to this process's
// receiver, is signed with this process's endpoint's secret (the one its
// receiver checks), not refused and retried minutes later.
func TestLocalReceiverOwnSecret(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := setup(t, db)
		other := h.call("POST", in("/webhook-endpoints"), map[string]any{"url": "http://127.0.0.1:9/api/webhook/payout-events", "events": []string{}})
		if other.Status != http.StatusOK {
			t.Fatalf("the other instance's endpoint: %d %s", other.Status, other.Body)
		}
		h.register()
		h.sb.SetLocalReceiver(h.hooks.srv.URL + "/api/webhook/payout-events")
		tosID := h.acceptTos()
		ev := h.hooks.wait("tos.accept", tosID, nil)
		deadline := time.Now().Add(storetest.Patience)
		for {
			h.hooks.mu.Lock()
			n, bad := h.hooks.seen[ev.ID], h.hooks.bad
			h.hooks.mu.Unlock()
			if len(bad) > 0 {
				t.Fatalf("deliveries refused: %v", bad)
			}
			if n == 2 {
				return // once per endpoint, both here, both verified
			}
			if time.Now().After(deadline) {
				t.Fatalf("tos.accept delivered %d times, want 2 (one per endpoint)", n)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}

// TestStepsSurviveWithoutTimers: with the in-process timers stopped (the
// process that scheduled a step is gone), the scheduled job takes it.
func TestStepsSurviveWithoutTimers(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := setup(t, db)
		h.register()
		h.sb.Close()
		id := h.createCustomer(brazilian)
		h.hooks.wait("customer.update", id, status("approved"))
	})
}
