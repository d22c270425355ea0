package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/store"
)

// sandboxRefund reads what the sandbox partner was asked to send back.
func sandboxRefund(t *testing.T, h *apptest.Harness, payinID string) (status, amount, currency string) {
	t.Helper()
	h.Stack.SandboxDB.Tx(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT status, COALESCE(refunded_amount, ''), COALESCE(refunded_currency, '')
			FROM sandbox_payins WHERE id = ?`, payinID).Scan(&status, &amount, &currency)
	})
	return
}

// TestPayinAmountIsReconciled sends a signed payin_completed reporting
// another amount or currency than the payment's, as a partner would, and
// checks what is converted, posted and refunded.
func TestPayinAmountIsReconciled(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		amount    func(quoted money.Amount) (string, string)
		wantState string
		// refunded is what the partner is asked to return, "" for nothing.
		refunded     func(quoted money.Amount) string
		refundStatus string
	}{
		{"under-paid: 1.00 of the quoted BRL", func(money.Amount) (string, string) { return "1.00", "BRL" },
			"payin_mismatch", func(money.Amount) string { return "1.00" }, "refunded"},
		{"wrong currency", func(q money.Amount) (string, string) { return q.String(), "USD" },
			"payin_mismatch", func(q money.Amount) string { return q.String() }, "refunded"},
		{"over-paid by 10.00", func(q money.Amount) (string, string) { q.Minor += 1000; return q.String(), "BRL" },
			"completed", func(money.Amount) string { return "10.00" }, "awaiting_payment"}, // the pay-in is not refunded, only its excess
		{"exact", func(q money.Amount) (string, string) { return q.String(), "BRL" },
			"completed", func(money.Amount) string { return "" }, "awaiting_payment"},
	}
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		secret := webhookSecret(t, h)
		for i, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				p := h.NewBrazilPayer()
				txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
				pay := storedPayment(t, h, txn)
				amount, cur := tc.amount(pay.AmountLocal)
				id := "evt_rec_" + string(rune('a'+i))
				if r := signedPayinEvent(t, h, id, "payin_completed", pay.PartnerPayinID, txn, time.Now(), secret, amount, cur); r.Status != http.StatusOK {
					t.Fatalf("webhook: %d %s", r.Status, r.Body)
				}
				if tc.wantState == "completed" {
					h.Eventually("payin_completed", func() bool { return p.State(txn) == "payin_completed" })
					signedWebhook(t, h, id+"_o", "offramp_completed", pay.PartnerPayinID, txn, time.Now(), secret)
				}
				h.Eventually(tc.wantState, func() bool { return p.State(txn) == tc.wantState })
				want := tc.refunded(pay.AmountLocal)
				if want != "" {
					h.Eventually("refund at the partner", func() bool { _, a, _ := sandboxRefund(t, h, pay.PartnerPayinID); return a == want })
				}
				status, got, gotCur := sandboxRefund(t, h, pay.PartnerPayinID)
				if got != want || (want != "" && gotCur != cur) || status != tc.refundStatus {
					t.Fatalf("partner refund %q %q (pay-in %s), want %q %q (%s)", got, gotCur, status, want, cur, tc.refundStatus)
				}
				if tc.wantState == "payin_mismatch" {
					if n := count(t, h, `SELECT COUNT(*) FROM ledger_transactions WHERE payment_id = ? AND kind = 'converted_to_usdc'`, txn); n != 0 {
						t.Fatal("a mismatched pay-in was converted")
					}
					if b := balance(t, h, ledger.PaymentAccount(txn), money.Currency(cur)); b != 0 {
						t.Fatalf("payment account holds %d %s after the refund", b, cur)
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

// TestPayinWithoutAmountIsNotConverted: an event that proves a pay-in but
// whose amount cannot be read moves nothing.
func TestPayinWithoutAmountIsNotConverted(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
		pay := storedPayment(t, h, txn)
		signedPayinEvent(t, h, "evt_noamt", "offramp_completed", pay.PartnerPayinID, txn, time.Now(), webhookSecret(t, h), "", "")
		h.Eventually("processed", func() bool {
			return count(t, h, `SELECT COUNT(*) FROM webhook_events WHERE processed_at IS NOT NULL`) == 1
		})
		if s := p.State(txn); s != "awaiting_payin" {
			t.Fatalf("state %s, want awaiting_payin", s)
		}
		h.RequireBalancedLedger()
	})
}
