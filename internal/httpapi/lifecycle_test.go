package httpapi_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/pix"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
	"github.com/crebit/crebit/internal/taxid"
)

// eachEngine runs fn on SQLite and PostgreSQL, in parallel.
func eachEngine(t *testing.T, fn func(t *testing.T, e store.Engine)) {
	for _, e := range storetest.Engines {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			fn(t, e)
		})
	}
}

func storedPayment(t *testing.T, h *apptest.Harness, txn string) payment.Record {
	t.Helper()
	var p payment.Record
	err := h.DB.Tx(context.Background(), func(tx *store.Tx) (err error) { p, err = tx.Payment(context.Background(), txn); return })
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func balance(t *testing.T, h *apptest.Harness, account string, cur money.Currency) int64 {
	t.Helper()
	var b int64
	err := h.DB.Tx(context.Background(), func(tx *store.Tx) (err error) { b, err = tx.Balance(context.Background(), account, cur); return })
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// count runs a SELECT COUNT(*) query.
func count(t *testing.T, h *apptest.Harness, query string, args ...any) int {
	t.Helper()
	return countIn(t, h.DB, query, args...)
}

// sandboxCount is count on the sandbox partner's own data.
func sandboxCount(t *testing.T, h *apptest.Harness, query string, args ...any) int {
	t.Helper()
	return countIn(t, h.Stack.SandboxDB, query, args...)
}

func countIn(t *testing.T, db *store.DB, query string, args ...any) int {
	t.Helper()
	var n int
	err := db.Tx(context.Background(), func(tx *store.Tx) error { return tx.QueryRow(context.Background(), query, args...).Scan(&n) })
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// signedWebhook delivers a BlindPay payin webhook for the payment's pay-in,
// signed with secret, under svix-id id and timestamp at: typ is Crebit's
// name for what it reports (payin_processing: the payin moved, no money
// yet; payin_completed: the deposit arrived and the tokens settled;
// payin_failed), reporting the quoted amount as received.
func signedWebhook(t *testing.T, h *apptest.Harness, id, typ, payinID, txn string, at time.Time, secret string) apptest.Response {
	t.Helper()
	return signedPayinEvent(t, h, id, typ, payinID, at, secret, storedPayment(t, h, txn).AmountLocal)
}

// signedPayinEvent is signedWebhook reporting received as what the
// partner received.
func signedPayinEvent(t *testing.T, h *apptest.Harness, id, typ, payinID string, at time.Time, secret string, received money.Amount) apptest.Response {
	t.Helper()
	var body []byte
	switch typ {
	case partner.EventPayinProcessing:
		body = apptest.PayinUpdate("payin.update", payinID, "processing", false, received)
	case partner.EventPayinCompleted:
		body = apptest.PayinUpdate("payin.complete", payinID, "completed", true, received)
	case partner.EventPayinFailed:
		body = apptest.PayinUpdate("payin.complete", payinID, "failed", false, received)
	default:
		t.Fatalf("no BlindPay payin webhook means %s", typ)
	}
	return h.PostWebhook(id, at, secret, body)
}

func TestBrazilPixPaymentToCompleted(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		p := h.NewBrazilPayer()
		q := p.Quote("USDC/BRL", "250.00")
		r := p.PixPayment(q, "key-1")
		if r.Status != http.StatusOK {
			t.Fatalf("pix payment: %d %s", r.Status, r.Body)
		}
		txn := r.Str("transaction_id")
		if r.Num("amount_brl") != q.Num("total_local_amount") {
			t.Fatalf("charged %s, quoted %s", r.Num("amount_brl"), q.Num("total_local_amount"))
		}
		// The BR Code is a valid dynamic Pix code for exactly the quoted BRL.
		code, err := pix.Decode(r.Str("pix_code"))
		if err != nil {
			t.Fatalf("BR Code does not decode: %v", err)
		}
		want, _ := money.Parse(q.Num("total_local_amount"), money.BRL)
		if code.Amount != want.String() || code.URL == "" || code.PointOfInitiation != pix.DynamicInitiation || code.TxID == "***" {
			t.Fatalf("BR Code %+v, want amount %s, a location, dynamic, a txid", code, want)
		}
		if r.Str("deposit_address") != r.Str("pix_code") {
			t.Fatal("deposit_address should carry the BR Code")
		}

		p.Simulate(txn, "payin_processing")
		p.Deliver(txn)
		st := p.Status(txn)
		if st.JSON["payin_processing"] != true || st.JSON["payin_completed"] != true || st.JSON["offramp_completed"] != true || st.JSON["offramp_transaction"] == nil {
			t.Fatalf("status flags: %s", st.Body)
		}
		h.RequireBalancedLedger()
		pay := storedPayment(t, h, txn)
		if b := balance(t, h, ledger.PaymentAccount(txn), money.BRL); b != 0 {
			t.Fatalf("payment account holds %d BRL after completion", b)
		}
		if got := balance(t, h, ledger.PayeeAccount, money.USD); got != pay.AmountUSD.Minor {
			t.Fatalf("payee received %d cents, want %d", got, pay.AmountUSD.Minor)
		}

		// /track shows the stages with times, and the details only to the owner.
		tr := p.MustOK("GET", "/api/transaction-status?transaction_id="+txn, nil)
		if tr.JSON["owned"] != true || !strings.Contains(string(tr.Body), `"sender_name":"Maria Silva"`) {
			t.Fatalf("owner view: %s", tr.Body)
		}
		other := h.Browser().MustOK("GET", "/api/transaction-status?transaction_id="+txn, nil)
		if other.JSON["owned"] != false || strings.Contains(string(other.Body), "Maria") {
			t.Fatalf("stranger sees personal data: %s", other.Body)
		}
	})
}

func TestMexicoSpeiPaymentToCompleted(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		p := h.NewMexicoPayer()
		q := p.Quote("USDC/MXN", "1000")
		r := p.SpeiPayment(q, "")
		if r.Status != http.StatusOK {
			t.Fatalf("spei payment: %d %s", r.Status, r.Body)
		}
		clabe := r.Str("deposit_address")
		if err := taxid.ValidateCLABE(clabe); err != nil {
			t.Fatalf("CLABE %s: %v", clabe, err)
		}
		bank, _ := r.JSON["bank_account"].(map[string]any)
		ben, _ := r.JSON["beneficiary"].(map[string]any)
		if bank["bank_name"] == "" || ben["name"] == "" || r.Num("amount_mxn") != q.Num("total_local_amount") {
			t.Fatalf("instructions: %s", r.Body)
		}
		// Every SPEI payment gets its own CLABE.
		q2 := p.Quote("USDC/MXN", "20")
		r2 := p.SpeiPayment(q2, "")
		if r2.Str("deposit_address") == clabe {
			t.Fatal("two payments share a CLABE")
		}
		txn := r.Str("transaction_id")
		p.Deliver(txn)
		h.RequireBalancedLedger()
	})
}

