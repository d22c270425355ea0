package httpapi

import "github.com/crebit/crebit/internal/httpapi/httpx"

// The shared plumbing (package httpx) under the names this package's
// handlers use.
var (
	writeJSON         = httpx.WriteJSON
	writeError        = httpx.WriteError
	writeMessageError = httpx.WriteMessageError
	decodeJSON        = httpx.DecodeJSON
	writeRefusal      = httpx.WriteRefusal
	writeNoSuchRoute  = httpx.NoSuchRoute
	logger            = httpx.Logger
	actor             = httpx.Actor
	currentSession    = httpx.CurrentSession
)

type (
	errorBody  = httpx.ErrorBody
	jsonNumber = httpx.JSONNumber
)

const (
	maxBodyBytes = httpx.MaxBodyBytes
	deviceCookie = httpx.DeviceCookie
)
