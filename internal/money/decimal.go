package money

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
)

// Errors returned by Parse, ParseRate and RoundAmount. They are wrapped with
// the offending input, so test for them with errors.Is.
var (
	// ErrSyntax reports text that is not a plain unsigned decimal such as
	// "1234.5": empty strings, signs, exponents, spaces, "NaN", "Infinity",
	// hex, a lone "." or a trailing "." are all refused rather than guessed.
	ErrSyntax = errors.New("money: invalid decimal syntax")
	// ErrPrecision reports more significant fraction digits than the target
	// can hold; "16.505" USD is refused, never silently rounded.
	ErrPrecision = errors.New("money: too many decimal places")
	// ErrRange reports a value outside the representable range: an amount
	// overflowing int64 minor units, or a rate that is zero or too large.
	ErrRange = errors.New("money: value out of range")
)

// MaxRateDigits bounds both the integer and the significant fraction digits
// accepted by ParseRate. Eighteen decimals exceed any quotation a liquidity
// partner publishes while keeping the size of every *big.Rat derived from
// untrusted input small.
const MaxRateDigits = 18

// decimal is the validated text of a plain decimal: intPart has no leading
// zeros and fracPart has no trailing zeros, so both count significant digits.
type decimal struct {
	intPart, fracPart string
}

// parseDecimal accepts exactly: digits* ( "." digits+ )? with at least one
// digit overall. Anything else is ErrSyntax. Trailing zeros of the fraction
// are dropped because they carry no value: JSON encoders commonly emit
// "16.0" or "16.500" and those denote the exact amounts 16 and 16.5.
func parseDecimal(s string) (decimal, error) {
	intPart, fracPart, hasDot := strings.Cut(s, ".")
	if !allDigits(intPart) || !allDigits(fracPart) ||
		(hasDot && fracPart == "") || (intPart == "" && fracPart == "") {
		return decimal{}, fmt.Errorf("%w: %q", ErrSyntax, clip(s))
	}
	return decimal{
		intPart:  strings.TrimLeft(intPart, "0"),
		fracPart: strings.TrimRight(fracPart, "0"),
	}, nil
}

// allDigits reports whether s consists only of ASCII digits '0'-'9'; the
// empty string qualifies, emptiness is checked by the caller.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Parse converts a plain decimal string such as "1234.50" into an exact
// Amount of cur. The accepted grammar is digits* ("." digits+)?: ".5" is
// 0.50 but "5." is a syntax error. Fraction digits beyond cur's scale are
// accepted only when they are zeros ("16.500" USD is 16.50), because they do
// not change the value; a non-zero digit there yields ErrPrecision instead
// of being rounded, since the caller asked for an exact amount. Values whose
// minor units do not fit an int64 yield ErrRange, an unknown currency
// ErrCurrency. Negative amounts cannot be parsed: inputs are never negative.
func Parse(s string, cur Currency) (Amount, error) {
	if !cur.Valid() {
		return Amount{}, fmt.Errorf("%w: %q", ErrCurrency, clip(string(cur)))
	}
	d, err := parseDecimal(s)
	if err != nil {
		return Amount{}, err
	}
	scale := cur.Scale()
	if len(d.fracPart) > scale {
		return Amount{}, fmt.Errorf("%w: %q has more than %d decimals for %s",
			ErrPrecision, clip(s), scale, cur)
	}
	digits := d.intPart + d.fracPart + strings.Repeat("0", scale-len(d.fracPart))
	var minor int64
	for i := 0; i < len(digits); i++ {
		dig := int64(digits[i] - '0')
		if minor > (math.MaxInt64-dig)/10 {
			return Amount{}, fmt.Errorf("%w: %q overflows %s minor units",
				ErrRange, clip(s), cur)
		}
		minor = minor*10 + dig
	}
	return Amount{Minor: minor, Currency: cur}, nil
}

// ParseRate converts a plain decimal string such as "5.39" into an exact
// positive rational, for quotations and exchange rates. The grammar and the
// trailing-zero rule are those of Parse. At most MaxRateDigits integer
// digits (else ErrRange) and MaxRateDigits significant fraction digits (else
// ErrPrecision) are accepted; zero is ErrRange because a zero rate would
// price a payment at nothing or divide by zero.
func ParseRate(s string) (*big.Rat, error) {
	d, err := parseDecimal(s)
	if err != nil {
		return nil, err
	}
	if len(d.intPart) > MaxRateDigits {
		return nil, fmt.Errorf("%w: rate %q too large", ErrRange, clip(s))
	}
	if len(d.fracPart) > MaxRateDigits {
		return nil, fmt.Errorf("%w: rate %q has more than %d decimals",
			ErrPrecision, clip(s), MaxRateDigits)
	}
	num, ok := new(big.Int).SetString(d.intPart+d.fracPart, 10)
	if !ok || num.Sign() == 0 { // !ok only when both parts are empty: "0.0"
		return nil, fmt.Errorf("%w: rate %q must be positive", ErrRange, clip(s))
	}
	return new(big.Rat).SetFrac(num, pow10(len(d.fracPart))), nil
}

// pow10 returns 10^n as a new *big.Int, for n >= 0.
func pow10(n int) *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
}
