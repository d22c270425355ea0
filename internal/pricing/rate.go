package pricing

import (
	"fmt"
	"math/big"

	"github.com/crebit/crebit/internal/money"
)

// ValidateRates checks the rate inputs shared by Price and Indicative: both
// quotations present and positive, and a non-negative basis-point fee. It
// returns an error wrapping ErrQuotation or ErrFee.
func ValidateRates(onRamp, offRamp *big.Rat, feeBps int64) error {
	if onRamp == nil || onRamp.Sign() <= 0 {
		return fmt.Errorf("%w: on-ramp %v", ErrQuotation, ratText(onRamp))
	}
	if offRamp == nil || offRamp.Sign() <= 0 {
		return fmt.Errorf("%w: off-ramp %v", ErrQuotation, ratText(offRamp))
	}
	if feeBps < 0 {
		return fmt.Errorf("%w: %d bps", ErrFee, feeBps)
	}
	return nil
}

// ratText renders a possibly nil rational exactly, for error messages.
func ratText(r *big.Rat) string {
	if r == nil {
		return "<nil>"
	}
	return r.RatString()
}

// Indicative returns the all-in local-per-USD rate of a quote without a
// fixed fee, as shown before the payer enters an amount:
//
//	q_on / q_off * (1 + feeBps/10000), rounded half-up to RateScale decimals
//
// e.g. Indicative(5.39, 0.999, 50) == "5.4224" BRL per USD. It is exactly
// L*/A of Price when FeeFixed is zero, so it is what a large quote costs per
// USD before TotalLocal is rounded down; EffectiveRate of small quotes
// can be lower by up to 0.01/A because of that rounding.
//
// Indicative panics unless ValidateRates(onRamp, offRamp, feeBps) returns
// nil: quotations come from validated configuration, and publishing a rate
// computed from a missing or zero quotation must fail loudly rather than
// show a wrong price.
func Indicative(onRamp, offRamp *big.Rat, feeBps int64) string {
	if err := ValidateRates(onRamp, offRamp, feeBps); err != nil {
		panic("pricing: Indicative: " + err.Error())
	}
	rate := new(big.Rat).Quo(onRamp, offRamp)
	rate.Mul(rate, feeMultiplier(feeBps))
	return money.FormatRat(rate, RateScale, money.HalfUp)
}

// IndicativeReverse returns the local currency received per USD sent in the
// reverse direction, with the basis-point fee taken out of the quotation:
//
//	quotation * (1 - feeBps/10000), rounded half-up to RateScale decimals
//
// e.g. IndicativeReverse(5.39, 50) == "5.3631" (5.36305 rounds half-up).
//
// It panics unless quotation is positive and 0 <= feeBps <= 10000: a fee
// above 100% would publish a negative rate, and like Indicative the inputs
// come from validated configuration.
func IndicativeReverse(quotation *big.Rat, feeBps int64) string {
	if quotation == nil || quotation.Sign() <= 0 {
		panic(fmt.Sprintf("pricing: IndicativeReverse: %v: %s", ErrQuotation, ratText(quotation)))
	}
	if feeBps < 0 || feeBps > bpsPerUnit {
		panic(fmt.Sprintf("pricing: IndicativeReverse: %v: %d bps outside [0, %d]",
			ErrFee, feeBps, bpsPerUnit))
	}
	keep := big.NewRat(bpsPerUnit-feeBps, bpsPerUnit) // 1 - feeBps/10000
	rate := new(big.Rat).Mul(quotation, keep)
	return money.FormatRat(rate, RateScale, money.HalfUp)
}

// feeMultiplier returns 1 + feeBps/10000 exactly, the factor by which a
// basis-point fee scales the USD the off-ramp must pay out.
func feeMultiplier(feeBps int64) *big.Rat {
	m := big.NewRat(feeBps, bpsPerUnit)
	return m.Add(m, big.NewRat(1, 1))
}
