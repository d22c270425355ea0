package payment_test

import (
	"slices"
	"testing"

	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
)

// balances sums postings per account and currency.
func balances(txs []ledger.Transaction) map[string]int64 {
	b := map[string]int64{}
	for _, tx := range txs {
		for _, p := range tx.Postings {
			b[p.Source+"/"+string(p.Amount.Currency)] -= p.Amount.Minor
			b[p.Destination+"/"+string(p.Amount.Currency)] += p.Amount.Minor
		}
	}
	return b
}

func TestApplyPayinReconcilesTheReceivedAmount(t *testing.T) {
	t.Parallel()
	brl := func(m int64) money.Amount { return money.Amount{Minor: m, Currency: money.BRL} }
	quoted := testAmounts().Local.Minor
	acct := ledger.PaymentAccount(paymentID)
	tests := []struct {
		name       string
		from       payment.State
		ev         payment.Event
		received   money.Amount
		wantTo     payment.State
		wantKinds  []string
		wantRefund money.Amount // zero Minor: no refund
	}{
		{"exact", sA, ePC, brl(quoted), sPC, kinds(kPayin), money.Amount{}},
		{"under-paid", sA, ePC, brl(100), payment.StatePayinMismatch, kinds(kPayin, kRefund), brl(100)},
		{"under-paid by one centavo", sP, ePC, brl(quoted - 1), payment.StatePayinMismatch, kinds(kPayin, kRefund), brl(quoted - 1)},
		{"wrong currency", sA, ePC, money.Amount{Minor: quoted, Currency: money.USD}, payment.StatePayinMismatch,
			kinds(kPayin, kRefund), money.Amount{Minor: quoted, Currency: money.USD}},
		{"over-paid", sA, ePC, brl(quoted + 2_500), sPC,
			kinds(kPayin, payment.KindPayinExcess, payment.KindRefundExcess), brl(2_500)},
		{"over-paid, off-ramp first", sC, eOD, brl(quoted + 1), sD,
			kinds(kPayin, payment.KindPayinExcess, payment.KindRefundExcess, kConvert, kPayout), brl(1)},
		{"under-paid, off-ramp first", sA, eOC, brl(1), payment.StatePayinMismatch, kinds(kPayin, kRefund), brl(1)},
		{"late and short", sE, ePC, brl(5), sR, kinds(kPayin, kRefund), brl(5)},
		{"already received: amount not checked again", sPC, eOC, brl(1), sOC, kinds(kConvert), money.Amount{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := payment.ApplyPayin(newPayment(tc.from, bank), tc.ev, tc.received)
			if err != nil {
				t.Fatal(err)
			}
			if out.To != tc.wantTo || !slices.Equal(ledgerKinds(out), tc.wantKinds) {
				t.Fatalf("to %s kinds %v, want %s %v", out.To, ledgerKinds(out), tc.wantTo, tc.wantKinds)
			}
			if out.Refund != (tc.wantRefund.Minor > 0) || (out.Refund && out.RefundAmount != tc.wantRefund) {
				t.Fatalf("refund %v %v, want %v", out.Refund, out.RefundAmount, tc.wantRefund)
			}
			b := balances(out.Ledger)
			// Nothing stays on the payment account in the received currency
			// except the quoted amount waiting to be converted.
			held := b[acct+"/"+string(tc.received.Currency)]
			if out.To == sPC && held != quoted {
				t.Fatalf("payment account holds %d, want the quoted %d", held, quoted)
			}
			if (out.To == payment.StatePayinMismatch || out.To == sR) && held != 0 {
				t.Fatalf("payment account holds %d after a full refund", held)
			}
			if out.To == payment.StatePayinMismatch && slices.Contains(ledgerKinds(out), kConvert) {
				t.Fatal("a mismatched pay-in was converted")
			}
		})
	}
}

func TestPayinMismatchIsAnEnd(t *testing.T) {
	t.Parallel()
	p := newPayment(payment.StatePayinMismatch, bank)
	for _, ev := range allEvents {
		out, err := payment.Apply(p, ev)
		if err != nil || !out.Ignored {
			t.Fatalf("%s on payin_mismatch: %+v %v, want ignored", ev, out, err)
		}
	}
	if !payment.StatePayinMismatch.Terminal() {
		t.Fatal("payin_mismatch should be terminal")
	}
}

func TestApplyPayinRefusesANonPositiveReceipt(t *testing.T) {
	t.Parallel()
	if _, err := payment.ApplyPayin(newPayment(sA, bank), ePC, money.Amount{Currency: money.BRL}); err == nil {
		t.Fatal("a zero receipt was accepted")
	}
}
