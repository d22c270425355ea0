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
	} {
		if got := CheckPassword(tc.pw, " Maria.Silva@Example.com "); !errors.Is(got, tc.want) {
			t.Errorf("CheckPassword(%q) = %v, want %v", tc.pw, got, tc.want)
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
