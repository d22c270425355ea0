package pricing_test

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"math/big"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/pricing"
)

func TestIndicative(t *testing.T) {
	tests := []struct {
		on, off string
		bps     int64
		want    string
	}{
		// 5.39/0.999*1.005 = 5.422372372.. : the "~5.42 BRL per USD" default.
		{defaultOnBRL, defaultOff, defaultBps, "5.4224"},
		// 18.45/0.999*1.005 = 18.560810810.. : the "~18.56 MXN per USD" default.
		{defaultOnMXN, defaultOff, defaultBps, "18.5608"},
		{defaultOnBRL, "1", 0, "5.3900"},
		// 1/3 * 1 = 0.33333.. ; 2/3 = 0.66666.. rounds up.
		{"1", "3", 0, "0.3333"},
		{"2", "3", 0, "0.6667"},
		// 5.12345 is a tie at 4 decimals: half-up gives 5.1235.
		{"5.12345", "1", 0, "5.1235"},
		{defaultOnBRL, defaultOff, 10000, "10.7908"},
	}
	for _, tc := range tests {
		if got := pricing.Indicative(rate(t, tc.on), rate(t, tc.off), tc.bps); got != tc.want {
			t.Errorf("Indicative(%s, %s, %d) = %q, want %q", tc.on, tc.off, tc.bps, got, tc.want)
		}
	}
	// For a large quote with no fixed fee the effective rate meets the
	// indicative rate: 5000 USD BRL gives 5.4224 both ways.
	if got := handWorked[3].rate; got != pricing.Indicative(rate(t, defaultOnBRL), rate(t, defaultOff), defaultBps) {
		t.Errorf("5000 USD effective rate %s differs from indicative", got)
	}
}

func TestIndicativeReverse(t *testing.T) {
	tests := []struct {
		q    string
		bps  int64
		want string
	}{
		{defaultOnBRL, 50, "5.3631"},  // 5.39*0.995 = 5.36305, a tie: half-up
		{defaultOnMXN, 50, "18.3578"}, // 18.45*0.995 = 18.35775, a tie: half-up
		{defaultOnBRL, 0, "5.3900"},
		{"5.123456789", 37, "5.1045"}, // 5.104499..: not a tie, rounds up
		{defaultOnBRL, 10000, "0.0000"},
	}
	for _, tc := range tests {
		if got := pricing.IndicativeReverse(rate(t, tc.q), tc.bps); got != tc.want {
			t.Errorf("IndicativeReverse(%s, %d) = %q, want %q", tc.q, tc.bps, got, tc.want)
		}
	}
}

func TestIndicativePanics(t *testing.T) {
	one := big.NewRat(1, 1)
	cases := map[string]func(){
		"nil on":             func() { pricing.Indicative(nil, one, 0) },
		"zero off":           func() { pricing.Indicative(one, new(big.Rat), 0) },
		"negative bps":       func() { pricing.Indicative(one, one, -1) },
		"reverse nil":        func() { pricing.IndicativeReverse(nil, 0) },
		"reverse negative":   func() { pricing.IndicativeReverse(big.NewRat(-1, 1), 0) },
		"reverse fee > 100%": func() { pricing.IndicativeReverse(one, 10001) },
		"reverse fee < 0":    func() { pricing.IndicativeReverse(one, -1) },
	}
	for name, f := range cases {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: did not panic", name)
				}
			}()
			f()
		}()
	}
	if err := pricing.ValidateRates(one, nil, 0); !errors.Is(err, pricing.ErrQuotation) {
		t.Errorf("ValidateRates(nil off-ramp) = %v, want ErrQuotation", err)
	}
	if err := pricing.ValidateRates(one, one, 0); err != nil {
		t.Errorf("ValidateRates(valid) = %v", err)
	}
}

// TestNoBinaryFPInSource enforces that binary floating point never touches
// the quote arithmetic: no float32/float64, no float or imaginary literals
// and no float-named identifier (ParseFloat, SetFloat64, ...) in any Go
// file of this package, tests included.
func TestNoBinaryFPInSource(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files found: %v", err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if strings.Contains(strings.ToLower(n.Name), "float") ||
					n.Name == "complex64" || n.Name == "complex128" {
					t.Errorf("%s: identifier %s", fset.Position(n.Pos()), n.Name)
				}
			case *ast.BasicLit:
				// Only integer, string and rune literals are allowed.
				if n.Kind != token.INT && n.Kind != token.STRING && n.Kind != token.CHAR {
					t.Errorf("%s: literal %s", fset.Position(n.Pos()), n.Value)
				}
			}
			return true
		})
	}
}