func TestSameWebhookThreeTimesIsAppliedOnce(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
		payin := storedPayment(t, h, txn).PartnerPayinID
		secret := h.WebhookSecret()
		p.CompleteUnannounced(txn)
		now := time.Now()
		for i := range 3 {
			r := signedWebhook(t, h, "msg_dup_1", "payin_completed", payin, txn, now, secret)
			if r.Status != http.StatusOK || r.JSON["duplicate"] != (i > 0) {
				t.Fatalf("delivery %d: %d %s", i+1, r.Status, r.Body)
			}
		}
		// Settled: Crebit asks for the payout once.
		h.Eventually("offramp_created", func() bool { return p.State(txn) == "offramp_created" })
		h.Settled() // a duplicate that was processed after all would have run by now
		n := count(t, h, `SELECT COUNT(*) FROM ledger_transactions WHERE payment_id = ? AND kind = 'payin_received'`, txn)
		if n != 1 {
			t.Fatalf("pay-in posted %d times", n)
		}
		h.RequireBalancedLedger()
	})
}

// TestSameWebhookAtOnceIsAppliedOnce: the partner's retries can overlap
// (a slow answer times out and the delivery comes again). Sent eight times
// at once, a delivery is applied by one of them and the others are
// acknowledged as duplicates; it is recorded once, processed, with its
// payment and what it did.
func TestSameWebhookAtOnceIsAppliedOnce(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
		stored := storedPayment(t, h, txn)
		secret := h.WebhookSecret()
		p.CompleteUnannounced(txn)
		now := time.Now()
		var applied, duplicates atomic.Int32
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				r := signedPayinEvent(t, h, "msg_dup_at_once", "payin_completed", stored.PartnerPayinID, now, secret, stored.AmountLocal)
				switch {
				case r.Status != http.StatusOK:
					t.Errorf("delivery: %d %s", r.Status, r.Body)
				case r.JSON["duplicate"] == true:
					duplicates.Add(1)
				default:
					applied.Add(1)
				}
			})
		}
		wg.Wait()
		if applied.Load() != 1 || duplicates.Load() != 7 {
			t.Fatalf("%d deliveries applied, %d duplicates; want 1 and 7", applied.Load(), duplicates.Load())
		}
		h.Eventually("offramp_created", func() bool { return p.State(txn) == "offramp_created" })
		h.Settled()
		if n := count(t, h, `SELECT COUNT(*) FROM ledger_transactions WHERE payment_id = ? AND kind = 'payin_received'`, txn); n != 1 {
			t.Fatalf("pay-in posted %d times", n)
		}
		if n := count(t, h, `SELECT COUNT(*) FROM webhook_events WHERE id = 'msg_dup_at_once' AND payment_id = ?
			AND processed_at IS NOT NULL AND outcome LIKE 'payin_completed: %'`, txn); n != 1 {
			t.Fatalf("%d processed records of the delivery about the payment, want 1", n)
		}
		h.RequireBalancedLedger()
	})
}

