package bpwire

import (
	"crypto/rand"
	"encoding/json"
	"strings"
	"time"
)

// Decode reads a JSON body into dst; an empty body is
// VALIDATION_MISSING_BODY, malformed JSON VALIDATION_FAILED.
func Decode(body []byte, dst any) error {
	if len(strings.TrimSpace(string(body))) == 0 {
		return Fail("VALIDATION_MISSING_BODY")
	}
	if err := json.Unmarshal(body, dst); err != nil {
		return Fail("VALIDATION_FAILED", err.Error())
	}
	return nil
}

// NewID returns a BlindPay-shaped id: prefix_ and 12 random characters
// (15 in all, the spec's length).
func NewID(prefix string) string {
	const alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	b := make([]byte, 12)
	rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return prefix + "_" + string(b)
}

// ISOTime formats a time as BlindPay does (RFC 3339, milliseconds, UTC).
func ISOTime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }
