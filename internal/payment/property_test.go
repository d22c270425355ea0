package payment_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
)

// progressRank is the order the product promises, written out here rather
// than taken from the package so the test checks the code against the spec.
// The failure ends rank after every progress state and refunded last.
var progressRank = map[payment.State]int{
	sC: 0, sA: 1, sP: 2, sPC: 3, sOC: 4, sD: 5, sM: 5, sE: 6, sF: 6, sR: 7,
}

// randomAmounts makes consistent figures the way a quote would: USDC bought
// at an integer rate of local cents per dollar, gross USD truncated from the
// USDC, and a fee that is a one-cent rounding shortfall, zero, or up to 2%
// of gross, each a third of the time so every payout shape is exercised.
func randomAmounts(rng *rand.Rand) payment.Amounts {
	local := money.Amount{Minor: 1_000 + rng.Int64N(100_000_000), Currency: money.BRL}
	if rng.IntN(2) == 0 {
		local.Currency = money.MXN
	}
	rate := 400 + rng.Int64N(2_100)
	usdcMinor := local.Minor * 1_000_000 / rate
	gross := usdcMinor / 10_000
	var fee int64
	switch rng.IntN(3) {
	case 0:
		fee = -1 // rounding shortfall, topped up by Crebit
	case 1:
		fee = 0
	case 2:
		fee = 1 + rng.Int64N(gross/50+1)
	}
	return payment.Amounts{
		Local:     local,
		USDC:      money.Amount{Minor: usdcMinor, Currency: money.USDC},
		GrossUSD:  money.Amount{Minor: gross, Currency: money.USD},
		AmountUSD: money.Amount{Minor: gross - fee, Currency: money.USD},
	}
}

func TestRandomEventSequences(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(20240611, 7))
	endsSeen := make(map[payment.State]int)
	for i := range 2_000 {
		delivery := bank
		if rng.IntN(2) == 0 {
			delivery = check
		}
		p := payment.Payment{ID: fmt.Sprintf("pay_%d", i), State: sC, Delivery: delivery, Amounts: randomAmounts(rng)}
		events := make([]payment.Event, 1+rng.IntN(15))
		for j := range events {
			events[j] = allEvents[rng.IntN(len(allEvents))]
		}
		final, err := checkSequence(p, events)
		if err != nil {
			t.Fatalf("payment %+v, events %v: %v", p, events, err)
		}
		endsSeen[final]++
	}
	t.Logf("ends reached: %v", endsSeen)
	// The properties mean little unless every end is actually reached.
	for _, s := range []payment.State{sD, sM, sE, sF, sR} {
		if endsSeen[s] == 0 {
			t.Errorf("no random sequence ended in %s; ends seen: %v", s, endsSeen)
		}
	}
}

// checkSequence applies events to p and returns the final state, or the
// first broken property.
func checkSequence(p payment.Payment, events []payment.Event) (payment.State, error) {
	acct := ledger.PaymentAccount(p.ID)
	balances := make(map[accountCurrency]int64)
	var stored []ledger.StoredTransaction
	payeePostings := 0
	var payeeTotal int64
	for _, ev := range events {
		out, err := payment.Apply(p, ev)
		if err != nil {
			return p.State, fmt.Errorf("Apply(%s, %s): %w", p.State, ev, err)
		}
		if out.From != p.State {
			return p.State, fmt.Errorf("%s: From = %s, want %s", ev, out.From, p.State)
		}
		if out.Ignored && (out.To != p.State || len(out.Path) != 0 || len(out.Ledger) != 0 || out.Refund) {
			return p.State, fmt.Errorf("%s on %s: ignored outcome changes something: %+v", ev, p.State, out)
		}
		// (1) Every state entered ranks above the one before it.
		prev := p.State
		for _, s := range out.Path {
			if progressRank[s] <= progressRank[prev] || !payment.CanTransition(prev, s) {
				return p.State, fmt.Errorf("%s: step %s -> %s goes backwards or is not allowed", ev, prev, s)
			}
			prev = s
		}
		if prev != out.To {
			return p.State, fmt.Errorf("%s: path %v does not end with To %s", ev, out.Path, out.To)
		}
		// (2) Every transaction balances in every currency.
		for _, tx := range out.Ledger {
			perCurrency := make(map[money.Currency]int64)
			for _, e := range tx.Entries() {
				perCurrency[e.Currency] += e.Delta
				balances[accountCurrency{e.Account, e.Currency}] += e.Delta
			}
			for c, sum := range perCurrency {
				if sum != 0 {
					return p.State, fmt.Errorf("%s: %s transaction sums to %d %s", ev, tx.Kind, sum, c)
				}
			}
			for _, posting := range tx.Postings {
				if posting.Destination == ledger.PayeeAccount {
					payeePostings++
					payeeTotal += posting.Amount.Minor
				}
			}
			stored = append(stored, ledger.StoredTransaction{ID: fmt.Sprint(len(stored)), Entries: tx.Entries()})
		}
		p.State = out.To
		// (3) A finished payment's account is empty in every currency.
		if p.State.Terminal() {
			for _, c := range []money.Currency{money.BRL, money.MXN, money.USDC, money.USD} {
				if b := balances[accountCurrency{acct, c}]; b != 0 {
					return p.State, fmt.Errorf("%s: payment is %s but its account holds %d %s", ev, p.State, b, c)
				}
			}
		}
	}
	// (4) The payee gets AmountUSD exactly once, and only on success.
	success := p.State == sD || p.State == sM
	switch {
	case success && (payeePostings != 1 || payeeTotal != p.Amounts.AmountUSD.Minor):
		return p.State, fmt.Errorf("payee got %d postings totalling %d, want one of %d", payeePostings, payeeTotal, p.Amounts.AmountUSD.Minor)
	case !success && payeePostings != 0:
		return p.State, fmt.Errorf("payment is %s but the payee got %d postings", p.State, payeePostings)
	}
	// The ledger checker agrees with balances summed from the same entries.
	var rows []ledger.Balance
	for k, minor := range balances {
		rows = append(rows, ledger.Balance{Account: k.account, Currency: k.currency, Minor: minor})
	}
	if problems := ledger.Check(stored, rows); problems != nil {
		return p.State, fmt.Errorf("ledger.Check: %v", problems)
	}
	return p.State, nil
}

// accountCurrency keys the balances the test sums itself.
type accountCurrency struct {
	account  string
	currency money.Currency
}
