package rail

import (
	"bytes"
	"crypto/rand"
	"errors"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

func TestValidateEndToEndID(t *testing.T) {
	tests := []struct {
		id string
		ok bool
	}{
		{"E9040088820210128000800123873170", true}, // the example of the Open Finance Brasil specification
		{"E18236120202611232315AbCdEfGh123", true},
		{"e9040088820210128000800123873170", false},  // lower-case prefix
		{"D9040088820210128000800123873170", false},  // devolution ids start with D
		{"E904008882021012800080012387317", false},   // 31 characters
		{"E90400888202101280008001238731700", false}, // 33 characters
		{"E9040088x20210128000800123873170", false},  // ISPB not digits
		{"E9040088820211328000800123873170", false},  // month 13
		{"E9040088820210230000800123873170", false},  // 30 February
		{"E9040088820210128240000123873170", false},  // hour 24
		{"E9040088820210128006000123873170", false},  // minute 60
		{"E904008882021012800080012387317-", false},  // tail not alphanumeric
		{"E9040088820210128000800 12387317", false},  // space
		{"", false},
	}
	for _, tt := range tests {
		err := ValidateEndToEndID(tt.id)
		if (err == nil) != tt.ok {
			t.Errorf("ValidateEndToEndID(%q) = %v, want ok=%v", tt.id, err, tt.ok)
		}
		if err != nil && !errors.Is(err, ErrEndToEndID) {
			t.Errorf("error %v is not ErrEndToEndID", err)
		}
	}
}

func TestNewEndToEndID(t *testing.T) {
	at := time.Date(2026, 11, 23, 20, 15, 59, 0, time.FixedZone("BRT", -3*3600))
	seen := map[string]bool{}
	for range 200 {
		id, err := NewEndToEndID("18236120", at, rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		if err := ValidateEndToEndID(id); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if !strings.HasPrefix(id, "E18236120"+"202611232315") { // the time is UTC
			t.Fatalf("%s does not carry the ISPB and the UTC minute", id)
		}
		if seen[id] {
			t.Fatalf("%s drawn twice", id)
		}
		seen[id] = true
	}
	if got, _ := EndToEndTime("E18236120202611232315AbCdEfGh123"); !got.Equal(time.Date(2026, 11, 23, 23, 15, 0, 0, time.UTC)) {
		t.Fatalf("EndToEndTime = %v", got)
	}
	for _, ispb := range []string{"", "1823612", "182361200", "1823612x"} {
		if _, err := NewEndToEndID(ispb, at, rand.Reader); err == nil {
			t.Errorf("ISPB %q accepted", ispb)
		}
	}
	if _, err := NewEndToEndID("18236120", at, iotest.ErrReader(errors.New("dry"))); err == nil {
		t.Error("a failing random source gave an id")
	}
}

func TestTrackingKey(t *testing.T) {
	tests := []struct {
		key string
		ok  bool
	}{
		{"MBAN01002511230009876543", true},
		{"8846APR1", true},
		{strings.Repeat("A", 30), true},
		{strings.Repeat("A", 31), false},
		{"", false},
		{"MBAN-0100", false},
		{"clave rastreo", false},
		{"ÑANDU123", false},
	}
	for _, tt := range tests {
		if err := ValidateTrackingKey(tt.key); (err == nil) != tt.ok {
			t.Errorf("ValidateTrackingKey(%q) = %v, want ok=%v", tt.key, err, tt.ok)
		}
	}
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	key, err := NewTrackingKey("CREBSB", at, bytes.NewReader(bytes.Repeat([]byte{7}, 64)))
	if err != nil {
		t.Fatal(err)
	}
	if key != "CREBSB20261123"+"7777777777" || ValidateTrackingKey(key) != nil {
		t.Fatalf("key %q", key)
	}
	long, err := NewTrackingKey(strings.Repeat("B", 16), at, rand.Reader)
	if err != nil || len(long) != 30 || ValidateTrackingKey(long) != nil {
		t.Fatalf("long prefix: %q %v", long, err)
	}
	for _, p := range []string{strings.Repeat("B", 17), "CRE-B"} {
		if _, err := NewTrackingKey(p, at, rand.Reader); err == nil {
			t.Errorf("prefix %q accepted", p)
		}
	}
}
