// Package apperr is the one error type that crosses layers: a code that maps
// to an HTTP status in one table, and a message a person can act on. Anything
// that is not an *Error is internal and is never shown to a client.
package apperr

import (
	"errors"
	"fmt"
	"net/http"
)

// Code classifies an error for the HTTP layer.
type Code string

// Codes, mapped to statuses by Status.
const (
	Invalid       Code = "invalid"       // the request is wrong; fixing it helps
	NotFound      Code = "not_found"     // no such thing, or not yours
	Conflict      Code = "conflict"      // the state does not allow it (quote used, duplicate)
	Gone          Code = "gone"          // it existed but is no longer usable (expired quote)
	Unauthorized  Code = "unauthorized"  // missing or bad credentials or signature
	Forbidden     Code = "forbidden"     // known caller, not allowed
	TooLarge      Code = "too_large"     // body over the limit
	RateLimited   Code = "rate_limited"  // too many attempts
	Unavailable   Code = "unavailable"   // a dependency (the partner) failed; retry later
	Internal      Code = "internal"      // a bug or an outage; details only in the log
	Unprocessable Code = "unprocessable" // well-formed but refused (e.g. KYC rejected)
)

var statuses = map[Code]int{
	Invalid:       http.StatusBadRequest,
	NotFound:      http.StatusNotFound,
	Conflict:      http.StatusConflict,
	Gone:          http.StatusGone,
	Unauthorized:  http.StatusUnauthorized,
	Forbidden:     http.StatusForbidden,
	TooLarge:      http.StatusRequestEntityTooLarge,
	RateLimited:   http.StatusTooManyRequests,
	Unavailable:   http.StatusBadGateway,
	Internal:      http.StatusInternalServerError,
	Unprocessable: http.StatusUnprocessableEntity,
}

// Error is an error a client may see.
type Error struct {
	Code    Code
	Message string
	// Field names the request field at fault, when there is one.
	Field string
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// New returns an *Error with a formatted message.
func New(code Code, format string, a ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, a...)}
}

// Field returns an Invalid error about one field.
func FieldError(field, message string) *Error {
	return &Error{Code: Invalid, Message: message, Field: field}
}

// Status maps an error to its HTTP status: 500 for anything not an *Error.
func Status(err error) int {
	var e *Error
	if errors.As(err, &e) {
		if s, ok := statuses[e.Code]; ok {
			return s
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

// Is reports whether err is an *Error with the given code.
func Is(err error, code Code) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == code
}
