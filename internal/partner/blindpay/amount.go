package blindpay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/crebit/crebit/internal/money"
)

// ErrCentavos refuses an MXN amount with centavos: BlindPay takes SPEI
// amounts in whole pesos and "rejects a sender amount with centavos"
// (https://blindpay.com/resources/more/accept-spei-payments-mexico.md).
var ErrCentavos = errors.New("blindpay: MXN amounts must be whole pesos")

// ToCents converts an exact Crebit amount to BlindPay's request_amount:
// an integer of hundredths of the currency or token ("1000 represents
// 10.00"), stablecoins included. BRL and USD pass their centavos and cents
// through. USDC, kept by Crebit in millionths, must be a whole number of
// cents (else money.ErrPrecision). MXN must be whole pesos: the result is
// then a multiple of 100, and an amount with centavos is refused with
// ErrCentavos rather than rounded, because the rounding direction decides
// who pays the difference and belongs to the caller (money.Round, before
// the quote is shown to the payer).
func ToCents(a money.Amount) (int64, error) {
	if !a.Currency.Valid() {
		return 0, fmt.Errorf("blindpay: amount %s: %w", a, money.ErrCurrency)
	}
	if a.Minor < 0 {
		return 0, fmt.Errorf("blindpay: amount %s %s is negative: %w", a, a.Currency, money.ErrRange)
	}
	shift := a.Currency.Scale() - 2 // digits Crebit keeps beyond hundredths
	div := int64(1)
	for range shift {
		div *= 10
	}
	if a.Minor%div != 0 {
		return 0, fmt.Errorf("blindpay: %s %s is not a whole number of hundredths: %w", a, a.Currency, money.ErrPrecision)
	}
	cents := a.Minor / div
	if a.Currency == money.MXN && cents%100 != 0 {
		return 0, fmt.Errorf("blindpay: MXN %s: %w", a, ErrCentavos)
	}
	return cents, nil
}

// FromCents converts an amount BlindPay states in hundredths (sender_amount,
// receiver_amount, flat_fee, ...) to an exact amount of cur. A value that is
// not a whole number of cur's minor units (a fraction of a cent for BRL)
// is an error rather than rounded: it means the field is not what we think.
func FromCents(n Number, cur money.Currency) (money.Amount, error) {
	if !cur.Valid() {
		return money.Amount{}, fmt.Errorf("blindpay: currency %q: %w", cur, money.ErrCurrency)
	}
	r, err := n.Rat()
	if err != nil {
		return money.Amount{}, err
	}
	r.Quo(r, big.NewRat(100, 1))
	if r.Sign() < 0 {
		return money.Amount{}, fmt.Errorf("blindpay: amount %s is negative: %w", n, money.ErrRange)
	}
	a, err := money.RoundAmount(r, cur, money.Down)
	if err != nil {
		return money.Amount{}, err
	}
	if a.Rat().Cmp(r) != 0 {
		return money.Amount{}, fmt.Errorf("blindpay: %s hundredths of %s is not a whole number of minor units: %w", n, cur, money.ErrPrecision)
	}
	return a, nil
}

// Number is a JSON number as BlindPay sent it, kept as its exact text so
// that no amount or rate passes through a float64. "" stands for null or
// absent. The spec types every response amount and rate as "number".
type Number string

// UnmarshalJSON accepts a JSON number or null, and (tolerating a vendor
// change) a string holding a JSON number.
func (n *Number) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		*n = ""
		return nil
	}
	if len(b) > 0 && (b[0] == '-' || b[0] >= '0' && b[0] <= '9') && json.Valid(b) {
		*n = Number(b) // a number, kept exactly as written
		return nil
	}
	// A string holding a number: json.Number takes it only if it is one.
	// (Unmarshal, not a Decoder: every amount of every body comes here,
	// and a Decoder's buffer was 5% of the server's allocations.)
	var v json.Number
	if err := json.Unmarshal(b, &v); err != nil {
		return fmt.Errorf("blindpay: %s is not a JSON number", clip(string(b)))
	}
	*n = Number(v)
	return nil
}

// MarshalJSON writes the number back exactly, or null.
func (n Number) MarshalJSON() ([]byte, error) {
	if n == "" {
		return []byte("null"), nil
	}
	return []byte(n), nil
}

// Valid reports whether a number was present.
func (n Number) Valid() bool { return n != "" }

// Rat returns the exact value.
func (n Number) Rat() (*big.Rat, error) {
	if n == "" {
		return nil, errors.New("blindpay: number is absent")
	}
	r, ok := new(big.Rat).SetString(string(n))
	if !ok {
		return nil, fmt.Errorf("blindpay: %q is not a number", clip(string(n)))
	}
	return r, nil
}

// Int64 returns the value when it is an integer that fits an int64.
func (n Number) Int64() (int64, error) {
	r, err := n.Rat()
	if err != nil {
		return 0, err
	}
	if !r.IsInt() || !r.Num().IsInt64() {
		return 0, fmt.Errorf("blindpay: %s is not an int64", n)
	}
	return r.Num().Int64(), nil
}

// msThreshold separates epoch seconds from epoch milliseconds: 10^12 ms is
// September 2001, 10^12 s is beyond year 33000.
const msThreshold = 1_000_000_000_000

// Time reads an epoch timestamp (expires_at). The docs say milliseconds and
// the spec's example is in seconds (docs/BLINDPAY.md, open question 4), so
// values from 10^12 up are read as milliseconds and smaller ones as seconds.
func (n Number) Time() (time.Time, error) {
	v, err := n.Int64()
	if err != nil {
		return time.Time{}, err
	}
	if v >= msThreshold {
		return time.UnixMilli(v).UTC(), nil
	}
	return time.Unix(v, 0).UTC(), nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
