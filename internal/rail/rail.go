// Package rail holds the references the local payment rails give a
// transfer: the Pix end-to-end id (Brazil) and the SPEI tracking key, the
// "clave de rastreo" (Mexico). Pure: formats, validation and generation from
// a caller's random source; no I/O.
package rail

import (
	"errors"
	"fmt"
	"io"
	"time"
)

// CEPURL is Banxico's lookup of a SPEI transfer's electronic payment proof
// (Comprobante Electrónico de Pago): the payer enters the date, the tracking
// key, the banks and the amount.
const CEPURL = "https://www.banxico.org.mx/cep/"

// EndToEndIDLength is the fixed length of a Pix end-to-end id.
const EndToEndIDLength = 32

// MaxTrackingKeyLength is the longest SPEI tracking key.
const MaxTrackingKeyLength = 30

// Errors for references that do not have their rail's format.
var (
	ErrEndToEndID  = errors.New("not a Pix end-to-end id (E + 8-digit ISPB + yyyyMMddHHmm UTC + 11 letters or digits)")
	ErrTrackingKey = errors.New("not a SPEI tracking key (1 to 30 letters or digits)")
)

// ValidateEndToEndID checks the BCB format "E" + the initiating
// institution's 8-digit ISPB + the submission time as yyyyMMddHHmm (UTC, a
// real date and time) + 11 letters or digits: 32 characters.
func ValidateEndToEndID(id string) error {
	if len(id) != EndToEndIDLength || id[0] != 'E' {
		return ErrEndToEndID
	}
	for _, c := range []byte(id[1:21]) {
		if c < '0' || c > '9' {
			return ErrEndToEndID
		}
	}
	if _, err := time.Parse("200601021504", id[9:21]); err != nil {
		return ErrEndToEndID
	}
	if !alnum(id[21:]) {
		return ErrEndToEndID
	}
	return nil
}

// EndToEndTime is the submission time an end-to-end id carries.
func EndToEndTime(id string) (time.Time, error) {
	if err := ValidateEndToEndID(id); err != nil {
		return time.Time{}, err
	}
	return time.Parse("200601021504", id[9:21])
}

// NewEndToEndID makes an end-to-end id for a transfer initiated by the
// institution ispb at time at, with 11 random letters or digits from rnd.
func NewEndToEndID(ispb string, at time.Time, rnd io.Reader) (string, error) {
	if len(ispb) != 8 || !digits(ispb) {
		return "", fmt.Errorf("rail: ISPB %q is not 8 digits", ispb)
	}
	tail, err := randomAlnum(rnd, 11)
	if err != nil {
		return "", err
	}
	return "E" + ispb + at.UTC().Format("200601021504") + tail, nil
}

// ValidateTrackingKey checks a SPEI clave de rastreo: 1 to 30 letters or
// digits (the sending bank chooses it).
func ValidateTrackingKey(key string) error {
	if len(key) == 0 || len(key) > MaxTrackingKeyLength || !alnum(key) {
		return ErrTrackingKey
	}
	return nil
}

// NewTrackingKey makes a tracking key the way many sending banks do: their
// prefix, the operation date as yyyyMMdd and random digits, 30 characters
// at most.
func NewTrackingKey(prefix string, at time.Time, rnd io.Reader) (string, error) {
	if !alnum(prefix) || len(prefix) > MaxTrackingKeyLength-8-6 {
		return "", fmt.Errorf("rail: tracking key prefix %q must be at most 16 letters or digits", prefix)
	}
	n := min(10, MaxTrackingKeyLength-len(prefix)-8)
	seq, err := randomDigits(rnd, n)
	if err != nil {
		return "", err
	}
	return prefix + at.Format("20060102") + seq, nil
}

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// randomAlnum draws n characters uniformly (rejecting bytes that would bias).
func randomAlnum(rnd io.Reader, n int) (string, error) { return draw(rnd, n, alphabet) }

func randomDigits(rnd io.Reader, n int) (string, error) { return draw(rnd, n, "0123456789") }

func draw(rnd io.Reader, n int, set string) (string, error) {
	out := make([]byte, 0, n)
	limit := 256 - 256%len(set)
	buf := make([]byte, 1)
	for len(out) < n {
		if _, err := io.ReadFull(rnd, buf); err != nil {
			return "", fmt.Errorf("rail: random source: %w", err)
		}
		if int(buf[0]) < limit {
			out = append(out, set[int(buf[0])%len(set)])
		}
	}
	return string(out), nil
}

func alnum(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') {
			return false
		}
	}
	return len(s) > 0
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
