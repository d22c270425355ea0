package blindpay

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"testing"
	"time"
)

// vector is a recorded verification case (webhook_signature.*.json).
type vector struct {
	Secret  string            `json:"secret"`
	Headers map[string]string `json:"headers"`
	Body    string            `json:"body"`
}

func loadVector(t *testing.T, file string) (vector, http.Header, time.Time) {
	t.Helper()
	var v vector
	if err := json.Unmarshal(readExample(t, file), &v); err != nil {
		t.Fatal(err)
	}
	h := http.Header{}
	for k, val := range v.Headers {
		h.Set(k, val)
	}
	sec, err := strconv.ParseInt(v.Headers["svix-timestamp"], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v, h, time.Unix(sec, 0)
}

func TestVerifyVectors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file string
		want error
	}{
		// Svix's published example.
		{"webhook_signature.svix.json", nil},
		// BlindPay's docs example: its signature is wrong for its own
		// secret and body (docs/BLINDPAY.md §11).
		{"webhook_signature.docs.json", ErrWebhookSignature},
		// The docs' invalid signature first, the right one second.
		{"webhook_signature.computed.json", nil},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			v, h, at := loadVector(t, tt.file)
			if err := Verify(v.Secret, h, []byte(v.Body), at.Add(90*time.Second)); !errors.Is(err, tt.want) {
				t.Errorf("Verify = %v, want %v", err, tt.want)
			}
		})
	}
}

func TestVerify(t *testing.T) {
	t.Parallel()
	const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	body := []byte(`{"webhook_event":"payin.complete","id":"pi_000000000001","status":"completed"}`)
	at := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	signed, err := Sign(secret, "msg_2a", at, body)
	if err != nil {
		t.Fatal(err)
	}
	rename := func(h http.Header) http.Header {
		out := http.Header{}
		out.Set("webhook-id", h.Get("svix-id"))
		out.Set("webhook-timestamp", h.Get("svix-timestamp"))
		out.Set("webhook-signature", h.Get("svix-signature"))
		return out
	}
	with := func(k, v string) http.Header {
		h := signed.Clone()
		h.Set(k, v)
		return h
	}
	other, _ := Sign("whsec_cGxKM25teUNER0JLSW5hdmRPSzE1anNs", "msg_2a", at, body)
	tests := []struct {
		name   string
		secret string
		h      http.Header
		body   []byte
		now    time.Time
		want   error
	}{
		{"valid", secret, signed, body, at, nil},
		{"valid, Standard Webhooks headers", secret, rename(signed), body, at, nil},
		{"4m59s late", secret, signed, body, at.Add(4*time.Minute + 59*time.Second), nil},
		{"4m59s early", secret, signed, body, at.Add(-4*time.Minute - 59*time.Second), nil},
		{"5m01s late", secret, signed, body, at.Add(5*time.Minute + time.Second), ErrWebhookTimestamp},
		{"5m01s early", secret, signed, body, at.Add(-5*time.Minute - time.Second), ErrWebhookTimestamp},
		{"body changed", secret, signed, []byte(`{"webhook_event":"payin.complete","id":"pi_000000000001","status":"completed "}`), at, ErrWebhookSignature},
		{"body re-serialised", secret, signed, []byte(`{"id":"pi_000000000001","status":"completed","webhook_event":"payin.complete"}`), at, ErrWebhookSignature},
		{"id changed", secret, with("svix-id", "msg_2b"), body, at, ErrWebhookSignature},
		{"timestamp changed", secret, with("svix-timestamp", strconv.FormatInt(at.Unix()+1, 10)), body, at, ErrWebhookSignature},
		{"other secret", "whsec_cGxKM25teUNER0JLSW5hdmRPSzE1anNs", signed, body, at, ErrWebhookSignature},
		{"rotation: old and new signatures", secret, with("svix-signature", other.Get("svix-signature")+" "+signed.Get("svix-signature")), body, at, nil},
		{"rotation: only the other key", secret, other, body, at, ErrWebhookSignature},
		{"unknown version only", secret, with("svix-signature", "v1a,"+signed.Get("svix-signature")[3:]), body, at, ErrWebhookSignature},
		{"garbage candidates then the right one", secret, with("svix-signature", "v1 v1,!!! v2,abc "+signed.Get("svix-signature")), body, at, nil},
		{"signature missing", secret, with("svix-signature", ""), body, at, ErrWebhookHeaders},
		{"no headers", secret, http.Header{}, body, at, ErrWebhookHeaders},
		{"timestamp not a number", secret, with("svix-timestamp", "yesterday"), body, at, ErrWebhookTimestamp},
		{"secret without prefix", "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", signed, body, at, ErrWebhookSecret},
		{"secret not base64", "whsec_???", signed, body, at, ErrWebhookSecret},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if err := Verify(tt.secret, tt.h, tt.body, tt.now); !errors.Is(err, tt.want) {
				t.Errorf("Verify = %v, want %v", err, tt.want)
			}
		})
	}
	if id := WebhookID(signed); id != "msg_2a" {
		t.Errorf("WebhookID = %q", id)
	}
	if id := WebhookID(rename(signed)); id != "msg_2a" {
		t.Errorf("WebhookID (webhook-*) = %q", id)
	}
}

// Sign reproduces Svix's published signature, so tests that sign their
// own fixtures sign them as BlindPay does.
func TestSignMatchesSvix(t *testing.T) {
	t.Parallel()
	v, h, at := loadVector(t, "webhook_signature.svix.json")
	got, err := Sign(v.Secret, h.Get("svix-id"), at, []byte(v.Body))
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"svix-id", "svix-timestamp", "svix-signature"} {
		if got.Get(k) != h.Get(k) {
			t.Errorf("%s = %q, want %q", k, got.Get(k), h.Get(k))
		}
	}
}