// TestRepeatedDeliveryTellsTheOperatorOnce: a repeated delivery is applied
// and then rolled back when its id is found taken; what applying it found
// is logged only by the delivery that was kept. A pay-in event without an
// amount, sent three times, is logged for the operator once.
func TestRepeatedDeliveryTellsTheOperatorOnce(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
		pay := storedPayment(t, h, txn)
		body := []byte(fmt.Sprintf(`{"webhook_event":"payin.complete","id":%q,"status":"completed"}`, pay.PartnerPayinID))
		for i := range 3 {
			r := h.PostWebhook("msg_noamt_again", time.Now(), h.WebhookSecret(), body)
			if r.Status != http.StatusOK || r.JSON["duplicate"] != (i > 0) {
				t.Fatalf("delivery %d: %d %s", i+1, r.Status, r.Body)
			}
		}
		h.Settled()
		if n := strings.Count(h.Logs(), "pay-in event without a readable amount"); n != 1 {
			t.Fatalf("logged %d times for one delivery sent three times, want 1", n)
		}
	})
}

// TestDeliveryAskingNothingIsRecordedOnce: BlindPay's payin.new (the
// pay-in Crebit has just created) asks nothing of Crebit; it is recorded
// as processed with what it did, and a repeat is answered as a duplicate
// and recorded no second time. The payment does not move.
func TestDeliveryAskingNothingIsRecordedOnce(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
		h.Settled()
		pay := storedPayment(t, h, txn)
		body := apptest.PayinUpdate("payin.new", pay.PartnerPayinID, "processing", false, pay.AmountLocal)
		for i := range 2 {
			r := h.PostWebhook("msg_payin_new_again", time.Now(), h.WebhookSecret(), body)
			if r.Status != http.StatusOK || r.JSON["duplicate"] != (i > 0) {
				t.Fatalf("delivery %d: %d %s", i+1, r.Status, r.Body)
			}
		}
		if n := count(t, h, `SELECT COUNT(*) FROM webhook_events WHERE id = 'msg_payin_new_again' AND type = 'payin.new'
			AND processed_at IS NOT NULL AND outcome = 'ignored: nothing to do for payin.new' AND payment_id IS NULL`); n != 1 {
			t.Fatalf("%d processed records of the delivery, want 1", n)
		}
		if st := p.State(txn); st != "awaiting_payin" {
			t.Fatalf("the payment is %s after payin.new, want awaiting_payin", st)
		}
	})
}

// TestEventsOutOfOrderNeverMoveBackwards: BlindPay's deliveries are not
// ordered (Svix), so the payin's completion can arrive before its
// earlier updates; and the payout's can arrive while Crebit still has the
// pay-in to record. Nothing moves back, and each step is posted once.
func TestEventsOutOfOrderNeverMoveBackwards(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
		payin := storedPayment(t, h, txn).PartnerPayinID
		secret := h.WebhookSecret()
		p.CompleteUnannounced(txn)
		now := time.Now()
		signedWebhook(t, h, "msg_o1", "payin_completed", payin, txn, now, secret)
		h.Eventually("offramp_created", func() bool { return p.State(txn) == "offramp_created" })
		p.Simulate(txn, "offramp_completed")
		h.Eventually("completed", func() bool { return p.State(txn) == "completed" })
		signedWebhook(t, h, "msg_o2", "payin_processing", payin, txn, now, secret)
		signedWebhook(t, h, "msg_o3", "payin_completed", payin, txn, now, secret)
		h.Settled()
		if s := p.State(txn); s != "completed" {
			t.Fatalf("state went to %s", s)
		}
		var kinds []string
		for _, kind := range []string{"payin_received", "converted_to_usdc", "payout"} {
			kinds = append(kinds, fmt.Sprint(count(t, h, `SELECT COUNT(*) FROM ledger_transactions WHERE payment_id = ? AND kind = ?`, txn, kind)))
		}
		if strings.Join(kinds, ",") != "1,1,1" {
			t.Fatalf("ledger transactions payin/convert/payout = %v, want one each", kinds)
		}
		h.RequireBalancedLedger()
	})
}

