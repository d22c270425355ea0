package seal

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"
)

func TestSealRoundTripAndTamper(t *testing.T) {
	t.Parallel()
	s, err := New(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	a, b := s.Seal("000123456789"), s.Seal("000123456789")
	if a == b {
		t.Fatal("two seals of the same value are equal: nonce reuse")
	}
	if strings.Contains(a, "123456789") {
		t.Fatal("sealed value shows the plain text")
	}
	if got, err := s.Open(a); err != nil || got != "000123456789" {
		t.Fatalf("open: %q, %v", got, err)
	}
	other, _ := New(bytes.Repeat([]byte{8}, 32))
	if _, err := other.Open(a); err == nil {
		t.Fatal("opened with another key")
	}
	if _, err := s.Open(a[:len(a)-4] + "AAAA"); err == nil {
		t.Fatal("opened a tampered value")
	}
	if s.Hash("cpf", "x") != s.Hash("cpf", "x") || s.Hash("cpf", "x") == s.Hash("curp", "x") || s.Hash("cpf", "x") == other.Hash("cpf", "x") {
		t.Fatal("hash must be stable per purpose and key")
	}
	if _, err := New([]byte("short")); err == nil {
		t.Fatal("accepted a short key")
	}
}

func TestSealBytesRoundTripAndTamper(t *testing.T) {
	t.Parallel()
	s, err := New(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	plain := append([]byte("%PDF-1.7 "), 0, 0xff)
	a, b := s.SealBytes(plain), s.SealBytes(plain)
	if bytes.Equal(a, b) {
		t.Fatal("two seals of the same bytes are equal: nonce reuse")
	}
	if bytes.Contains(a, []byte("%PDF")) {
		t.Fatal("sealed bytes show the plain bytes")
	}
	if got, err := s.OpenBytes(a); err != nil || !bytes.Equal(got, plain) {
		t.Fatalf("open: %q, %v", got, err)
	}
	// The text form is the same seal in base64.
	if got, err := s.Open(base64.StdEncoding.EncodeToString(a)); err != nil || got != string(plain) {
		t.Fatalf("open as text: %q, %v", got, err)
	}
	other, _ := New(bytes.Repeat([]byte{8}, 32))
	if _, err := other.OpenBytes(a); err == nil {
		t.Fatal("opened with another key")
	}
	tampered := bytes.Clone(a)
	tampered[len(tampered)-1] ^= 1
	for _, bad := range [][]byte{tampered, a[:5], nil} {
		if _, err := s.OpenBytes(bad); err == nil {
			t.Fatalf("opened %x", bad)
		}
	}
}
