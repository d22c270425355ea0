package taxid

import (
	"errors"
	"testing"
)

// checkFuzzErr fails unless err wraps at least one sentinel and does not
// leak the input.
func checkFuzzErr(t *testing.T, input string, err error) {
	t.Helper()
	for _, s := range sentinels {
		if errors.Is(err, s) {
			checkNoLeak(t, input, err)
			return
		}
	}
	t.Fatalf("error %v wraps no sentinel", err)
}

// FuzzCPF checks that CPF and BrazilTaxID never panic, that every error has
// a kind, and that an accepted value is canonical: 11 digits that validate
// again to themselves.
func FuzzCPF(f *testing.F) {
	for _, s := range []string{"390.533.447-05", "111.111.111-11", "231.002.999-00", "", "３９０５３３４４７０５"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := CPF(s)
		if err != nil {
			checkFuzzErr(t, s, err)
		} else {
			if len(got) != 11 || !allDigits(got) {
				t.Fatalf("CPF(%q) = %q, not 11 digits", s, got)
			}
			if again, err := CPF(got); err != nil || again != got {
				t.Fatalf("CPF(%q) = %q, %v; not idempotent", got, again, err)
			}
		}
		kind, v, err := BrazilTaxID(s)
		if err != nil {
			checkFuzzErr(t, s, err)
			return
		}
		if kind == KindCPF && v != got {
			t.Fatalf("BrazilTaxID(%q) = %q, CPF() = %q", s, v, got)
		}
	})
}

// FuzzCNPJ checks that CNPJ never panics and that an accepted value is 14
// characters of [0-9A-Z] with numeric check digits that validates again.
func FuzzCNPJ(f *testing.F) {
	for _, s := range []string{"12.ABC.345/01DE-35", "12.abc.345/01de-35", "00000000000000", "0000000000019L", "ABCDEFGHIJKL80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := CNPJ(s)
		if err != nil {
			checkFuzzErr(t, s, err)
			return
		}
		if len(got) != 14 || !allDigits(got[12:]) {
			t.Fatalf("CNPJ(%q) = %q, not canonical", s, got)
		}
		for i := 0; i < len(got); i++ {
			if !isDigitOrUpper(got[i]) {
				t.Fatalf("CNPJ(%q) = %q, not canonical", s, got)
			}
		}
		if again, err := CNPJ(got); err != nil || again != got {
			t.Fatalf("CNPJ(%q) = %q, %v; not idempotent", got, again, err)
		}
	})
}

// FuzzCURP checks that CURP never panics, that an accepted value is its own
// CleanCURP and validates again, and that CleanCURP is idempotent.
func FuzzCURP(f *testing.F) {
	for _, s := range []string{"HEGG560427MVZRRL04", "hegg-560427 mvzrrl04", "ÑEGG560427MVZRRL04", "PEGL891313MJCRMS06", "BOXW310820HNERXN09"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		clean := CleanCURP(s)
		if CleanCURP(clean) != clean {
			t.Fatalf("CleanCURP not idempotent on %q", s)
		}
		got, err := CURP(s)
		if err != nil {
			checkFuzzErr(t, s, err)
			return
		}
		if got != clean || len(got) != 18 {
			t.Fatalf("CURP(%q) = %q, CleanCURP = %q", s, got, clean)
		}
		if again, err := CURP(got); err != nil || again != got {
			t.Fatalf("CURP(%q) = %q, %v; not idempotent", got, again, err)
		}
	})
}

// FuzzBankAccounts checks that ValidateCLABE, CLABECheckDigit and ABA never
// panic, and that the check digit CLABECheckDigit returns is the one
// ValidateCLABE expects.
func FuzzBankAccounts(f *testing.F) {
	for _, s := range []string{"002010077777777771", "00201007777777777", "021000021", "0210-0002-1", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if err := ValidateCLABE(s); err != nil {
			checkFuzzErr(t, s, err)
		}
		if d, err := CLABECheckDigit(s); err != nil {
			checkFuzzErr(t, s, err)
		} else if err := ValidateCLABE(s + string(d)); err != nil && !errors.Is(err, ErrBank) {
			t.Fatalf("ValidateCLABE(%q + check digit) = %v", s, err)
		}
		got, err := ABA(s)
		if err != nil {
			checkFuzzErr(t, s, err)
			return
		}
		if again, err := ABA(got); err != nil || again != got || len(got) != 9 {
			t.Fatalf("ABA(%q) = %q, %v; not canonical", got, again, err)
		}
	})
}
