package pricing_test

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/pricing"
)

// TestEveryAcceptedQuoteCanFinish prices random amounts at random rates the
// way the service does (Price, then ComputeLegs) and drives every quote that
// is accepted through the whole lifecycle: it must reach completed, every
// ledger transaction must balance, the payment account must end empty and
// the payee must get exactly the quoted USD. Refused quotes must be refused
// only as ErrTooSmall.
func TestEveryAcceptedQuoteCanFinish(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(10, 2026))
	accepted, refused := 0, 0
	for i := range 20_000 {
		local := money.BRL
		on := big.NewRat(300+rng.Int64N(600), 100) // 3.00-8.99 BRL per USDC
		if rng.IntN(2) == 0 {
			local, on = money.MXN, big.NewRat(1400+rng.Int64N(1200), 100) // 14.00-25.99 MXN
		}
		off := big.NewRat(980+rng.Int64N(21), 1000) // 0.980-1.000 USD per USDC
		amount := money.Amount{Currency: money.USD}
		switch rng.IntN(3) {
		case 0:
			amount.Minor = 1 + rng.Int64N(300) // tiny: 0.01-3.00
		case 1:
			amount.Minor = 1 + rng.Int64N(10_000)
		default:
			amount.Minor = 1 + rng.Int64N(10_000_000) // up to the 100,000 maximum
		}
		in := pricing.Input{AmountUSD: amount, OnRampQuotation: on, OffRampQuotation: off, FeeBps: rng.Int64N(150), Local: local}
		b, err := pricing.Price(in)
		var legs pricing.Legs
		if err == nil {
			legs, err = pricing.ComputeLegs(b, on, off)
		}
		if err != nil {
			if !errors.Is(err, pricing.ErrTooSmall) {
				t.Fatalf("%+v: %v", in, err)
			}
			refused++
			continue
		}
		accepted++
		p := payment.Payment{ID: fmt.Sprintf("pay_%d", i), State: payment.StateCreated, Delivery: payment.DeliveryBankTransfer,
			Amounts: payment.Amounts{Local: b.TotalLocal, USDC: legs.USDC, GrossUSD: legs.GrossUSD, AmountUSD: amount}}
		var txs []ledger.Transaction
		for _, ev := range []payment.Event{payment.EventOpened, payment.EventPayinCompleted, payment.EventOfframpCreated, payment.EventOfframpCompleted} {
			out, err := payment.Apply(p, ev)
			if err != nil {
				t.Fatalf("%s USD at %s/%s %s: %v", amount, on.RatString(), off.RatString(), ev, err)
			}
			p.State, txs = out.To, append(txs, out.Ledger...)
		}
		if p.State != payment.StateCompleted {
			t.Fatalf("%s USD ended %s", amount, p.State)
		}
		sums := map[string]int64{}
		for _, tx := range txs {
			for _, e := range tx.Entries() {
				sums[e.Account+"/"+string(e.Currency)] += e.Delta
			}
		}
		for k, v := range sums {
			if strings.HasPrefix(k, ledger.PaymentAccount(p.ID)+"/") && v != 0 {
				t.Fatalf("%s USD: payment account %s ends at %d", amount, k, v)
			}
		}
		if got := sums[ledger.PayeeAccount+"/USD"]; got != amount.Minor {
			t.Fatalf("payee got %d, want %d", got, amount.Minor)
		}
	}
	if accepted < 15_000 || refused == 0 {
		t.Fatalf("accepted %d, refused %d: the generator does not exercise both sides", accepted, refused)
	}
}
