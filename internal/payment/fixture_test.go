package payment_test

import (
	"testing"

	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
)

// Short names keep the transition table readable.
const (
	sC  = payment.StateCreated
	sA  = payment.StateAwaitingPayin
	sP  = payment.StatePayinProcessing
	sPC = payment.StatePayinCompleted
	sOC = payment.StateOfframpCreated
	sD  = payment.StateCompleted
	sM  = payment.StateCheckMailed
	sE  = payment.StateExpired
	sF  = payment.StateFailed
	sR  = payment.StateRefunded

	eOpened   = payment.EventOpened
	ePP       = payment.EventPayinProcessing
	ePC       = payment.EventPayinCompleted
	eOC       = payment.EventOfframpCreated
	eOD       = payment.EventOfframpCompleted
	eFailed   = payment.EventPayinFailed
	eExpire   = payment.EventExpire
	kPayin    = payment.KindPayinReceived
	kConvert  = payment.KindConvertedToUSDC
	kPayout   = payment.KindPayout
	kRefund   = payment.KindRefund
	bank      = payment.DeliveryBankTransfer
	check     = payment.DeliveryCheck
	paymentID = "pay_1"
)

var (
	allStates = []payment.State{sC, sA, sP, sPC, sOC, sD, sM, sE, sF, sR}
	allEvents = []payment.Event{eOpened, ePP, ePC, eOC, eOD, eFailed, eExpire}
)

// testAmounts is R$ 540.00 -> 100 USDC -> US$ 99.90 gross -> US$ 99.00
// delivered, so the off-ramp fee is 90 cents.
func testAmounts() payment.Amounts {
	return payment.Amounts{
		Local:     money.Amount{Minor: 54_000, Currency: money.BRL},
		USDC:      money.Amount{Minor: 100_000_000, Currency: money.USDC},
		GrossUSD:  money.Amount{Minor: 9_990, Currency: money.USD},
		AmountUSD: money.Amount{Minor: 9_900, Currency: money.USD},
	}
}

func newPayment(s payment.State, d payment.Delivery) payment.Payment {
	return payment.Payment{ID: paymentID, State: s, Delivery: d, Amounts: testAmounts()}
}

// path is a shorthand for a list of states.
func path(s ...payment.State) []payment.State { return s }

// kinds is a shorthand for a list of ledger transaction kinds.
func kinds(k ...string) []string { return k }

// ledgerKinds lists the kinds of an outcome's ledger transactions, nil when
// there are none.
func ledgerKinds(out payment.Outcome) []string {
	var ks []string
	for _, tx := range out.Ledger {
		ks = append(ks, tx.Kind)
	}
	return ks
}

// run applies events in order the way the caller does: store To, keep the
// ledger. It fails the test on any error.
func run(t *testing.T, p payment.Payment, events ...payment.Event) (payment.Payment, []ledger.Transaction, []payment.Outcome) {
	t.Helper()
	var txs []ledger.Transaction
	var outs []payment.Outcome
	for _, ev := range events {
		out, err := payment.Apply(p, ev)
		if err != nil {
			t.Fatalf("Apply(%s, %s) error = %v", p.State, ev, err)
		}
		p.State = out.To
		txs = append(txs, out.Ledger...)
		outs = append(outs, out)
	}
	return p, txs, outs
}
