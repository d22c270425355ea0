package account

import (
	"errors"
	"strings"
	"testing"
)

func TestCheckPassword(t *testing.T) {
	for _, tc := range []struct {
		pw   string
		want error
	}{
		{"short", ErrPasswordShort},
		{strings.Repeat("é", 11), ErrPasswordShort},
		{strings.Repeat("é", 12) + "x", nil},
		{strings.Repeat("a", 129), ErrPasswordLong},
		{"qwertyuiop123", ErrPasswordCommon},
		{"1qaz2wsx3edc", ErrPasswordCommon},
		{"my maria.silva password", ErrPasswordHasEmail},
		{"correct horse battery staple", nil},
		{"a brand new passphrase 9", nil},
		{"Xk9#mQ2$vL7p", nil},
	} {
		if got := CheckPassword(tc.pw, " Maria.Silva@Example.com "); !errors.Is(got, tc.want) {
			t.Errorf("CheckPassword(%q) = %v, want %v", tc.pw, got, tc.want)
		}
	}
}

// TestWeakPasswordsAreRefusedWithTheirReason: passwords of the right length
// that a guesser finds fast are refused, each with the pattern to avoid.
func TestWeakPasswordsAreRefusedWithTheirReason(t *testing.T) {
	for _, tc := range []struct {
		pw   string
		want WeakReason
	}{
		{strings.Repeat(" ", 12), WeakRepeat},
		{"aaaaaaaaaaaa", WeakRepeat},
		{"passwordpassword", WeakRepeat},
		{"730194628501", WeakDate},
		{"qwertyuiopasdfgh", WeakCommon},
		{"zxcvbnm,./zxcv", WeakKeyboard},
		{"abcdefghijklmnop", WeakSequence},
		{"mariasilva2024", WeakCommon},
		{"crebitcrebit12", WeakCommon}, // the site's own name, twice
	} {
		var weak *WeakPasswordError
		if err := CheckPassword(tc.pw, "ana@example.com"); !errors.As(err, &weak) || weak.Reason != tc.want {
			t.Errorf("CheckPassword(%q) = %v, want too weak (%s)", tc.pw, err, tc.want)
		}
	}
}

func TestHashRoundTripAndUpgrade(t *testing.T) {
	old := Params{Memory: 8 * 1024, Time: 1, Threads: 1}
	h := Hash("correct horse battery staple", old)
	if !strings.HasPrefix(h, "$argon2id$v=19$m=8192,t=1,p=1$") {
		t.Fatalf("hash %q does not carry its parameters", h)
	}
	ok, rehash, err := Verify("correct horse battery staple", h, Current)
	if err != nil || !ok || !rehash {
		t.Fatalf("old params: ok=%v rehash=%v err=%v; want ok and rehash", ok, rehash, err)
	}
	if ok, _, _ := Verify("correct horse battery stapler", h, Current); ok {
		t.Fatal("a wrong password matched")
	}
	cur := Hash("correct horse battery staple", Current)
	if ok, rehash, _ := Verify("correct horse battery staple", cur, Current); !ok || rehash {
		t.Fatalf("current params: ok=%v rehash=%v", ok, rehash)
	}
	if _, _, err := Verify("x", "$bcrypt$junk", Current); err == nil {
		t.Fatal("a foreign hash was accepted")
	}
}

func BenchmarkHash(b *testing.B) {
	for b.Loop() {
		Hash("correct horse battery staple", Current)
	}
}
