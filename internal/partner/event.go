package partner

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// Event types the partner sends (and the sandbox can simulate).
const (
	EventPayinProcessing  = "payin_processing"
	EventPayinCompleted   = "payin_completed"
	EventOfframpCreated   = "offramp_created"
	EventOfframpCompleted = "offramp_completed"
	EventPayinFailed      = "payin_failed"
)

// IsEventType reports whether t is one of EventTypes.
func IsEventType(t string) bool { return slices.Contains(EventTypes, t) }

// EventTypes lists every event type, in lifecycle order.
var EventTypes = []string{EventPayinProcessing, EventPayinCompleted, EventOfframpCreated, EventOfframpCompleted, EventPayinFailed}

// Event is one webhook delivery's body.
type Event struct {
	ID        string    `json:"id"`
	Type      string    `json:"type"`
	CreatedAt time.Time `json:"created_at"`
	Data      EventData `json:"data"`
}

// EventData describes the pay-in the event is about.
type EventData struct {
	PayinID        string   `json:"payin_id"`
	Reference      string   `json:"reference"`
	Status         string   `json:"status"`
	Amount         string   `json:"amount"`
	Currency       string   `json:"currency"`
	Offramp        *Offramp `json:"offramp,omitempty"`
	TrackingNumber string   `json:"tracking_number,omitempty"`
	// The rail's own reference for the received transfer, sent with
	// payin_completed: the Pix end-to-end id or the SPEI tracking key.
	EndToEndID  string `json:"end_to_end_id,omitempty"`
	TrackingKey string `json:"tracking_key,omitempty"`
}

// Offramp is the USDC -> USD leg once it exists.
type Offramp struct {
	ID       string `json:"id"`
	Amount   string `json:"amount"`
	Currency string `json:"currency"`
	Status   string `json:"status"`
}

// SignatureTolerance is how old (or how far in the future) a webhook
// timestamp may be: older deliveries are refused as replays.
const SignatureTolerance = 5 * time.Minute

// Signature errors, for logs; callers answer 401 to all of them alike.
var (
	ErrSignatureMissing = errors.New("webhook signature headers missing")
	ErrSignatureStale   = errors.New("webhook timestamp outside the 5-minute tolerance")
	ErrSignatureInvalid = errors.New("webhook signature does not match")
)

// Verify checks a Standard Webhooks signature over the raw body: HMAC-SHA256
// of "id.timestamp.body" with the secret, compared in constant time against
// every "v1," signature in the header (several allow key rotation).
func Verify(secret []byte, h http.Header, body []byte, now time.Time) error {
	id, ts, sig := h.Get("webhook-id"), h.Get("webhook-timestamp"), h.Get("webhook-signature")
	if id == "" || ts == "" || sig == "" {
		return ErrSignatureMissing
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return fmt.Errorf("%w: bad timestamp", ErrSignatureInvalid)
	}
	if d := now.Sub(time.Unix(sec, 0)); d > SignatureTolerance || d < -SignatureTolerance {
		return ErrSignatureStale
	}
	wh, _ := standardwebhooks.NewWebhookRaw(secret)
	// The library checks the timestamp against the wall clock; we checked it
	// against the injected clock above, so ask it for the signature only.
	if err := wh.VerifyIgnoringTimestamp(body, h); err != nil {
		return ErrSignatureInvalid
	}
	return nil
}

// Sign returns the headers a sender sets for body.
func Sign(secret []byte, id string, at time.Time, body []byte) http.Header {
	wh, _ := standardwebhooks.NewWebhookRaw(secret)
	sig, _ := wh.Sign(id, at, body)
	h := http.Header{}
	h.Set("webhook-id", id)
	h.Set("webhook-timestamp", strconv.FormatInt(at.Unix(), 10))
	h.Set("webhook-signature", sig)
	return h
}
