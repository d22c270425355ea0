package money_test

import (
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/crebit/crebit/internal/money"
)

func TestAmountString(t *testing.T) {
	tests := []struct {
		a    money.Amount
		want string
	}{
		{money.New(0, money.USD), "0.00"},
		{money.New(5, money.BRL), "0.05"},
		{money.New(123450, money.BRL), "1234.50"},
		{money.New(-310, money.MXN), "-3.10"},
		{money.New(-5, money.USD), "-0.05"},
		{money.New(1500000, money.USDC), "1.500000"},
		{money.New(1, money.USDC), "0.000001"},
		{money.New(math.MaxInt64, money.USD), "92233720368547758.07"},
		{money.New(math.MinInt64, money.USD), "-92233720368547758.08"},
		{money.Amount{Minor: 7, Currency: "EUR"}, `7(invalid currency "EUR")`},
	}
	for _, tc := range tests {
		if got := tc.a.String(); got != tc.want {
			t.Errorf("%#v.String() = %q, want %q", tc.a, got, tc.want)
		}
	}
}

func TestAmountMarshalJSON(t *testing.T) {
	v := struct {
		Total money.Amount `json:"total"`
		USDC  money.Amount `json:"usdc"`
	}{money.New(542050, money.BRL), money.New(100600601, money.USDC)}
	got, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	// Exact text: the trailing zeros of the fixed scale are preserved.
	if want := `{"total":5420.50,"usdc":100.600601}`; string(got) != want {
		t.Errorf("json = %s, want %s", got, want)
	}
	if _, err := json.Marshal(money.Amount{Minor: 1}); !errors.Is(err, money.ErrCurrency) {
		t.Errorf("marshal zero-currency amount: err = %v, want ErrCurrency", err)
	}
}

func TestAmountArithmetic(t *testing.T) {
	usd := func(m int64) money.Amount { return money.New(m, money.USD) }
	if s, err := usd(1050).Add(usd(-50)); err != nil || s != usd(1000) {
		t.Errorf("Add = %v, %v", s, err)
	}
	if d, err := usd(1000).Sub(usd(1050)); err != nil || d != usd(-50) {
		t.Errorf("Sub = %v, %v", d, err)
	}
	overflows := []func() (money.Amount, error){
		func() (money.Amount, error) { return usd(math.MaxInt64).Add(usd(1)) },
		func() (money.Amount, error) { return usd(math.MinInt64).Add(usd(-1)) },
		func() (money.Amount, error) { return usd(math.MinInt64).Sub(usd(1)) },
		func() (money.Amount, error) { return usd(math.MaxInt64).Sub(usd(-1)) },
		func() (money.Amount, error) { return usd(0).Sub(usd(math.MinInt64)) },
	}
	for i, f := range overflows {
		if _, err := f(); !errors.Is(err, money.ErrRange) {
			t.Errorf("overflow case %d: err = %v, want ErrRange", i, err)
		}
	}
	if s, err := usd(math.MaxInt64).Add(usd(math.MinInt64)); err != nil || s != usd(-1) {
		t.Errorf("MaxInt64 + MinInt64 = %v, %v", s, err)
	}
	if _, err := usd(1).Add(money.New(1, money.BRL)); !errors.Is(err, money.ErrCurrency) {
		t.Errorf("USD + BRL: err = %v, want ErrCurrency", err)
	}
	if _, err := usd(1).Sub(money.New(1, money.USDC)); !errors.Is(err, money.ErrCurrency) {
		t.Errorf("USD - USDC: err = %v, want ErrCurrency", err)
	}
	if _, err := (money.Amount{}).Add(money.Amount{}); !errors.Is(err, money.ErrCurrency) {
		t.Errorf("zero Amount + zero Amount: err = %v, want ErrCurrency", err)
	}
}

func TestAmountPredicates(t *testing.T) {
	usd := func(m int64) money.Amount { return money.New(m, money.USD) }
	if usd(1).Cmp(usd(2)) != -1 || usd(2).Cmp(usd(2)) != 0 || usd(3).Cmp(usd(2)) != 1 {
		t.Error("Cmp ordering wrong")
	}
	if !usd(0).IsZero() || usd(1).IsZero() {
		t.Error("IsZero wrong")
	}
	if !usd(1).IsPositive() || usd(0).IsPositive() || usd(-1).IsPositive() {
		t.Error("IsPositive wrong")
	}
	if r := money.New(123450, money.BRL).Rat(); r.Cmp(big.NewRat(12345, 10)) != 0 {
		t.Errorf("Rat = %s, want 1234.5", r.RatString())
	}
	if r := money.New(1, money.USDC).Rat(); r.Cmp(big.NewRat(1, 1000000)) != 0 {
		t.Errorf("Rat = %s, want 1/1000000", r.RatString())
	}
	mustPanic(t, "Cmp across currencies", func() { usd(1).Cmp(money.New(1, money.BRL)) })
	mustPanic(t, "New with invalid currency", func() { money.New(1, money.Currency("usd")) })
}

// mustPanic fails the test unless f panics.
func mustPanic(t *testing.T, name string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s: did not panic", name)
		}
	}()
	f()
}
