package money

import (
	"fmt"
	"math/big"
)

// Rounding selects how Round resolves a value that falls between two
// representable decimals. There is deliberately no default: the zero value
// is invalid and makes Round panic, so that every call site states whose
// favour a rounding is in.
type Rounding int

// The rounding modes. "Toward zero" and "away from zero" are defined on the
// magnitude, so for the non-negative values of the money path Down is the
// floor and Up is the ceiling.
const (
	// Down truncates toward zero: floor for x >= 0, ceiling for x < 0.
	// Used where the payer must not be charged a fraction more than exact.
	Down Rounding = iota + 1
	// Up rounds away from zero: ceiling for x >= 0, floor for x < 0.
	// Used where a quantity must be sufficient, e.g. USDC to be bought.
	Up
	// HalfUp rounds to the nearest value, ties away from zero (2.5 -> 3,
	// -2.5 -> -3); the usual commercial rounding for displayed figures.
	HalfUp
	// HalfEven rounds to the nearest value, ties to the even neighbour
	// (2.5 -> 2, 3.5 -> 4); unbiased over many roundings.
	HalfEven
)

// String returns the name of the mode, e.g. "HalfUp".
func (m Rounding) String() string {
	switch m {
	case Down:
		return "Down"
	case Up:
		return "Up"
	case HalfUp:
		return "HalfUp"
	case HalfEven:
		return "HalfEven"
	}
	return fmt.Sprintf("Rounding(%d)", int(m))
}

// Round returns x rounded to scale decimals in the given mode, as the
// integer number of units of 10^-scale: Round(1.2345, 2, HalfUp) is 123,
// meaning 1.23. It is the only place where an exact value loses precision,
// so every rounding in Crebit has one implementation and one set of tests.
// x is not modified. Round panics if x is nil, scale is negative or mode is
// not one of the constants: all three are programming errors.
func Round(x *big.Rat, scale int, mode Rounding) *big.Int {
	if x == nil || scale < 0 || mode < Down || mode > HalfEven {
		panic(fmt.Sprintf("money: Round(x=%v, scale=%d, mode=%v): invalid argument",
			x, scale, mode))
	}
	// x * 10^scale = num/den exactly; den > 0 by big.Rat's invariant.
	num := new(big.Int).Mul(x.Num(), pow10(scale))
	den := x.Denom()
	// QuoRem truncates toward zero and gives rem the sign of num, so q is
	// already the Down result and |rem| < den measures what was cut off.
	q, rem := new(big.Int).QuoRem(num, den, new(big.Int))
	if rem.Sign() == 0 {
		return q
	}
	away := false // whether to move q one unit away from zero
	switch mode {
	case Down:
	case Up:
		away = true
	case HalfUp, HalfEven:
		// Compare the cut-off fraction |rem|/den with one half.
		twice := new(big.Int).Abs(rem)
		c := twice.Lsh(twice, 1).Cmp(den)
		away = c > 0 || (c == 0 && (mode == HalfUp || q.Bit(0) == 1))
	}
	if away {
		q.Add(q, big.NewInt(int64(num.Sign())))
	}
	return q
}

// RoundAmount rounds x (in whole units of cur) to cur's minor unit with
// mode, as Round does, and returns it as an Amount. It returns an error
// wrapping ErrCurrency for an invalid currency and ErrRange when the result
// does not fit an int64 of minor units.
func RoundAmount(x *big.Rat, cur Currency, mode Rounding) (Amount, error) {
	if !cur.Valid() {
		return Amount{}, fmt.Errorf("%w: %q", ErrCurrency, clip(string(cur)))
	}
	n := Round(x, cur.Scale(), mode)
	if !n.IsInt64() {
		return Amount{}, fmt.Errorf("%w: %s %s does not fit in int64 minor units",
			ErrRange, formatMinor(n, cur.Scale()), cur)
	}
	return Amount{Minor: n.Int64(), Currency: cur}, nil
}

// FormatRat formats x with exactly scale decimals after rounding it with
// mode, e.g. FormatRat(5.42237..., 4, HalfUp) == "5.4224". Negative results
// carry a leading "-"; a value that rounds to zero prints without a sign.
// It panics under the same conditions as Round.
func FormatRat(x *big.Rat, scale int, mode Rounding) string {
	return formatMinor(Round(x, scale, mode), scale)
}
