package money_test

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/crebit/crebit/internal/money"
)

// rat parses an exact rational test value such as "1/3" or "-1.235"; big.Rat
// reads decimal text exactly, with no binary floating point involved.
func rat(t testing.TB, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("bad test rational %q", s)
	}
	return r
}

func TestRoundTable(t *testing.T) {
	modes := []money.Rounding{money.Down, money.Up, money.HalfUp, money.HalfEven}
	tests := []struct {
		x     string
		scale int
		want  [4]string // Down, Up, HalfUp, HalfEven
	}{
		{"0", 2, [4]string{"0", "0", "0", "0"}},
		{"1.23", 2, [4]string{"123", "123", "123", "123"}},       // exact
		{"-1.23", 2, [4]string{"-123", "-123", "-123", "-123"}},  // exact negative
		{"1.235", 2, [4]string{"123", "124", "124", "124"}},      // tie, odd below
		{"1.225", 2, [4]string{"122", "123", "123", "122"}},      // tie, even below
		{"-1.235", 2, [4]string{"-123", "-124", "-124", "-124"}}, // negative tie
		{"-1.225", 2, [4]string{"-122", "-123", "-123", "-122"}}, // negative tie
		{"1/3", 2, [4]string{"33", "34", "33", "33"}},            // 0.333...
		{"2/3", 2, [4]string{"66", "67", "67", "67"}},            // 0.666...
		{"-1/3", 2, [4]string{"-33", "-34", "-33", "-33"}},       // toward/away from zero
		{"-2/3", 2, [4]string{"-66", "-67", "-67", "-67"}},       //
		{"1/1000000000000", 2, [4]string{"0", "1", "0", "0"}},    // tiny positive
		{"-1/1000000000000", 2, [4]string{"0", "-1", "0", "0"}},  // tiny negative
		{"0.005", 2, [4]string{"0", "1", "1", "0"}},              // half a cent
		{"0.015", 2, [4]string{"1", "2", "2", "2"}},              //
		{"0.0050000000001", 2, [4]string{"0", "1", "1", "1"}},    // just above half
		{"0.0049999999999", 2, [4]string{"0", "1", "0", "0"}},    // just below half
		{"2.5", 0, [4]string{"2", "3", "3", "2"}},                // scale 0
		{"3.5", 0, [4]string{"3", "4", "4", "4"}},                //
		{"-2.5", 0, [4]string{"-2", "-3", "-3", "-2"}},           //
		{"0.5", 0, [4]string{"0", "1", "1", "0"}},                //
		{"1/8", 2, [4]string{"12", "13", "13", "12"}},            // 0.125
		{"3/8", 2, [4]string{"37", "38", "38", "38"}},            // 0.375
		{"5.4223723723723723", 4, [4]string{"54223", "54224", "54224", "54224"}},
		{"1.006006006006006", 6, [4]string{"1006006", "1006007", "1006006", "1006006"}},
		{"7", 6, [4]string{"7000000", "7000000", "7000000", "7000000"}},
		{"123456789012345678901234567890.125", 2, [4]string{
			"12345678901234567890123456789012", "12345678901234567890123456789013",
			"12345678901234567890123456789013", "12345678901234567890123456789012"}},
		{"99999999999999999999.995", 2, [4]string{
			"9999999999999999999999", "10000000000000000000000",
			"10000000000000000000000", "10000000000000000000000"}},
	}
	for _, tc := range tests {
		x := rat(t, tc.x)
		before := new(big.Rat).Set(x)
		for i, mode := range modes {
			got := money.Round(x, tc.scale, mode)
			if got.String() != tc.want[i] {
				t.Errorf("Round(%s, %d, %v) = %s, want %s", tc.x, tc.scale, mode, got, tc.want[i])
			}
		}
		if x.Cmp(before) != 0 {
			t.Errorf("Round modified its argument %s", tc.x)
		}
	}
}