// TestStaleEventLeavesThePaymentAsStored: an event that changes none of a
// payment's fields (here stale ones about a completed payment) is recorded
// as ignored and leaves the payment's row exactly as it was (issue 31: no
// UPDATE is sent for it).
func TestStaleEventLeavesThePaymentAsStored(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
		p.Simulate(txn, "payin_completed")
		h.Eventually("offramp_created", func() bool { return p.State(txn) == "offramp_created" })
		p.Simulate(txn, "offramp_completed")
		h.Eventually("completed", func() bool { return p.State(txn) == "completed" })
		h.Settled()
		before := storedPayment(t, h, txn)
		for i, typ := range []string{"payin_processing", "payin_completed"} {
			signedWebhook(t, h, fmt.Sprintf("msg_stale%d", i+1), typ, before.PartnerPayinID, txn, time.Now(), h.WebhookSecret())
		}
		h.Settled()
		if n := count(t, h, `SELECT COUNT(*) FROM webhook_events WHERE id IN ('msg_stale1', 'msg_stale2') AND outcome LIKE '%ignored%'`); n != 2 {
			t.Fatalf("%d of the 2 stale events recorded as ignored", n)
		}
		if after := storedPayment(t, h, txn); !reflect.DeepEqual(after, before) {
			t.Fatalf("payment changed:\n before %+v\n after  %+v", before, after)
		}
		h.RequireBalancedLedger()
	})
}

func TestForgedOrStaleSignatureIsRefusedAndChangesNothing(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
		payin := storedPayment(t, h, txn).PartnerPayinID
		secret := h.WebhookSecret()
		forged := "whsec_" + base64.StdEncoding.EncodeToString([]byte("not the endpoint's secret, 32 b!"))
		cases := map[string]apptest.Response{
			"forged": signedWebhook(t, h, "msg_f1", "payin_completed", payin, txn, time.Now(), forged),
			"stale":  signedWebhook(t, h, "msg_f2", "payin_completed", payin, txn, time.Now().Add(-6*time.Minute), secret),
			"future": signedWebhook(t, h, "msg_f3", "payin_completed", payin, txn, time.Now().Add(6*time.Minute), secret),
			"missing": h.Browser().Do("POST", "/api/webhook/payout-events",
				apptest.PayinUpdate("payin.complete", payin, "completed", true, storedPayment(t, h, txn).AmountLocal)),
		}
		for name, r := range cases {
			if r.Status != http.StatusUnauthorized || r.Error() != "invalid webhook signature" {
				t.Errorf("%s: %d %s", name, r.Status, r.Body)
			}
		}
		h.Settled() // nothing was enqueued, but wait for anything that was
		// Exactly these ids: the sandbox's own deliveries are msg_<random>, and
		// one in ~60 of those starts with msg_f (CI failed once on a LIKE).
		n := count(t, h, `SELECT COUNT(*) FROM webhook_events WHERE id IN ('msg_f1', 'msg_f2', 'msg_f3')`)
		if n != 0 || p.State(txn) != "awaiting_payin" {
			t.Fatalf("refused webhooks changed something: %d events, state %s", n, p.State(txn))
		}
	})
}

func TestExpiredQuoteIsRefused(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay(), apptest.Env("CREBIT_QUOTE_TTL", "1s"))
		p := h.NewBrazilPayer()
		q := p.Quote("USDC/BRL", "100")
		h.Clock.Advance(time.Second) // the quote's whole 1 s lock window
		r := p.PixPayment(q, "")
		if r.Status != http.StatusGone || r.Error() != "This quote has expired. Please get a new quote." {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
	})
}

