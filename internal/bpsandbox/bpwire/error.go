package bpwire

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
)

// Error is a refusal in BlindPay's envelope.
type Error struct {
	Code        string // stable code; empty where the vendor documents none
	Status      int    // 0: the operation's status for Code, else the vendor table's
	Message     string // legacy message; empty: the vendor table's
	Description string
	Errors      []string
}

func (e *Error) Error() string { return e.Code + " " + e.Message }

// Fail returns the vendor's error for code, with optional details for its
// errors list.
func Fail(code string, details ...string) *Error {
	return &Error{Code: code, Errors: details}
}

// Invalid is VALIDATION_FAILED naming what is wrong.
func Invalid(details ...string) error { return Fail("VALIDATION_FAILED", details...) }

type vendorError struct {
	status               int
	message, description string
}

// envelope is BlindPay's error body.
type envelope struct {
	Success     bool     `json:"success"`
	Code        string   `json:"code,omitempty"`
	Message     string   `json:"message"`
	Description string   `json:"description,omitempty"`
	Errors      []string `json:"errors"`
	TraceID     string   `json:"trace_id"`
}

// Write answers e in BlindPay's envelope: what e leaves empty comes from
// the vendor's table for its code, the status from the operation's own
// list (r.Pattern) when it names the code, and a fresh trace id.
func Write(w http.ResponseWriter, r *http.Request, e *Error) {
	status, message, description := e.Status, e.Message, e.Description
	if v, ok := vendorErrors[e.Code]; ok {
		if status == 0 {
			status = v.status
			if st, ok := operationErrors[r.Pattern][e.Code]; ok {
				status = st
			}
		}
		if message == "" {
			message = v.message
		}
		if description == "" {
			description = v.description
		}
	}
	if status == 0 {
		status = http.StatusBadRequest
	}
	errs := e.Errors
	if errs == nil {
		errs = []string{}
	}
	b, _ := json.Marshal(envelope{Code: e.Code, Message: message, Description: description, Errors: errs, TraceID: traceID()})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
}

func traceID() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}
