package pricing

import (
	"fmt"
	"math/big"

	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/money"
)

// Input is everything a quote depends on. The package doc comment gives the
// formulas; field comments give the units.
type Input struct {
	// AmountUSD is the USD that must arrive in the beneficiary's account;
	// positive, in USD. Being an Amount it has at most two decimals.
	AmountUSD money.Amount
	// OnRampQuotation is the local currency paid per USDC bought, e.g.
	// 5.39 BRL per USDC; positive.
	OnRampQuotation *big.Rat
	// OffRampQuotation is the USD received per USDC sold, e.g. 0.999;
	// positive.
	OffRampQuotation *big.Rat
	// FeeBps is the off-ramp fee in basis points of AmountUSD (50 = 0.5%);
	// non-negative. It is applied exactly, with no rounding of its own.
	FeeBps int64
	// FeeFixed is a flat off-ramp fee in USD, non-negative. The zero
	// Amount (no currency) is accepted as "no fixed fee".
	FeeFixed money.Amount
	// Local is the currency the payer pays in: BRL or MXN.
	Local money.Currency
	// WholeUnits rounds TotalLocal up to a whole unit of Local (the payer
	// pays under one unit more), for a partner that takes no cents: BlindPay
	// takes SPEI pay-ins in whole pesos only.
	WholeUnits bool
}

// Breakdown is a priced quote: the amounts shown to the payer and the
// USDC to be bought. All amounts are exact integers of minor units.
type Breakdown struct {
	// AmountUSD echoes Input.AmountUSD, the USD that will arrive.
	AmountUSD money.Amount
	// TotalLocal is what the payer pays: L* rounded down to the local minor
	// unit, so never more than exact and less by under one minor unit
	// (with WholeUnits: rounded up to a whole unit).
	TotalLocal money.Amount
	// TotalFeesUSD is the fee F rounded half-up to the cent; never negative.
	TotalFeesUSD money.Amount
	// USDC is the USDC to buy: U rounded up to 6 decimals, enough to pay
	// out AmountUSD plus fees at the off-ramp quotation.
	USDC money.Amount
	// EffectiveRate is TotalLocal / AmountUSD rounded half-up to RateScale
	// decimals, formatted with exactly RateScale decimals: "5.4224".
	EffectiveRate string
	// EffectiveRateRat is the same rounded rate as an exact rational
	// (54224/10000), for callers that compute with it.
	EffectiveRateRat *big.Rat
}

// Price computes the quote for in, following the formulas and rounding
// directions of the package doc comment. It returns an error wrapping
// ErrAmount, ErrCurrency, ErrQuotation or ErrFee for invalid input,
// ErrOverflow when an output does not fit int64 minor units, and
// ErrTooSmall when TotalLocal would round down to zero.
func Price(in Input) (Breakdown, error) {
	if err := in.validate(); err != nil {
		return Breakdown{}, err
	}
	amount := in.AmountUSD.Rat()
	fee := new(big.Rat).Mul(amount, big.NewRat(in.FeeBps, bpsPerUnit)) // A*b/10000
	if in.FeeFixed.Minor != 0 {
		fee.Add(fee, in.FeeFixed.Rat()) // + Ff
	}
	gross := new(big.Rat).Add(amount, fee)               // G = A + F
	usdc := new(big.Rat).Quo(gross, in.OffRampQuotation) // U = G / q_off
	local := new(big.Rat).Mul(usdc, in.OnRampQuotation)  // L* = U * q_on

	totalLocal, err := money.RoundAmount(local, in.Local, money.Down)
	if err != nil {
		return Breakdown{}, fmt.Errorf("%w: total local: %w", ErrOverflow, err)
	}
	if in.WholeUnits {
		unit := int64(1)
		for range in.Local.Scale() {
			unit *= 10
		}
		exact, err := money.RoundAmount(local, in.Local, money.Up)
		if err != nil {
			return Breakdown{}, fmt.Errorf("%w: total local: %w", ErrOverflow, err)
		}
		totalLocal = money.Amount{Minor: (exact.Minor + unit - 1) / unit * unit, Currency: in.Local}
	}
	if totalLocal.IsZero() {
		return Breakdown{}, fmt.Errorf("%w: %s USD prices below 0.01 %s",
			ErrTooSmall, in.AmountUSD, in.Local)
	}
	fees, err := money.RoundAmount(fee, money.USD, money.HalfUp)
	if err != nil {
		return Breakdown{}, fmt.Errorf("%w: fees: %w", ErrOverflow, err)
	}
	usdcAmount, err := money.RoundAmount(usdc, money.USDC, money.Up)
	if err != nil {
		return Breakdown{}, fmt.Errorf("%w: USDC: %w", ErrOverflow, err)
	}
	// The effective rate is derived from the rounded total the payer sees.
	rate := new(big.Rat).Quo(totalLocal.Rat(), amount)
	rateUnits := money.Round(rate, RateScale, money.HalfUp)
	return Breakdown{
		AmountUSD:        in.AmountUSD,
		TotalLocal:       totalLocal,
		TotalFeesUSD:     fees,
		USDC:             usdcAmount,
		EffectiveRate:    money.FormatRat(rate, RateScale, money.HalfUp),
		EffectiveRateRat: new(big.Rat).SetFrac(rateUnits, rateDenom()),
	}, nil
}

// validate checks every field of in, returning the first problem found.
func (in Input) validate() error {
	if in.AmountUSD.Currency != money.USD {
		return fmt.Errorf("%w: amount in %q, want USD", ErrCurrency, string(in.AmountUSD.Currency))
	}
	if !in.AmountUSD.IsPositive() {
		return fmt.Errorf("%w: %s USD", ErrAmount, in.AmountUSD)
	}
	if err := ValidateRates(in.OnRampQuotation, in.OffRampQuotation, in.FeeBps); err != nil {
		return err
	}
	if in.FeeFixed != (money.Amount{}) {
		if in.FeeFixed.Currency != money.USD {
			return fmt.Errorf("%w: fixed fee in %q, want USD", ErrCurrency, string(in.FeeFixed.Currency))
		}
		if in.FeeFixed.Minor < 0 {
			return fmt.Errorf("%w: fixed fee %s USD", ErrFee, in.FeeFixed)
		}
	}
	if _, ok := corridor.ByCurrency(in.Local); ok {
		return nil
	}
	return fmt.Errorf("%w: local currency %q is no corridor's", ErrCurrency, string(in.Local))
}

// rateDenom returns 10^RateScale, the denominator of a displayed rate.
func rateDenom() *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(RateScale), nil)
}
