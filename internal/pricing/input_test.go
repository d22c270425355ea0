package pricing_test

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/pricing"
)

// validInput is a correct 100 USD BRL quote with the default rates, which
// each error case below breaks in exactly one way.
func validInput(t testing.TB) pricing.Input {
	return quote{amount: "100", on: defaultOnBRL, off: defaultOff, bps: defaultBps,
		fixed: "0", local: money.BRL}.input(t)
}

func TestPriceErrors(t *testing.T) {
	tests := []struct {
		name   string
		modify func(*pricing.Input)
		want   error
	}{
		{"zero amount", func(in *pricing.Input) { in.AmountUSD = money.New(0, money.USD) }, pricing.ErrAmount},
		{"negative amount", func(in *pricing.Input) { in.AmountUSD = money.New(-1, money.USD) }, pricing.ErrAmount},
		{"amount in BRL", func(in *pricing.Input) { in.AmountUSD = money.New(100, money.BRL) }, pricing.ErrCurrency},
		{"amount in USDC", func(in *pricing.Input) { in.AmountUSD = money.New(100, money.USDC) }, pricing.ErrCurrency},
		{"zero-value amount", func(in *pricing.Input) { in.AmountUSD = money.Amount{} }, pricing.ErrCurrency},
		{"nil on-ramp", func(in *pricing.Input) { in.OnRampQuotation = nil }, pricing.ErrQuotation},
		{"zero on-ramp", func(in *pricing.Input) { in.OnRampQuotation = new(big.Rat) }, pricing.ErrQuotation},
		{"negative on-ramp", func(in *pricing.Input) { in.OnRampQuotation = big.NewRat(-539, 100) }, pricing.ErrQuotation},
		{"nil off-ramp", func(in *pricing.Input) { in.OffRampQuotation = nil }, pricing.ErrQuotation},
		{"zero off-ramp", func(in *pricing.Input) { in.OffRampQuotation = new(big.Rat) }, pricing.ErrQuotation},
		{"negative off-ramp", func(in *pricing.Input) { in.OffRampQuotation = big.NewRat(-1, 1) }, pricing.ErrQuotation},
		{"negative bps", func(in *pricing.Input) { in.FeeBps = -1 }, pricing.ErrFee},
		{"negative fixed fee", func(in *pricing.Input) { in.FeeFixed = money.New(-1, money.USD) }, pricing.ErrFee},
		{"fixed fee in BRL", func(in *pricing.Input) { in.FeeFixed = money.New(100, money.BRL) }, pricing.ErrCurrency},
		{"local USD", func(in *pricing.Input) { in.Local = money.USD }, pricing.ErrCurrency},
		{"local USDC", func(in *pricing.Input) { in.Local = money.USDC }, pricing.ErrCurrency},
		{"local empty", func(in *pricing.Input) { in.Local = "" }, pricing.ErrCurrency},
		{"local unknown", func(in *pricing.Input) { in.Local = "EUR" }, pricing.ErrCurrency},
		// 0.01 USD at 0.5 local per USDC and par off-ramp: L* = 0.005 -> 0.00.
		{"rounds to zero", func(in *pricing.Input) {
			in.AmountUSD = money.New(1, money.USD)
			in.OnRampQuotation, in.OffRampQuotation, in.FeeBps = big.NewRat(1, 2), big.NewRat(1, 1), 0
		}, pricing.ErrTooSmall},
		// Largest USD amount: L* = 9.2e16 * 5.42 BRL does not fit int64 centavos.
		{"total overflow", func(in *pricing.Input) { in.AmountUSD = money.New(math.MaxInt64, money.USD) }, pricing.ErrOverflow},
		// 1e13 USD fits in cents and BRL centavos (5.4e15), but U*10^6 ~ 1e19 micro-USDC does not.
		{"USDC overflow", func(in *pricing.Input) {
			in.AmountUSD = money.New(1_000_000_000_000_000, money.USD)
		}, pricing.ErrOverflow},
		// MaxInt64 bps makes F ~ 9.2e16 USD, so L* ~ 5e17 BRL overflows int64 centavos.
		{"huge bps", func(in *pricing.Input) { in.FeeBps = math.MaxInt64 }, pricing.ErrOverflow},
		// With a tiny on-ramp quotation L* fits, but F ~ 9.2e17 USD does not fit in cents.
		{"fee overflow", func(in *pricing.Input) {
			in.AmountUSD, in.FeeBps = money.New(100_000, money.USD), math.MaxInt64
			in.OnRampQuotation = big.NewRat(1, 1_000_000)
		}, pricing.ErrOverflow},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := validInput(t)
			tc.modify(&in)
			b, err := pricing.Price(in)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Price error = %v, want %v", err, tc.want)
			}
			if b != (pricing.Breakdown{}) {
				t.Errorf("Price returned a non-zero Breakdown with an error: %+v", b)
			}
		})
	}
	// Overflow errors also carry money.ErrRange for callers matching on it.
	in := validInput(t)
	in.AmountUSD = money.New(math.MaxInt64, money.USD)
	if _, err := pricing.Price(in); !errors.Is(err, money.ErrRange) {
		t.Errorf("overflow error %v does not wrap money.ErrRange", err)
	}
}

// TestPriceZeroValueFixedFee checks that an unset FeeFixed means no fixed
// fee, giving the same quote as an explicit 0.00 USD.
func TestPriceZeroValueFixedFee(t *testing.T) {
	in := validInput(t)
	explicit, err := pricing.Price(in)
	if err != nil {
		t.Fatal(err)
	}
	in.FeeFixed = money.Amount{}
	unset, err := pricing.Price(in)
	if err != nil {
		t.Fatal(err)
	}
	if explicit.TotalLocal != unset.TotalLocal || explicit.EffectiveRate != unset.EffectiveRate {
		t.Errorf("explicit zero fee %+v != unset fee %+v", explicit, unset)
	}
}

// TestPriceDoesNotModifyInput guards the quotations, which callers share
// between requests, against being mutated by the big.Rat arithmetic.
func TestPriceDoesNotModifyInput(t *testing.T) {
	in := validInput(t)
	on, off := new(big.Rat).Set(in.OnRampQuotation), new(big.Rat).Set(in.OffRampQuotation)
	if _, err := pricing.Price(in); err != nil {
		t.Fatal(err)
	}
	if in.OnRampQuotation.Cmp(on) != 0 || in.OffRampQuotation.Cmp(off) != 0 {
		t.Errorf("Price modified its quotations: %s %s", in.OnRampQuotation, in.OffRampQuotation)
	}
}
