package money_test

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/money"
)

func TestParseCurrency(t *testing.T) {
	tests := []struct {
		in    string
		want  money.Currency
		scale int
	}{
		{"BRL", money.BRL, 2},
		{"MXN", money.MXN, 2},
		{"USD", money.USD, 2},
		{"USDC", money.USDC, 6},
	}
	for _, tc := range tests {
		got, err := money.ParseCurrency(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseCurrency(%q) = %q, %v", tc.in, got, err)
			continue
		}
		if got.Scale() != tc.scale || !got.Valid() || got.String() != tc.in {
			t.Errorf("%s: Scale %d Valid %v String %q", tc.in, got.Scale(), got.Valid(), got)
		}
	}
	for _, bad := range []string{"", "brl", "Usd", "EUR", "USD ", " USDC", "USDT",
		strings.Repeat("X", 1000)} {
		c, err := money.ParseCurrency(bad)
		if !errors.Is(err, money.ErrCurrency) || c != "" {
			t.Errorf("ParseCurrency(%.10q) = %q, %v; want ErrCurrency", bad, c, err)
		}
		if err != nil && len(err.Error()) > 100 {
			t.Errorf("error message not clipped: %d bytes", len(err.Error()))
		}
	}
	mustPanic(t, "Scale of invalid currency", func() { money.Currency("EUR").Scale() })
}

// TestNoBinaryFPInSource enforces the package rule that binary floating
// point never touches money: no float32/float64 types, no float or
// imaginary literals, and no identifier mentioning floats (ParseFloat,
// SetFloat64, ...) in any Go file of this directory, tests included.
func TestNoBinaryFPInSource(t *testing.T) {
	checkNoBinaryFP(t, ".")
}

// checkNoBinaryFP parses every .go file in dir and reports any float type,
// float literal or float-named identifier.
func checkNoBinaryFP(t *testing.T, dir string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files found in %s: %v", dir, err)
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
