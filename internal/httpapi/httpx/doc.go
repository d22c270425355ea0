// Package httpx is the plumbing every API handler shares: the one JSON error
// shape and its writing in the request's language, strict JSON decoding, the
// request-scoped logger, and who makes the request (the session httpapi's
// middleware loaded, as an actor).
package httpx
