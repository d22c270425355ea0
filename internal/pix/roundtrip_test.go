package pix

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// FuzzDecode checks that Decode never panics, that every error has a kind,
// and that any code Decode accepts re-encodes to a string that decodes to
// an equal Code and re-encodes to itself.
//
// Random mutations almost always break the CRC, which would keep the fuzzer
// from ever reaching the field rules. So each input is also tried with its
// last four characters replaced by the right CRC.
//
// Run it with: go test -run='^$' -fuzz=FuzzDecode -fuzztime=30s ./internal/pix/
// The committed seed corpus is in testdata/fuzz/FuzzDecode.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{bcbStatic, bcbDynamic, bcbCompositeWithAmount, bcbRecurrenceOnly, gistDynamic} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkDecodeRoundTrip(t, s)
		if len(s) >= 4 {
			body := s[:len(s)-4]
			checkDecodeRoundTrip(t, body+crcField(body))
		}
	})
}

func checkDecodeRoundTrip(t *testing.T, s string) {
	t.Helper()
	c, err := Decode(s)
	if err != nil {
		for _, kind := range []error{ErrSyntax, ErrCRC, ErrMissingField, ErrInvalidField} {
			if errors.Is(err, kind) {
				return
			}
		}
		t.Fatalf("Decode error %v wraps no sentinel", err)
	}
	encoded, err := Encode(c)
	if err != nil {
		t.Fatalf("Encode(Decode(%q)): %v", s, err)
	}
	again, err := Decode(encoded)
	if err != nil {
		t.Fatalf("Decode(Encode(Decode(%q))) = %v", s, err)
	}
	if !reflect.DeepEqual(again, c) {
		t.Fatalf("round trip of %q changed the code:\n got %+v\nwant %+v", s, again, c)
	}
	if reencoded, err := Encode(again); err != nil || reencoded != encoded {
		t.Fatalf("encoding is not stable: %q then %q (%v)", encoded, reencoded, err)
	}
}

// randomCode builds a valid Code with every optional part present or not.
func randomCode(r *rand.Rand) Code {
	printable := func(min, max int) string {
		b := make([]byte, min+r.IntN(max-min+1))
		for i := range b {
			b[i] = byte(0x20 + r.IntN(0x7F-0x20))
		}
		return string(b)
	}
	alnum := func(n int) string {
		const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
		b := make([]byte, n)
		for i := range b {
			b[i] = chars[r.IntN(len(chars))]
		}
		return string(b)
	}
	c := Code{
		PointOfInitiation: []string{"", StaticInitiation, DynamicInitiation}[r.IntN(3)],
		MCC:               fmt.Sprintf("%04d", r.IntN(10000)),
		MerchantName:      printable(1, 25),
		MerchantCity:      printable(1, 15),
		TxID:              TxIDNone,
	}
	if r.IntN(2) == 0 {
		c.Key = printable(1, 77)
	} else {
		c.URL = "pix.example.com/" + alnum(r.IntN(61))
	}
	// Field 26 holds the GUI (18), the key or URL, and the description.
	if room := 99 - 18 - 4 - len(c.Key) - len(c.URL) - 4; room > 0 && r.IntN(2) == 0 {
		c.Description = printable(1, room)
	}
	if r.IntN(2) == 0 {
		c.Amount = fmt.Sprintf("%d.%02d", 1+r.IntN(9999999), r.IntN(100))
	}
	if r.IntN(2) == 0 {
		c.TxID = alnum(1 + r.IntN(25))
	}
	if r.IntN(4) == 0 {
		c.AdditionalExtra = []Field{{"50", "0017br.gov.bcb.brcode01051.0.0"}}
	}
	if r.IntN(4) == 0 {
		c.Extra = []Field{{"61", fmt.Sprintf("%08d", r.IntN(100000000))}, bcbRecurrence}
		if r.IntN(2) == 0 {
			c.Key, c.URL, c.Description = "", "", ""
		}
	}
	return c
}

// TestRoundTrip: for 1,000 random codes, Decode(Encode(c)) == c, and
// encoding again gives the same string.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(21, 22))
	for range 1000 {
		c := randomCode(r)
		s, err := Encode(c)
		if err != nil {
			t.Fatalf("Encode(%+v): %v", c, err)
		}
		got, err := Decode(s)
		if err != nil {
			t.Fatalf("Decode(%q): %v", s, err)
		}
		if !reflect.DeepEqual(got, c) {
			t.Fatalf("round trip of %q:\n got %+v\nwant %+v", s, got, c)
		}
		if again, err := Encode(got); err != nil || again != s {
			t.Fatalf("re-encoding %q gave %q, %v", s, again, err)
		}
	}
}
