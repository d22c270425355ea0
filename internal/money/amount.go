package money

import (
	"fmt"
	"math/big"
	"strings"
)

// Amount is an exact quantity of one currency, counted in integer minor
// units: Amount{Minor: 123450, Currency: BRL} is R$ 1234.50 and
// Amount{Minor: 1500000, Currency: USDC} is 1.5 USDC. The zero value has no
// currency and is not a valid amount; build amounts with New, Parse or
// RoundAmount.
type Amount struct {
	// Minor is the value in units of 10^-Currency.Scale().
	Minor int64
	// Currency gives the meaning and the scale of Minor.
	Currency Currency
}

// New returns the amount of minor units of cur. It panics if cur is not a
// valid currency: currencies in code are constants, and text from outside
// is checked with ParseCurrency or Parse, so an invalid one is a bug.
func New(minor int64, cur Currency) Amount {
	if !cur.Valid() {
		panic(fmt.Sprintf("money: New with invalid currency %q", string(cur)))
	}
	return Amount{Minor: minor, Currency: cur}
}

// Add returns a+b. It returns an error wrapping ErrCurrency if the
// currencies differ and ErrRange if the sum overflows int64, rather than
// wrapping around: a silently wrapped balance is worse than a failure.
func (a Amount) Add(b Amount) (Amount, error) {
	if err := a.sameCurrency(b); err != nil {
		return Amount{}, err
	}
	s := a.Minor + b.Minor
	if (s > a.Minor) != (b.Minor > 0) {
		return Amount{}, fmt.Errorf("%w: %s + %s overflows", ErrRange, a, b)
	}
	return Amount{Minor: s, Currency: a.Currency}, nil
}

// Sub returns a-b, with the same currency and overflow errors as Add.
func (a Amount) Sub(b Amount) (Amount, error) {
	if err := a.sameCurrency(b); err != nil {
		return Amount{}, err
	}
	d := a.Minor - b.Minor
	if (d < a.Minor) != (b.Minor > 0) {
		return Amount{}, fmt.Errorf("%w: %s - %s overflows", ErrRange, a, b)
	}
	return Amount{Minor: d, Currency: a.Currency}, nil
}

// Cmp compares a and b and returns -1, 0 or +1. It panics if the
// currencies differ, because ordering BRL against USD is meaningless and can
// only come from a programming error.
func (a Amount) Cmp(b Amount) int {
	if err := a.sameCurrency(b); err != nil {
		panic(err.Error())
	}
	switch {
	case a.Minor < b.Minor:
		return -1
	case a.Minor > b.Minor:
		return 1
	}
	return 0
}

// IsZero reports whether a is exactly zero.
func (a Amount) IsZero() bool { return a.Minor == 0 }

// IsPositive reports whether a is strictly greater than zero.
func (a Amount) IsPositive() bool { return a.Minor > 0 }

// Rat returns the exact value of a in whole currency units as a new
// *big.Rat (Minor / 10^scale), for arithmetic that must not round early.
func (a Amount) Rat() *big.Rat {
	return new(big.Rat).SetFrac(big.NewInt(a.Minor), pow10(a.Currency.Scale()))
}

// String formats a with exactly its currency's scale and no currency code or
// thousands separators: "1234.50", "0.05", "-3.10", "1.500000" (USDC). The
// text is exact and is accepted back by Parse when non-negative. An Amount
// with an invalid currency formats as a diagnostic instead of panicking.
func (a Amount) String() string {
	if !a.Currency.Valid() {
		return fmt.Sprintf("%d(invalid currency %q)", a.Minor, string(a.Currency))
	}
	return formatMinor(new(big.Int).SetInt64(a.Minor), a.Currency.Scale())
}

// MarshalJSON encodes a as a JSON number with the currency's fixed scale,
// e.g. 5420.50. The text is produced from the integer minor units, so it is
// exact; it is never converted through a float. The currency is not encoded:
// API fields carry it in their name or in a sibling field.
func (a Amount) MarshalJSON() ([]byte, error) {
	if !a.Currency.Valid() {
		return nil, fmt.Errorf("%w: marshal amount with currency %q",
			ErrCurrency, string(a.Currency))
	}
	return []byte(a.String()), nil
}

// sameCurrency returns an ErrCurrency error unless a and b share a valid
// currency.
func (a Amount) sameCurrency(b Amount) error {
	if a.Currency != b.Currency || !a.Currency.Valid() {
		return fmt.Errorf("%w: %q and %q", ErrCurrency,
			string(a.Currency), string(b.Currency))
	}
	return nil
}

// formatMinor renders n units of 10^-scale as a fixed-point decimal with
// exactly scale fraction digits (none and no point when scale is 0).
func formatMinor(n *big.Int, scale int) string {
	sign := ""
	digits := n.String()
	if n.Sign() < 0 {
		sign, digits = "-", digits[1:]
	}
	if scale == 0 {
		return sign + digits
	}
	if len(digits) <= scale {
		digits = strings.Repeat("0", scale-len(digits)+1) + digits
	}
	cut := len(digits) - scale
	return sign + digits[:cut] + "." + digits[cut:]
}