// TestRoundProperties checks Round against the definition of each mode on
// random rationals built from integers: the result r (in units of 10^-s)
// must satisfy the mode's bound on |x*10^s - r|, and HalfEven ties are even.
func TestRoundProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	half := big.NewRat(1, 2)
	for range 20000 {
		num := rng.Int64N(2_000_000_001) - 1_000_000_000
		den := rng.Int64N(1_000_000) + 1
		scale := rng.IntN(7)
		x := big.NewRat(num, den)
		scaled := new(big.Rat).Mul(x, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(scale)), nil)))
		for _, mode := range []money.Rounding{money.Down, money.Up, money.HalfUp, money.HalfEven} {
			r := money.Round(x, scale, mode)
			diff := new(big.Rat).Sub(scaled, new(big.Rat).SetInt(r)) // x*10^s - r
			absDiff := new(big.Rat).Abs(diff)
			ok := true
			switch mode {
			case money.Down: // |r| <= |x|, same sign side, gap < 1
				ok = absDiff.Cmp(big.NewRat(1, 1)) < 0 && (diff.Sign() == 0 || diff.Sign() == scaled.Sign())
			case money.Up: // |r| >= |x|, gap < 1
				ok = absDiff.Cmp(big.NewRat(1, 1)) < 0 && (diff.Sign() == 0 || diff.Sign() == -scaled.Sign())
			case money.HalfUp:
				c := absDiff.Cmp(half)
				ok = c < 0 || (c == 0 && diff.Sign() == -scaled.Sign())
			case money.HalfEven:
				c := absDiff.Cmp(half)
				ok = c < 0 || (c == 0 && r.Bit(0) == 0)
			}
			if !ok {
				t.Fatalf("Round(%s, %d, %v) = %s violates the mode", x.RatString(), scale, mode, r)
			}
		}
	}
}

func TestRoundPanics(t *testing.T) {
	cases := map[string]func(){
		"nil":            func() { money.Round(nil, 2, money.Down) },
		"negative scale": func() { money.Round(big.NewRat(1, 1), -1, money.Down) },
		"zero mode":      func() { money.Round(big.NewRat(1, 1), 2, money.Rounding(0)) },
		"unknown mode":   func() { money.Round(big.NewRat(1, 3), 2, money.Rounding(99)) },
	}
	for name, f := range cases {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: Round did not panic", name)
				}
			}()
			f()
		}()
	}
}

func TestRoundAmount(t *testing.T) {
	a, err := money.RoundAmount(rat(t, "16.505"), money.USD, money.HalfUp)
	if err != nil || a != money.New(1651, money.USD) {
		t.Errorf("RoundAmount(16.505 USD, HalfUp) = %v, %v", a, err)
	}
	a, err = money.RoundAmount(rat(t, "1/3"), money.USDC, money.Up)
	if err != nil || a != money.New(333334, money.USDC) {
		t.Errorf("RoundAmount(1/3 USDC, Up) = %v, %v", a, err)
	}
	if _, err := money.RoundAmount(rat(t, "92233720368547758.08"), money.USD, money.Down); !errors.Is(err, money.ErrRange) {
		t.Errorf("overflow: err = %v, want ErrRange", err)
	}
	if a, err := money.RoundAmount(rat(t, "92233720368547758.079"), money.USD, money.Down); err != nil || a.Minor != 1<<63-1 {
		t.Errorf("max int64: %v, %v", a, err)
	}
	if _, err := money.RoundAmount(rat(t, "1"), money.Currency("EUR"), money.Down); !errors.Is(err, money.ErrCurrency) {
		t.Errorf("bad currency: err = %v, want ErrCurrency", err)
	}
}

func TestFormatRat(t *testing.T) {
	tests := []struct {
		x     string
		scale int
		mode  money.Rounding
		want  string
	}{
		{"5.4223723723", 4, money.HalfUp, "5.4224"},
		{"5.42", 4, money.HalfUp, "5.4200"},
		{"1/3", 4, money.HalfUp, "0.3333"},
		{"2/3", 4, money.Down, "0.6666"},
		{"-1/2", 2, money.HalfUp, "-0.50"},
		{"-1/1000", 2, money.HalfUp, "0.00"}, // rounds to zero: no sign
		{"12.5", 0, money.HalfEven, "12"},
		{"1234567.891", 2, money.Up, "1234567.90"},
	}
	for _, tc := range tests {
		if got := money.FormatRat(rat(t, tc.x), tc.scale, tc.mode); got != tc.want {
			t.Errorf("FormatRat(%s, %d, %v) = %q, want %q", tc.x, tc.scale, tc.mode, got, tc.want)
		}
	}
	names := map[money.Rounding]string{money.Down: "Down", money.Up: "Up",
		money.HalfUp: "HalfUp", money.HalfEven: "HalfEven", 0: "Rounding(0)"}
	for m, want := range names {
		if got := m.String(); got != want {
			t.Errorf("Rounding %d String() = %q, want %q", int(m), got, want)
		}
	}
}
