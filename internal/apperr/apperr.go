// Package apperr is the one error type that crosses layers: a stable code
// that maps to an HTTP status in one table (codes.go), the request field at
// fault, and a message a person can act on. Anything that is not an *Error
// is internal and is never shown to a client.
package apperr

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/crebit/crebit/internal/i18n"
)

// Error is an error a client may see. Clients decide from Code and Field;
// Message is the English text for a person. It is made with E, so it
// carries its catalog key and arguments, and httpapi answers the key's text
// in the request's language (internal/i18n/messages).
type Error struct {
	Code    Code
	Message string
	// Key is the message's key in internal/i18n/messages ("<code>.<name>",
	// or "<code>" for the code's general message); Args fill its
	// {placeholders}.
	Key  string
	Args map[string]string
	// Field names the request's JSON field at fault, when there is one.
	Field string
	// RetryAfter is how many seconds to wait (rate_limited); sent as the
	// Retry-After header.
	RetryAfter int
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// E returns an *Error whose message is the catalog's entry "<code>.<name>"
// (the code's general message when name is ""), its {placeholders} filled
// from args: pairs of a placeholder's name and its value (fmt.Sprint). The
// English entry is Message; i18n.TestKeys checks that every key used exists
// in every language with the same placeholders.
func E(code Code, name string, args ...any) *Error {
	key := string(code)
	if name != "" {
		key += "." + name
	}
	var values map[string]string
	if len(args) > 0 {
		values = make(map[string]string, len(args)/2)
		for i := 0; i+1 < len(args); i += 2 {
			values[fmt.Sprint(args[i])] = fmt.Sprint(args[i+1])
		}
	}
	return &Error{Code: code, Message: i18n.Text("en", key, values), Key: key, Args: values}
}

// Specific returns generic in the catalog's more specific wording
// "<code>.<name>" (a corridor's own: "minimum_amount.brazil") when that
// entry says in English exactly what generic says, else generic. The
// specific entries take no arguments; they exist for languages where the
// generic sentence does not fit the value ("do Brasil", not "de Brasil").
func Specific(generic *Error, name string) *Error {
	s := E(generic.Code, name)
	if s.Message != generic.Message {
		return generic
	}
	s.Field, s.RetryAfter = generic.Field, generic.RetryAfter
	return s
}

// On returns e about one request field.
func (e *Error) On(field string) *Error {
	e.Field = field
	return e
}

// RetryAfterSeconds returns the wait an error asks for, or 0.
func RetryAfterSeconds(err error) int {
	var e *Error
	if errors.As(err, &e) {
		return e.RetryAfter
	}
	return 0
}

// Status maps an error to its HTTP status: 500 for anything not an *Error.
func Status(err error) int {
	var e *Error
	if errors.As(err, &e) {
		if c, ok := table[e.Code]; ok {
			return c.status
		}
	}
	return http.StatusInternalServerError
}

// Message is what the client sees: the *Error's message, or "internal error".
func Message(err error) string {
	var e *Error
	if errors.As(err, &e) && e.Code != Internal {
		return e.Message
	}
	return "internal error"
}

// Public returns the code and field a client sees: internal for anything
// that is not an *Error (or is one with an unknown code).
func Public(err error) (Code, string) {
	var e *Error
	if errors.As(err, &e) {
		if _, ok := table[e.Code]; ok && e.Code != Internal {
			return e.Code, e.Field
		}
	}
	return Internal, ""
}
