package blindpay

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/money"
)

func TestToCents(t *testing.T) {
	t.Parallel()
	tests := []struct {
		amount string
		cur    money.Currency
		want   int64
		err    error
	}{
		{"10.00", money.BRL, 1000, nil},
		{"20.50", money.BRL, 2050, nil},
		{"123.45", money.BRL, 12345, nil}, // the docs: "To send $123.45, pass 12345"
		{"0.01", money.BRL, 1, nil},
		{"1000", money.MXN, 100000, nil}, // the docs' SPEI example
		{"1000.00", money.MXN, 100000, nil},
		{"1000.50", money.MXN, 0, ErrCentavos}, // whole pesos only
		{"0.99", money.MXN, 0, ErrCentavos},
		{"99.99", money.USD, 9999, nil},
		{"10.1", money.USDC, 1010, nil},
		{"10.101", money.USDC, 0, money.ErrPrecision}, // BlindPay counts tokens in hundredths
		{"0.000001", money.USDC, 0, money.ErrPrecision},
	}
	for _, tt := range tests {
		a, err := money.Parse(tt.amount, tt.cur)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ToCents(a)
		if !errors.Is(err, tt.err) || got != tt.want {
			t.Errorf("ToCents(%s %s) = %d, %v; want %d, %v", tt.amount, tt.cur, got, err, tt.want, tt.err)
		}
	}
	if _, err := ToCents(money.Amount{Minor: -1, Currency: money.BRL}); err == nil {
		t.Error("negative amount accepted")
	}
	if _, err := ToCents(money.Amount{Minor: 1}); err == nil {
		t.Error("amount without currency accepted")
	}
}

func TestFromCents(t *testing.T) {
	t.Parallel()
	tests := []struct {
		n    Number
		cur  money.Currency
		want string
		err  bool
	}{
		{"5240", money.BRL, "52.40", false},
		{"1010", money.USDC, "10.100000", false},
		{"100000", money.MXN, "1000.00", false},
		{"1e3", money.USD, "10.00", false},
		{"1.53", money.USDC, "0.015300", false}, // total_fee_amount's example; its unit is an open question
		{"1.5", money.BRL, "", true},            // a fraction of a centavo
		{"-25000", money.BRL, "", true},
		{"", money.BRL, "", true},
	}
	for _, tt := range tests {
		got, err := FromCents(tt.n, tt.cur)
		if (err != nil) != tt.err || (!tt.err && got.String() != tt.want) {
			t.Errorf("FromCents(%q, %s) = %s, %v; want %s (error %v)", tt.n, tt.cur, got, err, tt.want, tt.err)
		}
	}
}

func TestNumberTime(t *testing.T) {
	t.Parallel()
	for n, want := range map[Number]time.Time{
		"1712958191":    time.Date(2024, 4, 12, 21, 43, 11, 0, time.UTC), // the spec's example, seconds
		"1712958191000": time.Date(2024, 4, 12, 21, 43, 11, 0, time.UTC), // the docs' unit, milliseconds
		"1712958191500": time.Date(2024, 4, 12, 21, 43, 11, 500e6, time.UTC),
	} {
		got, err := n.Time()
		if err != nil || !got.Equal(want) {
			t.Errorf("%s.Time() = %v, %v; want %v", n, got, err, want)
		}
	}
	if _, err := Number("1.5").Time(); err == nil {
		t.Error("fractional epoch accepted")
	}
}

func TestNumberJSON(t *testing.T) {
	t.Parallel()
	var v struct {
		A, B Number
	}
	if err := jsonUnmarshal(`{"A": 0.998, "B": null}`, &v); err != nil {
		t.Fatal(err)
	}
	if v.A != "0.998" || v.B.Valid() {
		t.Errorf("got %+v", v)
	}
	// A number sent as a string is read (tolerance toward the vendor),
	// anything else is refused.
	if err := jsonUnmarshal(`{"A": "12"}`, &v); err != nil || v.A != "12" {
		t.Errorf("quoted number: %v, %q", err, v.A)
	}
	for _, bad := range []string{`{"A": "abc"}`, `{"A": true}`, `{"A": {}}`} {
		if err := jsonUnmarshal(bad, &v); err == nil {
			t.Errorf("%s accepted as a number", bad)
		}
	}
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

// A response's number is kept exactly as BlindPay wrote it, a string
// holding a number is taken too, null is no number, and anything else is
// refused.
func TestNumberUnmarshal(t *testing.T) {
	for in, want := range map[string]string{
		`100.50`: "100.50", `-1e3`: "-1e3", `0`: "0", ` 7 `: "7", `"12.5"`: "12.5", `null`: "",
	} {
		var n Number
		if err := n.UnmarshalJSON([]byte(in)); err != nil || string(n) != want {
			t.Errorf("%s: %q, %v; want %q", in, n, err, want)
		}
	}
	for _, in := range []string{`"abc"`, `true`, `{"a":1}`, `[1]`, `1 2`, `01`, `-`, `""`} {
		n := Number("kept")
		if err := n.UnmarshalJSON([]byte(in)); err == nil {
			t.Errorf("%s: accepted as %q", in, n)
		}
	}
	var body struct {
		Amount Number `json:"amount"`
	}
	if err := json.Unmarshal([]byte(`{"amount": 1000.10}`), &body); err != nil || body.Amount != "1000.10" {
		t.Fatalf("in a body: %q, %v", body.Amount, err)
	}
}
