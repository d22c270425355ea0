package payment_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
)

// inOrderLedger is the ledger of a bank-transfer payment with testAmounts,
// written out posting by posting.
func inOrderLedger() []ledger.Transaction {
	acct := ledger.PaymentAccount(paymentID)
	a := testAmounts()
	return []ledger.Transaction{
		{Kind: kPayin, Postings: []ledger.Posting{{Source: ledger.PayerAccount, Destination: acct, Amount: a.Local}}},
		{Kind: kConvert, Postings: []ledger.Posting{
			{Source: acct, Destination: ledger.PartnerFX, Amount: a.Local},
			{Source: ledger.PartnerFX, Destination: acct, Amount: a.USDC},
		}},
		{Kind: kPayout, Postings: []ledger.Posting{
			{Source: acct, Destination: ledger.PartnerFX, Amount: a.USDC},
			{Source: ledger.PartnerFX, Destination: acct, Amount: a.GrossUSD},
			{Source: acct, Destination: ledger.PayeeAccount, Amount: a.AmountUSD},
			{Source: acct, Destination: ledger.OfframpFees, Amount: money.Amount{Minor: 90, Currency: money.USD}},
		}},
	}
}

var happyEvents = []payment.Event{eOpened, ePP, ePC, eOC, eOD}

func TestHappyPaths(t *testing.T) {
	t.Parallel()
	for _, d := range []payment.Delivery{bank, check} {
		t.Run(string(d), func(t *testing.T) {
			t.Parallel()
			p, txs, outs := run(t, newPayment(sC, d), happyEvents...)
			stages := payment.Stages(d)
			for i, out := range outs {
				if out.Ignored || out.To != stages[i+1] || !reflect.DeepEqual(out.Path, stages[i+1:i+2]) {
					t.Errorf("event %s: outcome %+v, want a move to %s", happyEvents[i], out, stages[i+1])
				}
			}
			if p.State != stages[len(stages)-1] {
				t.Errorf("final state = %s, want %s", p.State, stages[len(stages)-1])
			}
			if !reflect.DeepEqual(txs, inOrderLedger()) {
				t.Errorf("ledger =\n%+v\nwant\n%+v", txs, inOrderLedger())
			}
		})
	}
}

func TestPayoutRounding(t *testing.T) {
	t.Parallel()
	acct := ledger.PaymentAccount(paymentID)
	usd := func(m int64) money.Amount { return money.Amount{Minor: m, Currency: money.USD} }
	usdc := money.Amount{Minor: 100_000_000, Currency: money.USDC}
	tests := []struct {
		name        string
		gross, paid int64
		want        []ledger.Posting
	}{
		{"fee withheld", 10_000, 9_900, []ledger.Posting{
			{Source: acct, Destination: ledger.PartnerFX, Amount: usdc},
			{Source: ledger.PartnerFX, Destination: acct, Amount: usd(10_000)},
			{Source: acct, Destination: ledger.PayeeAccount, Amount: usd(9_900)},
			{Source: acct, Destination: ledger.OfframpFees, Amount: usd(100)},
		}},
		{"no fee", 10_000, 10_000, []ledger.Posting{
			{Source: acct, Destination: ledger.PartnerFX, Amount: usdc},
			{Source: ledger.PartnerFX, Destination: acct, Amount: usd(10_000)},
			{Source: acct, Destination: ledger.PayeeAccount, Amount: usd(10_000)},
		}},
		{"one cent rounding shortfall", 9_999, 10_000, []ledger.Posting{
			{Source: acct, Destination: ledger.PartnerFX, Amount: usdc},
			{Source: ledger.PartnerFX, Destination: acct, Amount: usd(9_999)},
			{Source: ledger.RoundingAccount, Destination: acct, Amount: usd(1)},
			{Source: acct, Destination: ledger.PayeeAccount, Amount: usd(10_000)},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := newPayment(sOC, bank)
			p.Amounts.GrossUSD, p.Amounts.AmountUSD = usd(tt.gross), usd(tt.paid)
			out, err := payment.Apply(p, eOD)
			if err != nil {
				t.Fatal(err)
			}
			if len(out.Ledger) != 1 || out.Ledger[0].Kind != kPayout || !reflect.DeepEqual(out.Ledger[0].Postings, tt.want) {
				t.Errorf("ledger = %+v, want one payout with %+v", out.Ledger, tt.want)
			}
		})
	}
}

func TestDuplicateEventsAreIgnored(t *testing.T) {
	t.Parallel()
	p := newPayment(sC, bank)
	for _, ev := range happyEvents {
		var outs []payment.Outcome
		p, _, outs = run(t, p, ev, ev, ev)
		if outs[0].Ignored {
			t.Fatalf("first %s ignored: %+v", ev, outs[0])
		}
		for i, out := range outs[1:] {
			if !out.Ignored || len(out.Ledger) != 0 || len(out.Path) != 0 || out.To != outs[0].To ||
				!strings.HasPrefix(out.Reason, "duplicate: ") {
				t.Errorf("%s applied %d times: outcome %+v, want ignored as duplicate", ev, i+2, out)
			}
		}
	}
	if p.State != sD {
		t.Errorf("final state = %s, want %s", p.State, sD)
	}
}

