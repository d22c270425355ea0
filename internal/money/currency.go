// Package money holds exact monetary amounts and the single rounding
// function used anywhere on Crebit's money path.
//
// Amounts are integers of minor units (centavos, cents, micro-USDC) in an
// int64; rates are exact decimals held in *big.Rat. No binary floating point
// is used anywhere, because a float cannot represent 0.10 exactly and a
// payments product must reproduce every figure to the last minor unit.
//
// Every conversion from an exact rational value to a finite number of
// decimals goes through Round, with an explicit Rounding mode chosen by the
// caller, so that the direction of every rounding is visible at the call site.
package money

import (
	"errors"
	"fmt"
)

// Currency is an ISO-4217-style code for a currency Crebit handles. Only the
// constants below are valid; any other value is rejected by ParseCurrency,
// Parse and RoundAmount.
type Currency string

// The currencies Crebit moves. Fiat currencies use two decimals; USDC is
// accounted with the six decimals of its on-chain token, so that the USDC we
// buy and sell is tracked to the unit the chain settles in.
const (
	// BRL is the Brazilian real, paid in by Pix; minor unit 0.01 (centavo).
	BRL Currency = "BRL"
	// MXN is the Mexican peso, paid in by SPEI; minor unit 0.01 (centavo).
	MXN Currency = "MXN"
	// USD is the US dollar delivered to the beneficiary; minor unit 0.01.
	USD Currency = "USD"
	// USDC is the USD Coin stablecoin bridging the on- and off-ramp; minor
	// unit 0.000001, the token's on-chain precision.
	USDC Currency = "USDC"
)

// ErrCurrency reports a currency code that is not one of the constants of
// this package, or two amounts of different currencies combined together.
var ErrCurrency = errors.New("money: unknown or mismatched currency")

// Valid reports whether c is one of the currencies defined by this package.
func (c Currency) Valid() bool {
	switch c {
	case BRL, MXN, USD, USDC:
		return true
	}
	return false
}

// Scale returns the number of decimal digits of c's minor unit: 2 for BRL,
// MXN and USD, 6 for USDC. An Amount of c with Minor m is worth
// m * 10^-Scale() units of c.
//
// Scale panics on an invalid currency: silently guessing a scale would
// misstate an amount by orders of magnitude, and every value coming from
// outside the program is checked by ParseCurrency first.
func (c Currency) Scale() int {
	switch c {
	case BRL, MXN, USD:
		return 2
	case USDC:
		return 6
	}
	panic(fmt.Sprintf("money: Scale of invalid currency %q", string(c)))
}

// String returns the currency code, e.g. "BRL".
func (c Currency) String() string { return string(c) }

// ParseCurrency returns the Currency named by the code s. Matching is exact
// and case-sensitive ("brl" is rejected) so that one currency has exactly
// one spelling in storage and on the wire. Unknown codes yield an error
// wrapping ErrCurrency.
func ParseCurrency(s string) (Currency, error) {
	c := Currency(s)
	if !c.Valid() {
		return "", fmt.Errorf("%w: %q", ErrCurrency, clip(s))
	}
	return c, nil
}

// clip shortens untrusted input before it is echoed in an error message, so
// that a megabyte-long field cannot bloat logs.
func clip(s string) string {
	const max = 40
	if len(s) <= max {
		return s
	}
	return s[:max] + "..."
}
