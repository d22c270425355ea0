package actor

import (
	"time"
)

// Actor is who makes a request: the browser session and, once signed in,
// the account. The HTTP layer builds it once per request; every use case
// takes it, and owns decides every "is this yours?" question.
type Actor struct {
	SessionID string // empty when the browser has no session yet
	AccountID string // empty for a guest
	UserAgent string // the browser's; only its approximate device is kept, at sign-in
	Lang      string // the request's language (en, pt-BR, es-MX): e-mails it causes are written in it
	// ChosenLang is the language the person chose on this device (the
	// crebit_lang cookie), "" when the browser's preference was only guessed.
	ChosenLang string
	// Device is the SHA-256 of the browser's device token (the
	// crebit_device cookie, set at its first sign-in), "" without one.
	Device string
	// IP is the client's address, as CREBIT_TRUSTED_PROXIES resolves it.
	IP string
	// SignedInAt is when the session began (its sign-in), and
	// SecondFactorAt when that sign-in passed two-factor authentication
	// (nil when it did not): the operations console reads both.
	SignedInAt     time.Time
	SecondFactorAt *time.Time
}

// SignedIn reports whether the actor is a signed-in account.
func (a Actor) SignedIn() bool { return a.AccountID != "" }

// Owns is the one ownership rule for customers, quotes, bank accounts and
// payments. An object that belongs to an account is the account's alone,
// whichever browser it was made in; a guest object belongs to the session
// that made it (and becomes the account's when that session signs in or up).
func (a Actor) Owns(sessionID, accountID string) bool {
	if accountID != "" {
		return a.AccountID == accountID
	}
	return a.SessionID != "" && a.SessionID == sessionID
}
