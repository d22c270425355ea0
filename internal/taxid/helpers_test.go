package taxid

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// sentinels lists every error kind the package promises; each returned error
// must wrap exactly one of them.
var sentinels = []error{ErrLength, ErrFormat, ErrCheckDigit, ErrDate, ErrBank}

// checkErr fails the test unless err wraps want (or is nil when want is nil),
// wraps no other sentinel, and does not leak the identifier.
func checkErr(t *testing.T, input string, err, want error) {
	t.Helper()
	if want == nil {
		if err != nil {
			t.Fatalf("unexpected error %v", err)
		}
		return
	}
	if !errors.Is(err, want) {
		t.Fatalf("error = %v, want %v", err, want)
	}
	for _, s := range sentinels {
		if s != want && errors.Is(err, s) {
			t.Fatalf("error %v also wraps %v", err, s)
		}
	}
	checkNoLeak(t, input, err)
}

// checkNoLeak fails if the error message contains the identifier, raw or
// with separators removed. Values shorter than 7 characters are skipped: a
// message may legitimately contain short numbers such as "got 12".
func checkNoLeak(t *testing.T, input string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	msg := err.Error()
	for _, v := range []string{input, stripBrazil(input), CleanCURP(input)} {
		if len(v) >= 7 && strings.Contains(msg, v) {
			t.Fatalf("error message %q leaks the identifier", msg)
		}
	}
}

// refMod11 is an independent restatement of the Brazilian mod-11 rule, used
// to cross-check the package: it returns the raw remainder and the digit.
func refMod11(values []int, weights []int) (remainder, digit int) {
	sum := 0
	for i, v := range values {
		sum += v * weights[i]
	}
	remainder = sum % 11
	if remainder < 2 {
		return remainder, 0
	}
	return remainder, 11 - remainder
}

// refBrazilCheck computes the two check digits and their raw remainders for
// a CPF body (9 digits) or CNPJ body (12 characters), from the weights in
// the specifications. Character values are ASCII code minus 48.
func refBrazilCheck(body string) (r1, d1, r2, d2 int) {
	var w1, w2 []int
	if len(body) == 9 {
		w1 = []int{10, 9, 8, 7, 6, 5, 4, 3, 2}
		w2 = []int{11, 10, 9, 8, 7, 6, 5, 4, 3, 2}
	} else {
		w1 = []int{5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2}
		w2 = []int{6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2}
	}
	values := make([]int, 0, len(body)+1)
	for _, c := range body {
		values = append(values, int(c)-48)
	}
	r1, d1 = refMod11(values, w1)
	r2, d2 = refMod11(append(values, d1), w2)
	return r1, d1, r2, d2
}

// refCURPCheck restates the CURP check digit from RENAPO's dictionary, with
// the Ñ in place, so the package's arithmetic shortcut is cross-checked.
func refCURPCheck(first17 string) byte {
	const dictionary = "0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ"
	runes := []rune(dictionary)
	sum := 0
	for i, c := range first17 {
		idx := -1
		for j, r := range runes {
			if r == c {
				idx = j
			}
		}
		sum += idx * (18 - i)
	}
	return byte('0' + (10-sum%10)%10)
}

// refABACheck returns the ninth digit that makes a routing number valid.
func refABACheck(first8 string) byte {
	w := []int{3, 7, 1, 3, 7, 1, 3, 7}
	sum := 0
	for i := range 8 {
		sum += int(first8[i]-'0') * w[i]
	}
	return byte('0' + (10-sum%10)%10)
}

const digits = "0123456789"

func randomString(r *rand.Rand, alphabet string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(b)
}

// replaceAt returns s with the byte at i replaced by c.
func replaceAt(s string, i int, c byte) string {
	b := []byte(s)
	b[i] = c
	return string(b)
}
