package money_test

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/crebit/crebit/internal/money"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		cur  money.Currency
		want int64 // minor units when err is nil
		err  error
	}{
		{"0", money.USD, 0, nil},
		{"1234.50", money.BRL, 123450, nil},
		{"1234.5", money.BRL, 123450, nil},
		{".5", money.USD, 50, nil},
		{"0.01", money.MXN, 1, nil},
		{"16.500", money.USD, 1650, nil}, // zeros beyond scale carry no value
		{"16.0", money.USD, 1600, nil},   // as JSON encoders emit
		{"16.00000000000000000000", money.USD, 1600, nil},
		{"007.50", money.USD, 750, nil},
		{"1.000000", money.USDC, 1000000, nil},
		{"1.123456", money.USDC, 1123456, nil},
		{"0.000001", money.USDC, 1, nil},
		{"92233720368547758.07", money.USD, math.MaxInt64, nil},
		{"92233720368547758.070", money.USD, math.MaxInt64, nil},
		{"9223372036854.775807", money.USDC, math.MaxInt64, nil},
		{"00000000000000000000000000001", money.USD, 100, nil},

		{"", money.USD, 0, money.ErrSyntax},
		{"-1", money.USD, 0, money.ErrSyntax},
		{"-0", money.USD, 0, money.ErrSyntax},
		{"+1", money.USD, 0, money.ErrSyntax},
		{"1e3", money.USD, 0, money.ErrSyntax},
		{"1E3", money.USD, 0, money.ErrSyntax},
		{"1.5e-1", money.USD, 0, money.ErrSyntax},
		{" 1", money.USD, 0, money.ErrSyntax},
		{"1 ", money.USD, 0, money.ErrSyntax},
		{"1 000", money.USD, 0, money.ErrSyntax},
		{"1,00", money.USD, 0, money.ErrSyntax},
		{"1_000", money.USD, 0, money.ErrSyntax},
		{"NaN", money.USD, 0, money.ErrSyntax},
		{"Infinity", money.USD, 0, money.ErrSyntax},
		{"inf", money.USD, 0, money.ErrSyntax},
		{"0x1F", money.USD, 0, money.ErrSyntax},
		{"0b1", money.USD, 0, money.ErrSyntax},
		{".", money.USD, 0, money.ErrSyntax},
		{"5.", money.USD, 0, money.ErrSyntax},
		{"..5", money.USD, 0, money.ErrSyntax},
		{"1.2.3", money.USD, 0, money.ErrSyntax},
		{"1/3", money.USD, 0, money.ErrSyntax},
		{"\u0661", money.USD, 0, money.ErrSyntax}, // Arabic-Indic digit one
		{"1\x00", money.USD, 0, money.ErrSyntax},

		{"1.001", money.USD, 0, money.ErrPrecision},
		{"16.501", money.USD, 0, money.ErrPrecision},
		{"0.0000001", money.USDC, 0, money.ErrPrecision},
		{"0.0050", money.BRL, 0, money.ErrPrecision},

		{"92233720368547758.08", money.USD, 0, money.ErrRange},
		{"9223372036854.775808", money.USDC, 0, money.ErrRange},
		{"100000000000000000000", money.USD, 0, money.ErrRange},

		{"1", money.Currency("EUR"), 0, money.ErrCurrency},
		{"1", money.Currency(""), 0, money.ErrCurrency},
	}
	for _, tc := range tests {
		got, err := money.Parse(tc.in, tc.cur)
		if tc.err != nil {
			if !errors.Is(err, tc.err) {
				t.Errorf("Parse(%q, %s) error = %v, want %v", tc.in, tc.cur, err, tc.err)
			}
			continue
		}
		if err != nil || got != money.New(tc.want, tc.cur) {
			t.Errorf("Parse(%q, %s) = %v, %v; want %d minor units", tc.in, tc.cur, got, err, tc.want)
		}
	}
}

// TestParseStringRoundTrip checks that String's output parses back to the
// same amount for random non-negative minor units.
func TestParseStringRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 10000 {
		for _, cur := range []money.Currency{money.USD, money.USDC} {
			a := money.New(rng.Int64N(math.MaxInt64)>>rng.UintN(63), cur)
			b, err := money.Parse(a.String(), cur)
			if err != nil || b != a {
				t.Fatalf("Parse(%q) = %v, %v; want %v", a.String(), b, err, a)
			}
		}
	}
}

func TestParseRate(t *testing.T) {
	tests := []struct {
		in   string
		want string // exact rational as num/den when err is nil
		err  error
	}{
		{"5.39", "539/100", nil},
		{"0.999", "999/1000", nil},
		{"18.45", "369/20", nil},
		{"5.123456789", "5123456789/1000000000", nil},
		{"5.3900", "539/100", nil},
		{"000005.39", "539/100", nil},
		{".5", "1/2", nil},
		{"1", "1", nil},
		{"0.000000000000000001", "1/1000000000000000000", nil},
		{"999999999999999999", "999999999999999999", nil},

		{"0", "", money.ErrRange},
		{"0.000", "", money.ErrRange},
		{".0", "", money.ErrRange},
		{"1000000000000000000", "", money.ErrRange},
		{"0.0000000000000000001", "", money.ErrPrecision},
		{"", "", money.ErrSyntax},
		{"-5.39", "", money.ErrSyntax},
		{"+5.39", "", money.ErrSyntax},
		{"5.39e0", "", money.ErrSyntax},
		{"NaN", "", money.ErrSyntax},
		{"Infinity", "", money.ErrSyntax},
		{"0x10", "", money.ErrSyntax},
		{"1/3", "", money.ErrSyntax}, // big.Rat would accept it; we do not
		{"5.", "", money.ErrSyntax},
		{" 5.39", "", money.ErrSyntax},
	}
	for _, tc := range tests {
		got, err := money.ParseRate(tc.in)
		if tc.err != nil {
			if !errors.Is(err, tc.err) || got != nil {
				t.Errorf("ParseRate(%q) = %v, %v; want error %v", tc.in, got, err, tc.err)
			}
			continue
		}
		want, _ := new(big.Rat).SetString(tc.want)
		if err != nil || got.Cmp(want) != 0 {
			t.Errorf("ParseRate(%q) = %v, %v; want %s", tc.in, got, err, tc.want)
		}
	}
}
