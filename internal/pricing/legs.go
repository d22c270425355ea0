package pricing

import (
	"fmt"
	"math/big"

	"github.com/crebit/crebit/internal/money"
)

// Legs is what actually happens to the payer's money once it arrives: the
// partner buys USDC with TotalLocal (rounded down to 6 places) and sells
// that USDC for USD (rounded down to cents). The ledger posts these
// amounts, so they are fixed when the quote is made.
type Legs struct {
	USDC     money.Amount // USDC bought with TotalLocal
	GrossUSD money.Amount // USD the off-ramp pays for USDC, before its fee
}

// ComputeLegs returns the legs of a priced quote. It returns an error
// wrapping ErrTooSmall when a leg rounds to zero or when GrossUSD falls
// short of AmountUSD by more than the one cent Crebit absorbs: such a
// payment could be paid in but never finish, so it must not be offered.
func ComputeLegs(b Breakdown, onRamp, offRamp *big.Rat) (Legs, error) {
	usdc, err := money.RoundAmount(new(big.Rat).Quo(b.TotalLocal.Rat(), onRamp), money.USDC, money.Down)
	if err != nil {
		return Legs{}, fmt.Errorf("%w: USDC: %w", ErrOverflow, err)
	}
	gross, err := money.RoundAmount(new(big.Rat).Mul(usdc.Rat(), offRamp), money.USD, money.Down)
	if err != nil {
		return Legs{}, fmt.Errorf("%w: gross USD: %w", ErrOverflow, err)
	}
	switch {
	case !usdc.IsPositive():
		return Legs{}, fmt.Errorf("%w: %s %s buys no USDC", ErrTooSmall, b.TotalLocal, b.TotalLocal.Currency)
	case !gross.IsPositive():
		return Legs{}, fmt.Errorf("%w: %s USDC sells for less than 0.01 USD", ErrTooSmall, usdc)
	case b.AmountUSD.Minor-gross.Minor > MaxShortfallCents:
		return Legs{}, fmt.Errorf("%w: gross %s USD is short of %s USD by more than a cent", ErrTooSmall, gross, b.AmountUSD)
	}
	return Legs{USDC: usdc, GrossUSD: gross}, nil
}

// MaxShortfallCents is the most Crebit tops up when GrossUSD is short of
// AmountUSD (package payment refuses more); TotalLocal rounds down, so a
// shortfall of one cent is normal.
const MaxShortfallCents = 1
