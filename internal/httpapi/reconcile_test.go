package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/returnstore"
)

// TestPayinAmountIsReconciled sends a signed payin_completed reporting
// another amount or currency than the payment's, as a partner would, and
// checks what is converted, posted and refunded.
func TestPayinAmountIsReconciled(t *testing.T) {
	t.Parallel()
	// What arrived, and the refund it calls for. BlindPay's API cannot
	// return a pay-in (docs/BLINDPAY.md §17.6): a refund is handed to an
	// operator, kept among the payment's partner calls with its amount.
	cases := []struct {
		name      string
		received  func(quoted money.Amount) money.Amount
		wantState string
		refunded  func(quoted money.Amount) string // "" for no refund
	}{
		{"under-paid: 1.00 of the quoted BRL", func(money.Amount) money.Amount { return money.Amount{Minor: 100, Currency: money.BRL} },
			"payin_mismatch", func(money.Amount) string { return "1.00 BRL" }},
		{"wrong currency", func(q money.Amount) money.Amount { return money.Amount{Minor: q.Minor, Currency: money.USD} },
			"payin_mismatch", func(q money.Amount) string { return q.String() + " USD" }},
		{"over-paid by 10.00", func(q money.Amount) money.Amount { q.Minor += 1000; return q },
			"completed", func(money.Amount) string { return "10.00 BRL" }}, // the pay-in proceeds; only its excess goes back
		{"exact", func(q money.Amount) money.Amount { return q }, "completed", func(money.Amount) string { return "" }},
	}
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		secret := h.WebhookSecret()
		for i, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				p := h.NewBrazilPayer()
				txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
				pay := storedPayment(t, h, txn)
				received := tc.received(pay.AmountLocal)
				p.CompleteUnannounced(txn)
				id := "msg_rec_" + string(rune('a'+i))
				if r := signedPayinEvent(t, h, id, "payin_completed", pay.PartnerPayinID, time.Now(), secret, received); r.Status != http.StatusOK {
					t.Fatalf("webhook: %d %s", r.Status, r.Body)
				}
				if tc.wantState == "completed" {
					h.Eventually("offramp_created", func() bool { return p.State(txn) == "offramp_created" })
					p.Simulate(txn, "offramp_completed")
				}
				h.Eventually(tc.wantState, func() bool { return p.State(txn) == tc.wantState })
				want := tc.refunded(pay.AmountLocal)
				if want != "" {
					h.Eventually("the refund handed to an operator", func() bool { return refundCase(t, h, txn) != "" })
				}
				h.Settled()
				if got := refundCase(t, h, txn); got != want {
					t.Fatalf("refund for an operator %q, want %q", got, want)
				}
				if tc.wantState == "payin_mismatch" {
					if n := count(t, h, `SELECT COUNT(*) FROM ledger_transactions WHERE payment_id = ? AND kind = 'converted_to_usdc'`, txn); n != 0 {
						t.Fatal("a mismatched pay-in was converted")
					}
					if b := balance(t, h, ledger.PaymentAccount(txn), received.Currency); b != 0 {
						t.Fatalf("payment account holds %d %s after the refund", b, received.Currency)
					}
					st := p.Status(txn)
					if !strings.Contains(string(st.Body), "payin_mismatch") {
						t.Fatalf("status does not say so: %s", st.Body)
					}
					tr := p.MustOK("GET", "/api/transaction-status?transaction_id="+txn, nil)
					if reason := tr.Str("failure_reason"); !strings.Contains(reason, "being returned") {
						t.Fatalf("the payer is not told why: %s", tr.Body)
					}
				}
				if tc.wantState == "completed" {
					if got := balance(t, h, ledger.PaymentAccount(txn), money.BRL); got != 0 {
						t.Fatalf("payment account holds %d BRL after completion", got)
					}
				}
				h.RequireBalancedLedger()
			})
		}
	})
}

// refundCase is the money owed back for the payment ("10.00 BRL"), the
// returns summed, "" for none.
func refundCase(t *testing.T, h *apptest.Harness, txn string) string {
	t.Helper()
	var rs []returnstore.PaymentReturn
	if err := h.DB.Read(context.Background(), func(tx *store.Tx) (err error) { rs, err = returnstore.ReturnsOf(context.Background(), tx, txn); return }); err != nil {
		t.Fatal(err)
	}
	if len(rs) == 0 {
		return ""
	}
	sum := rs[0].Amount
	for _, r := range rs[1:] {
		sum.Minor += r.Amount.Minor
	}
	return sum.String() + " " + string(sum.Currency)
}

// TestPayinWithoutAmountIsNotConverted: an event that proves a pay-in but
// whose amount cannot be read moves nothing.
func TestPayinWithoutAmountIsNotConverted(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
		pay := storedPayment(t, h, txn)
		// A completed payin whose sender_amount is missing.
		body := []byte(fmt.Sprintf(`{"webhook_event":"payin.complete","id":%q,"status":"completed"}`, pay.PartnerPayinID))
		h.PostWebhook("msg_noamt", time.Now(), h.WebhookSecret(), body)
		h.Eventually("processed", func() bool {
			return count(t, h, `SELECT COUNT(*) FROM webhook_events WHERE id = 'msg_noamt' AND processed_at IS NOT NULL`) == 1
		})
		if s := p.State(txn); s != "awaiting_payin" {
			t.Fatalf("state %s, want awaiting_payin", s)
		}
		h.RequireBalancedLedger()
	})
}
