// Package randid makes unguessable identifiers: a short prefix naming the
// kind of thing and 128 random bits, so ids can be shown in URLs and e-mails
// without letting anyone enumerate other people's payments.
package randid

import (
	"crypto/rand"
	"encoding/base32"
	"strings"
)

var enc = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// New returns prefix_ followed by 26 base32 characters (128 bits).
func New(prefix string) string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return prefix + "_" + enc.EncodeToString(b)
}

// Valid reports whether s has the shape New(prefix) produces.
func Valid(prefix, s string) bool {
	rest, ok := strings.CutPrefix(s, prefix+"_")
	if !ok || len(rest) != 26 {
		return false
	}
	_, err := enc.DecodeString(rest)
	return err == nil
}
