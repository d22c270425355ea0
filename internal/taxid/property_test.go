package taxid

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// The property tests use fixed seeds so a failure is reproducible.
const propertyRuns = 1000

// inZeroOne reports whether both remainders are 0 or 1: the only case where
// the mod-11 rule maps two different sums to the same check digit.
func inZeroOne(a, b int) bool { return a < 2 && b < 2 }

// TestCPFProperties: appending the computed check digits always validates.
// Changing a check digit is always caught. Changing a body digit is caught
// unless the first remainder moves between 0 and 1 (both give digit 0) and,
// for the second to ninth digits, the second remainder does too; the first
// digit has weight 11 = 0 mod 11 in the second check digit, which therefore
// never notices it. Such typos really exist: see "undetected typo" in
// TestCPF.
func TestCPFProperties(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	undetected := 0
	for range propertyRuns {
		body := randomString(r, digits, 9)
		if allSame(body) {
			continue
		}
		r1, d1, r2, d2 := refBrazilCheck(body)
		valid := fmt.Sprintf("%s%d%d", body, d1, d2)
		if got, err := CPF(valid); err != nil || got != valid {
			t.Fatalf("CPF(%s) = %q, %v", valid, got, err)
		}
		for pos := range 11 {
			for c := byte('0'); c <= '9'; c++ {
				if c == valid[pos] {
					continue
				}
				mutated := replaceAt(valid, pos, c)
				_, err := CPF(mutated)
				switch {
				case err != nil && allSame(mutated) && errors.Is(err, ErrFormat):
				case err != nil && !errors.Is(err, ErrCheckDigit):
					t.Fatalf("CPF(%s) error = %v, want ErrCheckDigit", mutated, err)
				case err == nil && pos >= 9:
					t.Fatalf("changed check digit accepted: %s", mutated)
				case err == nil:
					undetected++
					m1, _, m2, _ := refBrazilCheck(mutated[:9])
					if !inZeroOne(r1, m1) || (pos > 0 && !inZeroOne(r2, m2)) {
						t.Fatalf("%s -> %s accepted outside the 0/1 remainder collision", valid, mutated)
					}
				}
			}
		}
	}
	t.Logf("%d of %d single-digit CPF typos undetected", undetected, propertyRuns*99)
}

// TestCNPJProperties covers the numeric and the alphanumeric CNPJ. For
// digit-only changes the same 0/1 collision as the CPF is the only way a
// typo survives (here no weight is 0 mod 11). Letters add a second, larger
// blind spot: two characters whose values differ by a multiple of 11 (for
// example '6' = 6 and 'A' = 17) always give the same check digits, so such a
// substitution is never detected.
func TestCNPJProperties(t *testing.T) {
	t.Parallel()
	const alnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	r := rand.New(rand.NewPCG(3, 4))
	for run := range propertyRuns {
		alphabet := digits
		if run%2 == 1 {
			alphabet = alnum
		}
		body := randomString(r, alphabet, 12)
		r1, d1, r2, d2 := refBrazilCheck(body)
		valid := fmt.Sprintf("%s%d%d", body, d1, d2)
		if allDigits(valid) && allSame(valid) {
			continue
		}
		if got, err := CNPJ(valid); err != nil || got != valid {
			t.Fatalf("CNPJ(%s) = %q, %v", valid, got, err)
		}
		for pos := range 14 {
			chars := alnum
			if pos >= 12 {
				chars = digits
			}
			for i := range len(chars) {
				c := chars[i]
				if c == valid[pos] {
					continue
				}
				mutated := replaceAt(valid, pos, c)
				_, err := CNPJ(mutated)
				sameMod11 := (int(c)-int(valid[pos]))%11 == 0
				switch {
				case allDigits(mutated) && allSame(mutated):
					if !errors.Is(err, ErrFormat) {
						t.Fatalf("CNPJ(%s) error = %v, want ErrFormat", mutated, err)
					}
				case pos >= 12:
					if !errors.Is(err, ErrCheckDigit) {
						t.Fatalf("changed check digit: CNPJ(%s) error = %v", mutated, err)
					}
				case sameMod11:
					if err != nil {
						t.Fatalf("CNPJ(%s) error = %v; a change by a multiple of 11 keeps the check digits", mutated, err)
					}
				case err == nil:
					m1, _, m2, _ := refBrazilCheck(mutated[:12])
					if !inZeroOne(r1, m1) || !inZeroOne(r2, m2) {
						t.Fatalf("%s -> %s accepted outside the 0/1 remainder collision", valid, mutated)
					}
				case !errors.Is(err, ErrCheckDigit):
					t.Fatalf("CNPJ(%s) error = %v, want ErrCheckDigit", mutated, err)
				}
			}
		}
	}
}

// TestCLABEProperties: every CLABE built from a known bank validates, and
// every single-digit change, including in the bank code, is an
// ErrCheckDigit, because the weights 3, 7 and 1 are all coprime with 10.
func TestCLABEProperties(t *testing.T) {
	t.Parallel()
	codes := make([]string, 0, len(banks))
	for code := range banks {
		codes = append(codes, code)
	}
	slices.Sort(codes)
	r := rand.New(rand.NewPCG(5, 6))
	for range propertyRuns {
		bank := codes[r.IntN(len(codes))]
		valid, err := NewCLABE(bank, randomString(r, digits, 3), randomString(r, digits, 11))
		if err != nil {
			t.Fatalf("NewCLABE: %v", err)
		}
		if err := ValidateCLABE(valid); err != nil {
			t.Fatalf("ValidateCLABE(%s) = %v", valid, err)
		}
		for pos := range 18 {
			for c := byte('0'); c <= '9'; c++ {
				if c == valid[pos] {
					continue
				}
				mutated := replaceAt(valid, pos, c)
				if err := ValidateCLABE(mutated); !errors.Is(err, ErrCheckDigit) {
					t.Fatalf("ValidateCLABE(%s) = %v, want ErrCheckDigit", mutated, err)
				}
			}
		}
	}
}

// TestABAProperties: every routing number with an assigned prefix and the
// computed check digit validates, and every single-digit change is an
// ErrCheckDigit (weights 3, 7, 1 again).
func TestABAProperties(t *testing.T) {
	t.Parallel()
	var prefixes []string
	for p := range 100 {
		if abaPrefixAssigned(p) {
			prefixes = append(prefixes, fmt.Sprintf("%02d", p))
		}
	}
	r := rand.New(rand.NewPCG(7, 8))
	for range propertyRuns {
		first8 := prefixes[r.IntN(len(prefixes))] + randomString(r, digits, 6)
		valid := first8 + string(refABACheck(first8))
		if got, err := ABA(valid); err != nil || got != valid {
			t.Fatalf("ABA(%s) = %q, %v", valid, got, err)
		}
		for pos := range 9 {
			for c := byte('0'); c <= '9'; c++ {
				if c == valid[pos] {
					continue
				}
				mutated := replaceAt(valid, pos, c)
				if _, err := ABA(mutated); !errors.Is(err, ErrCheckDigit) {
					t.Fatalf("ABA(%s) = %v, want ErrCheckDigit", mutated, err)
				}
			}
		}
	}
}
