package blindpay

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
)

// maxCallerKey is the longest caller key kept readable in the header;
// longer ones are hashed. BlindPay accepts up to 255 characters.
const maxCallerKey = 150

// IdempotencyKey derives the Idempotency-Key header of a request from the
// caller's key and a SHA-256 of the method, the path and the exact body
// bytes: "<caller key>.<40 hex digits>".
//
// BlindPay replays the stored answer for a key seen with a byte-identical
// body and refuses (422 idempotency_key_payload_mismatch) a key seen with
// any other body, for 24 hours. Hashing the body into the key gives both
// behaviours Crebit needs: a true retry (same key, same body) replays, and
// a corrected submission under the same caller key (a fixed KYC field, a
// new amount) is a new request instead of an error. The method and path
// are hashed too because the vendor does not say whether keys are scoped
// per endpoint, so one caller key may serve several calls.
//
// The body hash makes the caller key's job "one logical attempt": a caller
// that wants a second, distinct request with the same body (a fresh quote
// after the first one expired) must use a new caller key.
func IdempotencyKey(callerKey, method, path string, body []byte) string {
	h := sha256.New()
	h.Write([]byte(method))
	h.Write([]byte{' '})
	h.Write([]byte(path))
	h.Write([]byte{'\n'})
	h.Write(body)
	return readableKey(callerKey) + "." + hex.EncodeToString(h.Sum(nil))[:40]
}

// readableKey returns k when it is short printable ASCII without spaces,
// else a hash of it, so the header stays valid and under 255 characters.
func readableKey(k string) string {
	ok := len(k) <= maxCallerKey
	for i := 0; ok && i < len(k); i++ {
		ok = k[i] > ' ' && k[i] < 0x7f
	}
	if ok {
		return k
	}
	sum := sha256.Sum256([]byte(k))
	return "h" + hex.EncodeToString(sum[:16])
}

// randomKey returns a fresh caller key for read-only POSTs (FX rates): a
// fixed key would make BlindPay replay a day-old rate.
func randomKey() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return "rnd" + hex.EncodeToString(b[:])
}