func TestOutOfOrderEndsLikeInOrder(t *testing.T) {
	t.Parallel()
	tests := [][]payment.Event{
		{eOD, ePP, ePC},
		{eOD, eOC, ePC, ePP, eOpened, eExpire, eFailed},
		{ePC, eOpened, eOD, eOC},
		{eOC, ePP, eOD, eExpire},
		{eOpened, ePC, ePP, eFailed, eOC, eOD},
	}
	for _, events := range tests {
		t.Run(strings.Join(eventNames(events), ","), func(t *testing.T) {
			t.Parallel()
			p, txs, _ := run(t, newPayment(sC, bank), events...)
			if p.State != sD {
				t.Errorf("final state = %s, want %s", p.State, sD)
			}
			if !reflect.DeepEqual(txs, inOrderLedger()) {
				t.Errorf("ledger =\n%+v\nwant the in-order ledger\n%+v", txs, inOrderLedger())
			}
		})
	}
}

func eventNames(events []payment.Event) []string {
	names := make([]string, len(events))
	for i, e := range events {
		names[i] = string(e)
	}
	return names
}

func TestLatePayinAfterExpiryIsRefunded(t *testing.T) {
	t.Parallel()
	events := []payment.Event{eOpened, eExpire, ePP, ePC, eOC, eOD}
	p, txs, outs := run(t, newPayment(sC, bank), events...)
	want := []payment.State{sA, sE, sE, sR, sR, sR}
	for i, out := range outs {
		if out.To != want[i] {
			t.Errorf("after %s: state %s, want %s", events[i], out.To, want[i])
		}
	}
	if !outs[3].Refund || outs[4].Refund || outs[5].Refund {
		t.Errorf("Refund flags = %v %v %v, want only the late pay-in to ask for a refund",
			outs[3].Refund, outs[4].Refund, outs[5].Refund)
	}
	if !strings.HasPrefix(outs[2].Reason, "waiting: ") {
		t.Errorf("payin_processing on expired: reason %q, want waiting", outs[2].Reason)
	}
	acct := ledger.PaymentAccount(paymentID)
	local := testAmounts().Local
	wantLedger := []ledger.Transaction{
		{Kind: kPayin, Postings: []ledger.Posting{{Source: ledger.PayerAccount, Destination: acct, Amount: local}}},
		{Kind: kRefund, Postings: []ledger.Posting{{Source: acct, Destination: ledger.ReturnsOwed, Amount: local}}},
	}
	if p.State != sR || !reflect.DeepEqual(txs, wantLedger) {
		t.Errorf("final state %s, ledger %+v; want refunded with %+v", p.State, txs, wantLedger)
	}
}

// An operator refunds a received pay-in before it is converted: the local
// currency is owed back (not yet returned), nothing is converted, and the
// refund cannot happen from any other state.
func TestOperatorRefundOfAReceivedPayin(t *testing.T) {
	t.Parallel()
	p, txs, outs := run(t, newPayment(sC, bank), eOpened, ePC, payment.EventRefund, eOC, eOD)
	want := []payment.State{sA, sPC, sR, sR, sR}
	for i, out := range outs {
		if out.To != want[i] {
			t.Errorf("step %d: state %s, want %s", i, out.To, want[i])
		}
	}
	if !outs[2].Refund || outs[2].RefundAmount != testAmounts().Local {
		t.Errorf("refund %v %v, want the quoted local amount", outs[2].Refund, outs[2].RefundAmount)
	}
	acct := ledger.PaymentAccount(paymentID)
	local := testAmounts().Local
	wantLedger := []ledger.Transaction{
		{Kind: kPayin, Postings: []ledger.Posting{{Source: ledger.PayerAccount, Destination: acct, Amount: local}}},
		{Kind: kRefund, Postings: []ledger.Posting{{Source: acct, Destination: ledger.ReturnsOwed, Amount: local}}},
	}
	if p.State != sR || !reflect.DeepEqual(txs, wantLedger) {
		t.Errorf("final state %s, ledger %+v; want refunded with %+v", p.State, txs, wantLedger)
	}
	for _, from := range []payment.State{sA, sP, sOC, sD, sE, sF, sR} {
		out, err := payment.Apply(newPayment(from, bank), payment.EventRefund)
		if err != nil || !out.Ignored || out.Refund {
			t.Errorf("refund from %s: %+v %v, want ignored", from, out, err)
		}
	}
}

func TestStaleReason(t *testing.T) {
	t.Parallel()
	out, err := payment.Apply(newPayment(sOC, bank), ePC)
	if err != nil {
		t.Fatal(err)
	}
	if want := "stale: payment is already offramp_created"; out.Reason != want {
		t.Errorf("Reason = %q, want %q", out.Reason, want)
	}
}

// A recorded return moves what was owed back to the payer, under its own
// kind for a whole receipt and for an excess.
func TestReturnedMovesWhatIsOwedToThePayer(t *testing.T) {
	t.Parallel()
	local := testAmounts().Local
	for excess, kind := range map[bool]string{false: payment.KindReturned, true: payment.KindReturnedExcess} {
		tx, err := payment.Returned(local, excess)
		want := ledger.Transaction{Kind: kind, Postings: []ledger.Posting{{Source: ledger.ReturnsOwed, Destination: ledger.PayerAccount, Amount: local}}}
		if err != nil || !reflect.DeepEqual(tx, want) {
			t.Errorf("excess %v: %+v %v, want %+v", excess, tx, err, want)
		}
	}
}