func TestIdempotentRetryCreatesNothingNew(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		p := h.NewBrazilPayer()
		q := p.Quote("USDC/BRL", "100")
		a := p.PixPayment(q, "retry-key")
		b := p.PixPayment(q, "retry-key")
		if a.Status != 200 || b.Status != 200 || a.Str("transaction_id") != b.Str("transaction_id") || a.Str("pix_code") != b.Str("pix_code") {
			t.Fatalf("retry gave a different payment:\n%s\n%s", a.Body, b.Body)
		}
		// Without a key, asking again for the same quote also returns the same payment.
		c := p.PixPayment(q, "")
		if c.Status != http.StatusConflict {
			t.Fatalf("a second payment on a used quote: %d %s", c.Status, c.Body)
		}
		// The same key for a different request is refused.
		q2 := p.Quote("USDC/BRL", "200")
		d := p.PixPayment(q2, "retry-key")
		if d.Status != http.StatusUnprocessableEntity {
			t.Fatalf("key reuse: %d %s", d.Status, d.Body)
		}
		n := count(t, h, `SELECT COUNT(*) FROM payments`)
		if n != 1 {
			t.Fatalf("%d payments stored, want 1", n)
		}
	})
}

func TestTwoPaymentsRacingForOneQuote(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		p := h.NewBrazilPayer()
		q := p.Quote("USDC/BRL", "100")
		var wg sync.WaitGroup
		results := make([]apptest.Response, 4)
		for i := range results {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i] = p.PixPayment(q, fmt.Sprintf("race-%d", i))
			}()
		}
		wg.Wait()
		ok := 0
		for _, r := range results {
			switch r.Status {
			case http.StatusOK:
				ok++
			case http.StatusConflict:
			default:
				t.Errorf("unexpected answer %d %s", r.Status, r.Body)
			}
		}
		if ok != 1 {
			t.Fatalf("%d payments won the quote, want exactly 1", ok)
		}
		h.RequireBalancedLedger()
	})
}

// TestLatePayinAfterExpiryIsRecordedAndRefunded: a deposit that arrives
// after the payment expired is recorded and owed back. BlindPay's API
// cannot return a pay-in (docs/BLINDPAY.md §17.6), so the return is an
// operator's case (the console's Returns queue): until an operator records
// it, the money is owed (ledger partner:returns_owed), not given back.
func TestLatePayinAfterExpiryIsRecordedAndRefunded(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.Env("CREBIT_QUOTE_TTL", "1s"))
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
		h.Eventually("expired", func() bool { return p.State(txn) == "expired" })
		p.Simulate(txn, "payin_completed")
		h.Eventually("refunded", func() bool { return p.State(txn) == "refunded" })
		local := storedPayment(t, h, txn).AmountLocal
		if got := refundCase(t, h, txn); got != local.String()+" BRL" {
			t.Fatalf("owed back %q, want %s BRL", got, local)
		}
		h.Settled()
		if n := count(t, h, `SELECT COUNT(*) FROM payments WHERE id = ? AND offramp_id <> ''`, txn); n != 0 {
			t.Fatal("a payout was made for an expired payment")
		}
		if b := balance(t, h, ledger.PaymentAccount(txn), money.BRL); b != 0 {
			t.Fatalf("payment account holds %d after refund", b)
		}
		if b := balance(t, h, ledger.PayerAccount, money.BRL); b != -local.Minor {
			t.Fatalf("payer account is %d before the return, want %d", b, -local.Minor)
		}
		if b := balance(t, h, ledger.ReturnsOwed, money.BRL); b != local.Minor {
			t.Fatalf("owed back %d, want %d", b, local.Minor)
		}
		h.RequireBalancedLedger()
	})
}

func TestQuoteOfAnotherSessionIsRefused(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, storetest.Engines[0], apptest.BlindPay())
	alice := h.NewBrazilPayer()
	bob := h.NewBrazilPayer()
	q := alice.Quote("USDC/BRL", "100")
	r := bob.PixPayment(q, "")
	if r.Status != http.StatusNotFound || r.Error() != "No valid quote found. Please generate a new quote." {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
}

