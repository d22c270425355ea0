// Package session defines the server-side browser session: a random token in
// an HttpOnly cookie whose SHA-256 names a row in the database. A session
// holds a guest now and a signed-in account later, plus the few values the
// payment wizard looks up again (last customer, last quote ids).
package session

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"time"
)

// CookieName is the session cookie's name.
const CookieName = "crebit_session"

// tokenBytes is 256 bits of randomness, well above the 128 the threat model needs.
const tokenBytes = 32

// Session is one browser's server-side state.
type Session struct {
	ID         string // hex SHA-256 of the cookie token; the token itself is never stored
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
	AccountID  string // empty for a guest

	LastCustomerID        string
	LastOnRampQuoteID     string
	LastOffRampQuoteID    string
	LastExternalAccountID string

	// SecondFactorAt is when this session's sign-in passed the second
	// factor; nil when it did not (the operations console needs it).
	SecondFactorAt *time.Time
}

// Expired reports whether the session can no longer be used at now.
func (s Session) Expired(now time.Time) bool { return !now.Before(s.ExpiresAt) }

// NewToken returns a fresh cookie token and the session id derived from it.
func NewToken() (token, id string) {
	b := make([]byte, tokenBytes)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, IDFromToken(token)
}

// IDFromToken derives the stored id from a cookie token. It returns "" for a
// value that cannot be a token, so junk cookies never reach the database.
func IDFromToken(token string) string {
	b, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(b) != tokenBytes {
		return ""
	}
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
