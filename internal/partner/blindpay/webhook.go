package blindpay

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// WebhookTolerance is how far a webhook's timestamp may be from now, either
// way, the docs' "reasonable default" (https://blindpay.com/docs/learn/webhooks-verification).
const WebhookTolerance = 5 * time.Minute

// Webhook verification errors, for errors.Is.
var (
	ErrWebhookHeaders   = errors.New("blindpay: webhook signature headers missing")
	ErrWebhookTimestamp = errors.New("blindpay: webhook timestamp outside tolerance")
	ErrWebhookSignature = errors.New("blindpay: webhook signature does not match")
	ErrWebhookSecret    = errors.New("blindpay: webhook secret is not whsec_<base64>")
)

// Header names. BlindPay delivers through Svix, whose headers are svix-*;
// the Standard Webhooks names (webhook-*) carry the same values and are
// what blindpay-go documents, so both are accepted.
var headerSets = [2][3]string{
	{"svix-id", "svix-timestamp", "svix-signature"},
	{"webhook-id", "webhook-timestamp", "webhook-signature"},
}

// Verify checks that body was signed with secret ("whsec_" followed by the
// base64 key) and is fresh: HMAC-SHA256 over "id.timestamp.body", compared
// in constant time with every "v1,<base64>" in the space-separated
// signature header (several during a secret rotation), and a timestamp
// within WebhookTolerance of now. body must be the raw bytes received.
func Verify(secret string, h http.Header, body []byte, now time.Time) error {
	key, err := webhookKey(secret)
	if err != nil {
		return err
	}
	id, ts, sigs, ok := webhookHeaders(h)
	if !ok {
		return ErrWebhookHeaders
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return fmt.Errorf("%w: timestamp %q", ErrWebhookTimestamp, clip(ts))
	}
	if d := now.Sub(time.Unix(sec, 0)); d > WebhookTolerance || d < -WebhookTolerance {
		return fmt.Errorf("%w: %s off", ErrWebhookTimestamp, d.Round(time.Second))
	}
	want := sign(key, id, ts, body)
	for _, cand := range strings.Fields(sigs) {
		version, sig, found := strings.Cut(cand, ",")
		if !found || version != "v1" {
			continue // another scheme (v1a is asymmetric); not ours
		}
		got, err := base64.StdEncoding.DecodeString(sig)
		if err != nil {
			continue
		}
		if hmac.Equal(got, want) {
			return nil
		}
	}
	return ErrWebhookSignature
}

// WebhookID returns the delivery's message id (svix-id or webhook-id). It
// is the same across redeliveries of one message: deduplicate on it.
func WebhookID(h http.Header) string {
	id, _, _, _ := webhookHeaders(h)
	return id
}

// Sign returns the svix-* headers BlindPay would send for body, for tests
// and for sandboxes that send BlindPay-shaped webhooks.
func Sign(secret, id string, at time.Time, body []byte) (http.Header, error) {
	key, err := webhookKey(secret)
	if err != nil {
		return nil, err
	}
	ts := strconv.FormatInt(at.Unix(), 10)
	h := http.Header{}
	h.Set("svix-id", id)
	h.Set("svix-timestamp", ts)
	h.Set("svix-signature", "v1,"+base64.StdEncoding.EncodeToString(sign(key, id, ts, body)))
	return h, nil
}

// webhookHeaders returns the first complete set of headers, svix-* first.
func webhookHeaders(h http.Header) (id, ts, sigs string, ok bool) {
	for _, set := range headerSets {
		id, ts, sigs = h.Get(set[0]), h.Get(set[1]), h.Get(set[2])
		if id != "" && ts != "" && sigs != "" {
			return id, ts, sigs, true
		}
	}
	return "", "", "", false
}

// webhookKey decodes the key of a "whsec_<base64>" secret.
func webhookKey(secret string) ([]byte, error) {
	b64, ok := strings.CutPrefix(secret, "whsec_")
	if !ok {
		return nil, ErrWebhookSecret
	}
	key, err := base64.StdEncoding.DecodeString(b64)
	if err != nil || len(key) == 0 {
		return nil, ErrWebhookSecret
	}
	return key, nil
}

func sign(key []byte, id, ts string, body []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(id))
	m.Write([]byte{'.'})
	m.Write([]byte(ts))
	m.Write([]byte{'.'})
	m.Write(body)
	return m.Sum(nil)
}