func TestTriggerExistsOnlyWithTheSandbox(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, store.SQLite, apptest.Env("CREBIT_PARTNER", "blindpay"),
		apptest.Env("CREBIT_PARTNER_URL", "http://127.0.0.1:1"), apptest.Env("CREBIT_PARTNER_API_KEY", "k"),
		apptest.Env("CREBIT_BLINDPAY_INSTANCE_ID", "in_000000000001"),
		apptest.Env("CREBIT_WEBHOOK_SECRET", "whsec_"+strings.Repeat("QUJD", 8)))
	b := h.Browser()
	r := b.Do("POST", "/api/trigger-mock-webhook", `{"transaction_id":"txn_x","event":"payin_completed"}`)
	if r.Status != 404 || !strings.HasPrefix(r.Error(), "not found") {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	if cfg := b.MustOK("GET", "/api/config", nil); cfg.JSON["sandbox"] != false {
		t.Fatalf("config: %s", cfg.Body)
	}
	// With the sandbox, /bpsandbox/ answers JSON (401 without a key); here
	// it is just a path of the web app.
	if r := b.Do("GET", "/bpsandbox/v1/instances/in_000000000001/payins", nil); !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("sandbox routes served with a real partner: %d %s", r.Status, r.Body)
	}
}

func TestPersonalDataIsRedactedAfterTheRefundWindow(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		ctx := context.Background()
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
		p.Deliver(txn)
		h.Settled() // the payment's e-mails are sent
		mails := func() int {
			return count(t, h, `SELECT COUNT(*) FROM outbox WHERE subject LIKE ?`, "%"+txn) + count(t, h, `SELECT COUNT(*) FROM mailbox WHERE subject LIKE ?`, "%"+txn)
		}

		// Inside the refund window nothing is touched.
		if np, nc, err := h.Stack.Accounts.RedactPersonalData(ctx); err != nil || np != 0 || nc != 0 {
			t.Fatalf("redacted %d payments, %d customers inside the window (%v)", np, nc, err)
		}
		if mails() == 0 {
			t.Fatal("the payment's e-mails are gone inside the window")
		}
		old := time.Now().Add(-31 * 24 * time.Hour)
		h.DB.Tx(ctx, func(tx *store.Tx) error {
			for _, q := range []string{`UPDATE payments SET updated_at = ?`, `UPDATE customers SET updated_at = ?`,
				`UPDATE outbox SET sent_at = ? WHERE sent_at IS NOT NULL`, `UPDATE mailbox SET delivered_at = ?`} {
				if _, err := tx.Exec(ctx, q, old); err != nil {
					return err
				}
			}
			return nil
		})
		np, nc, err := h.Stack.Accounts.RedactPersonalData(ctx)
		if err != nil || np != 1 || nc != 1 {
			t.Fatalf("redacted %d payments, %d customers (%v)", np, nc, err)
		}
		var first, last, phone, dob, taxSealed, email, sender, accountSealed, last4 string
		h.DB.Tx(ctx, func(tx *store.Tx) error {
			if err := tx.QueryRow(ctx, `SELECT first_name, last_name, phone, date_of_birth, tax_id_sealed, email FROM customers WHERE id = ?`, p.CustomerID).Scan(
				&first, &last, &phone, &dob, &taxSealed, &email); err != nil {
				return err
			}
			if err := tx.QueryRow(ctx, `SELECT sender_name FROM payments WHERE id = ?`, txn).Scan(&sender); err != nil {
				return err
			}
			return tx.QueryRow(ctx, `SELECT account_sealed, account_last4 FROM external_accounts WHERE id = ?`, p.AccountID).Scan(&accountSealed, &last4)
		})
		if first+last+phone+dob+taxSealed+sender+accountSealed+last4 != "" || email != "maria@example.com" {
			t.Fatalf("after redaction: %q %q %q %q %q %q %q %q, e-mail %q", first, last, phone, dob, taxSealed, sender, accountSealed, last4, email)
		}
		// The e-mails about it, which carry its details, are deleted too.
		if n := mails(); n != 0 {
			t.Fatalf("%d e-mails about the payment kept after the refund window", n)
		}
		// The payment is still tracked, the ledger intact, and the redacted
		// profile is not offered back to the same browser.
		p.MustOK("GET", "/api/transaction-status?transaction_id="+txn, nil)
		h.RequireBalancedLedger()
		p.AcceptPartnerTerms() // a new profile is a new customer at BlindPay: a new acceptance
		again := p.MustOK("POST", "/api/create-customer", apptest.CustomerBR(apptest.CPF))
		if again.JSON["show_popup"] == true || again.Str("customer_id") == p.CustomerID {
			t.Fatalf("redacted profile offered back: %s", again.Body)
		}
		// A second run finds nothing more to do.
		if np, nc, _ := h.Stack.Accounts.RedactPersonalData(ctx); np != 0 || nc != 0 {
			t.Fatalf("second run redacted %d/%d", np, nc)
		}
	})
}
