package pricing_test

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/pricing"
)

// randomQuotes is the number of random quotes checked by TestPriceInvariants.
const randomQuotes = 20000

// decimalRat returns n / 10^k exactly: test quotations are built from
// integers, never from binary floating point.
func decimalRat(n int64, k int) *big.Rat {
	return new(big.Rat).SetFrac(big.NewInt(n), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil))
}

// randomInput draws a quote: amounts of 1 cent to 100 million USD with a
// uniformly random number of digits, on-ramp quotations of 1 to 100 local
// per USDC (1 in 20 below 0.1, to reach ErrTooSmall), off-ramp quotations
// of 0.9 to 1.1 USD per USDC, each with 0 to 9 decimals, fees of 0 to
// 1000 bps and, half the time, a fixed fee of up to 10 USD.
func randomInput(rng *rand.Rand) pricing.Input {
	digits := rng.IntN(10) + 1
	cents := rng.Int64N(pow10(digits)-1) + 1
	k := rng.IntN(10)
	on := decimalRat(pow10(k)+rng.Int64N(99*pow10(k)+1), k)
	if rng.IntN(20) == 0 {
		on = decimalRat(rng.Int64N(100)+1, 3)
	}
	k = rng.IntN(10)
	off := decimalRat(9*pow10(k)+rng.Int64N(2*pow10(k)+1), k+1)
	var fixed money.Amount // zero value: no fixed fee
	if rng.IntN(2) == 0 {
		fixed = money.New(rng.Int64N(1001), money.USD)
	}
	local := money.BRL
	if rng.IntN(2) == 0 {
		local = money.MXN
	}
	return pricing.Input{
		AmountUSD:        money.New(cents, money.USD),
		OnRampQuotation:  on,
		OffRampQuotation: off,
		FeeBps:           rng.Int64N(1001),
		FeeFixed:         fixed,
		Local:            local,
	}
}

// pow10 returns 10^n for small n.
func pow10(n int) int64 {
	p := int64(1)
	for range n {
		p *= 10
	}
	return p
}

// TestPriceInvariants recomputes every quote exactly, independently of
// Price, and checks the guarantees of the package doc comment.
func TestPriceInvariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(20240601, 42))
	cent := big.NewRat(1, 100)        // one local minor unit, and one US cent
	micro := big.NewRat(1, 1_000_000) // one micro-USDC
	tooSmall := 0
	for i := range randomQuotes {
		in := randomInput(rng)
		a := in.AmountUSD.Rat()
		fee := new(big.Rat).Mul(a, big.NewRat(in.FeeBps, 10000))
		if in.FeeFixed.Minor != 0 {
			fee.Add(fee, in.FeeFixed.Rat())
		}
		gross := new(big.Rat).Add(a, fee)
		u := new(big.Rat).Quo(gross, in.OffRampQuotation)
		exact := new(big.Rat).Mul(u, in.OnRampQuotation) // L*

		b, err := pricing.Price(in)
		if errors.Is(err, pricing.ErrTooSmall) {
			// (5) Refused only when L* really is below one minor unit.
			if exact.Cmp(cent) >= 0 {
				t.Fatalf("#%d: ErrTooSmall but L* = %s", i, exact.RatString())
			}
			tooSmall++
			continue
		}
		if err != nil {
			t.Fatalf("#%d: %+v: %v", i, in, err)
		}
		total := b.TotalLocal.Rat()
		// (1) TotalLocal <= L* < TotalLocal + one minor unit.
		if total.Cmp(exact) > 0 || new(big.Rat).Add(total, cent).Cmp(exact) <= 0 {
			t.Fatalf("#%d: TotalLocal %s vs L* %s", i, b.TotalLocal, exact.RatString())
		}
		// (2) TotalLocal buys G minus less than one local minor unit's worth of USD.
		bought := new(big.Rat).Quo(total, in.OnRampQuotation)
		bought.Mul(bought, in.OffRampQuotation)
		shortfall := new(big.Rat).Sub(gross, bought)
		unitWorth := new(big.Rat).Quo(cent, in.OnRampQuotation)
		unitWorth.Mul(unitWorth, in.OffRampQuotation)
		if shortfall.Sign() < 0 || shortfall.Cmp(unitWorth) >= 0 {
			t.Fatalf("#%d: shortfall %s USD, one minor unit is worth %s", i, shortfall.RatString(), unitWorth.RatString())
		}
		// (3) Fees are non-negative and within half a cent of exact.
		feeErr := new(big.Rat).Sub(b.TotalFeesUSD.Rat(), fee)
		if b.TotalFeesUSD.Minor < 0 || feeErr.Abs(feeErr).Cmp(big.NewRat(1, 200)) > 0 {
			t.Fatalf("#%d: fees %s vs exact %s", i, b.TotalFeesUSD, fee.RatString())
		}
		// (4) |EffectiveRate - TotalLocal/AmountUSD| <= 0.00005, string and Rat agree.
		rateErr := new(big.Rat).Sub(b.EffectiveRateRat, new(big.Rat).Quo(total, a))
		if rateErr.Abs(rateErr).Cmp(big.NewRat(5, 100000)) > 0 {
			t.Fatalf("#%d: rate %s vs %s/%s", i, b.EffectiveRate, b.TotalLocal, b.AmountUSD)
		}
		if r, err := money.ParseRate(b.EffectiveRate); err != nil || r.Cmp(b.EffectiveRateRat) != 0 {
			t.Fatalf("#%d: EffectiveRate %q != EffectiveRateRat %s", i, b.EffectiveRate, b.EffectiveRateRat.RatString())
		}
		// (5) A payment is never zero, and TotalLocal is in the local currency.
		if !b.TotalLocal.IsPositive() || b.TotalLocal.Currency != in.Local {
			t.Fatalf("#%d: TotalLocal %s %s", i, b.TotalLocal, b.TotalLocal.Currency)
		}
		// USDC covers U: U <= USDC < U + 1 micro-USDC.
		usdc := b.USDC.Rat()
		if usdc.Cmp(u) < 0 || new(big.Rat).Sub(usdc, micro).Cmp(u) >= 0 {
			t.Fatalf("#%d: USDC %s vs U %s", i, b.USDC, u.RatString())
		}
		if b.AmountUSD != in.AmountUSD {
			t.Fatalf("#%d: AmountUSD %s echoed as %s", i, in.AmountUSD, b.AmountUSD)
		}
	}
	if tooSmall == 0 || tooSmall > randomQuotes/10 {
		t.Errorf("%d of %d quotes were too small; the generator is off", tooSmall, randomQuotes)
	}
}
