package bphook

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/bpsandbox/bpstore"
	"github.com/crebit/crebit/internal/bpsandbox/bpwire"
	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/store"
)

// events are the event types an endpoint may subscribe to (the
// spec's WebhookEndpointIn.events enum); the sandbox sends customer.new,
// customer.update, tos.accept, payin.* and payout.*.
var events = []string{"customer.new", "customer.update", "customer.delete", "bankAccount.new", "payout.new",
	"payout.update", "payout.complete", "payout.partnerFee", "blockchainWallet.new", "payin.new", "payin.update",
	"payin.complete", "payin.partnerFee", "tos.accept", "limitIncrease.new", "limitIncrease.update", "virtualAccount.new",
	"virtualAccount.complete", "transfer.new", "transfer.update", "transfer.complete", "wallet.new", "wallet.inbound"}

// maxEndpoints is the documented limit per instance.
const maxEndpoints = 25

// endpointOut is WebhookEndpoint.
type endpointOut struct {
	ID          string   `json:"id"`
	URL         string   `json:"url"`
	Events      []string `json:"events"`
	LastEventAt *string  `json:"last_event_at"`
	InstanceID  string   `json:"instance_id"`
	CreatedAt   string   `json:"created_at"`
	UpdatedAt   string   `json:"updated_at"`
}

// Hooks are one instance's webhook endpoints and the deliveries of its
// events to them.
type Hooks struct {
	db         *store.DB
	queue      *jobs.Queue
	instanceID string
	retry      []time.Duration // the wait before each retry; its length bounds the attempts
	now        func() time.Time
	client     *http.Client

	lose  atomic.Int64 // events still to lose (Lose)
	local atomic.Value // string: this process's own webhook receiver (SetLocalReceiver)
}

// New returns the hooks of the instance instanceID and registers their
// delivery job on queue (call before queue.Init). A delivery must be
// answered within timeout.
func New(db *store.DB, queue *jobs.Queue, instanceID string, retry []time.Duration, timeout time.Duration, now func() time.Time) *Hooks {
	h := &Hooks{db: db, queue: queue, instanceID: instanceID, retry: retry, now: now,
		client: &http.Client{Timeout: timeout,
			// Svix counts a redirect as a failure: it is not followed.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	jobs.Register(queue, &deliverWorker{h: h})
	return h
}

// SetLocalReceiver tells the hooks where this process receives webhooks
// (see the sandbox's SetLocalReceiver).
func (h *Hooks) SetLocalReceiver(url string) { h.local.Store(url) }

// Lose makes the next n events be recorded but never delivered.
func (h *Hooks) Lose(n int) { h.lose.Store(int64(n)) }

// CreateEndpoint registers a webhook endpoint with its own whsec_ secret
// (read back with GET …/{id}/secret). events [] means every event. Unlike
// BlindPay, http and loopback URLs are accepted: the sandbox runs beside
// Crebit on a developer's machine.
func (h *Hooks) CreateEndpoint(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	var req struct {
		URL    string    `json:"url"`
		Events *[]string `json:"events"`
	}
	if err := bpwire.Decode(body, &req); err != nil {
		return 0, nil, err
	}
	if req.URL == "" || req.Events == nil {
		return 0, nil, bpwire.Fail("VALIDATION_MISSING_REQUIRED_FIELDS", "url", "events")
	}
	u, err := url.Parse(req.URL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return 0, nil, bpwire.Fail("WEBHOOKS_URL_INVALID")
	}
	for _, e := range *req.Events {
		if !slices.Contains(events, e) {
			return 0, nil, bpwire.Invalid("events: unknown event " + e)
		}
	}
	existing, err := bpstore.Endpoints(ctx, tx)
	if err != nil {
		return 0, nil, err
	}
	if len(existing) >= maxEndpoints {
		return 0, nil, bpwire.Fail("WEBHOOKS_LIMIT_REACHED")
	}
	events, _ := json.Marshal(*req.Events)
	key := make([]byte, 24)
	rand.Read(key)
	e := bpstore.BPEndpoint{ID: bpwire.NewID("we"), URL: req.URL, Events: string(events), Secret: "whsec_" + base64.StdEncoding.EncodeToString(key),
		CreatedAt: h.now().UTC()}
	if err := bpstore.CreateEndpoint(ctx, tx, e); err != nil {
		return 0, nil, err
	}
	return http.StatusOK, map[string]string{"id": e.ID}, nil
}

// ListEndpoints lists the endpoints.
func (h *Hooks) ListEndpoints(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	eps, err := bpstore.Endpoints(ctx, tx)
	out := []endpointOut{}
	for _, e := range eps {
		var events []string
		json.Unmarshal([]byte(e.Events), &events)
		out = append(out, endpointOut{ID: e.ID, URL: e.URL, Events: events, InstanceID: h.instanceID,
			CreatedAt: bpwire.ISOTime(e.CreatedAt), UpdatedAt: bpwire.ISOTime(e.CreatedAt)})
	}
	return http.StatusOK, out, err
}

// DeleteEndpoint removes an endpoint.
func (h *Hooks) DeleteEndpoint(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	found, err := bpstore.DeleteEndpoint(ctx, tx, r.PathValue("id"))
	if err == nil && !found {
		return 0, nil, &bpwire.Error{Code: "VALIDATION_FAILED", Status: http.StatusBadRequest, Description: "No such webhook endpoint."}
	}
	return http.StatusOK, map[string]bool{"success": true}, err
}

// EndpointSecret answers an endpoint's signing secret.
func (h *Hooks) EndpointSecret(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	e, err := bpstore.Endpoint(ctx, tx, r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		return 0, nil, &bpwire.Error{Code: "VALIDATION_FAILED", Status: http.StatusBadRequest, Description: "No such webhook endpoint."}
	}
	return http.StatusOK, map[string]string{"key": e.Secret}, err
}

// WithEvent is an event's payload: the resource's own fields (only those
// in keep, when given) flat beside webhook_event, as BlindPay sends them
// [docs/BLINDPAY.md §11].
func WithEvent(event string, v any, keep []string) map[string]any {
	b, _ := json.Marshal(v)
	var all map[string]any
	json.Unmarshal(b, &all)
	out := map[string]any{"webhook_event": event}
	for k, x := range all {
		if keep == nil || slices.Contains(keep, k) {
			out[k] = x
		}
	}
	return out
}

// Emit records an event (one Svix message, id msg_…) and, in the same
// transaction, a delivery job for every endpoint subscribed to its type.
// Deliveries are independent jobs, so, as with Svix, events may arrive out
// of order: a receiver takes the state from each payload's status.
func (h *Hooks) Emit(ctx context.Context, tx *store.Tx, typ, objectID string, payload any) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	eps, err := bpstore.Endpoints(ctx, tx)
	if err != nil {
		return err
	}
	var to []string
	if h.lose.Load() > 0 && h.lose.Add(-1) >= 0 {
		eps = nil // lost on the way (Lose): recorded, never delivered
	}
	for _, e := range eps {
		var events []string
		json.Unmarshal([]byte(e.Events), &events)
		if len(events) == 0 || slices.Contains(events, typ) {
			to = append(to, e.ID)
		}
	}
	id := "msg_" + bpwire.NewID("x")[2:] + bpwire.NewID("x")[2:]
	if err := bpstore.CreateEvent(ctx, tx, id, typ, objectID, string(b), to, h.now().UTC()); err != nil {
		return err
	}
	for _, ep := range to {
		if err := h.queue.InsertTx(ctx, tx, deliverArgs{EventID: id, EndpointID: ep},
			&river.InsertOpts{MaxAttempts: len(h.retry) + 1}); err != nil {
			return err
		}
	}
	return nil
}

// deliverArgs is one event to deliver to one endpoint.
type deliverArgs struct {
	EventID    string `json:"event_id"`
	EndpointID string `json:"endpoint_id"`
}

func (deliverArgs) Kind() string { return "bpsandbox_deliver_webhook" }

type deliverWorker struct {
	river.WorkerDefaults[deliverArgs]
	h *Hooks
}

// NextRetry follows the configured schedule (Svix's by default).
func (w *deliverWorker) NextRetry(job *river.Job[deliverArgs]) time.Time {
	sched := w.h.retry
	return time.Now().Add(sched[min(job.Attempt-1, len(sched)-1)])
}

// Work posts the event, signed, to the endpoint. Anything but a 2xx within
// the delivery timeout (redirects included) is a failure, retried on the
// schedule; every attempt carries the same svix-id, so the receiver can
// drop the copies. A deleted endpoint ends the delivery.
func (w *deliverWorker) Work(ctx context.Context, job *river.Job[deliverArgs]) error {
	return bpwire.AsSandbox(ctx, func(ctx context.Context) error { return w.deliver(ctx, job) })
}

func (w *deliverWorker) deliver(ctx context.Context, job *river.Job[deliverArgs]) error {
	h := w.h
	var payload string
	var ep bpstore.BPEndpoint
	local, _ := h.local.Load().(string)
	target, secret := "", ""
	err := h.db.ReadOne(ctx, func(tx *store.Tx) (err error) {
		payload, ep, err = bpstore.Delivery(ctx, tx, job.Args.EventID, job.Args.EndpointID)
		return err
	})
	target, secret = ep.URL, ep.Secret
	if err == nil && local != "" && loopback(ep.URL) && ep.URL != local {
		// Delivered to this process's receiver, which checks the secret of
		// the endpoint it registered: instances sharing the database each
		// register their own loopback address, so an event goes to every
		// one's endpoint and any instance may run the delivery.
		target = local
		err = h.db.ReadOne(ctx, func(tx *store.Tx) error {
			eps, err := bpstore.Endpoints(ctx, tx)
			for _, e := range eps {
				if e.URL == local {
					secret = e.Secret
				}
			}
			return err
		})
	}
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("load event %s: %w", job.Args.EventID, err)
	}
	body := []byte(payload)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		return err
	}
	headers, err := Sign(secret, job.Args.EventID, h.now(), body)
	if err != nil {
		return err
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Svix-Webhooks/1.0 (bpsandbox)")
	resp, err := h.client.Do(req)
	status := 0
	if err == nil {
		io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
		resp.Body.Close()
		status = resp.StatusCode
	}
	ok := status >= 200 && status < 300
	_ = h.db.WriteOne(ctx, func(tx *store.Tx) error {
		return bpstore.DeliveryAttempted(ctx, tx, job.Args.EventID, job.Args.EndpointID, status, ok, h.now().UTC())
	})
	if err != nil {
		return fmt.Errorf("deliver %s to %s: %w", job.Args.EventID, job.Args.EndpointID, err)
	}
	if !ok {
		return fmt.Errorf("deliver %s to %s: the endpoint answered %d", job.Args.EventID, job.Args.EndpointID, status)
	}
	return nil
}

// Sign returns the svix-id, svix-timestamp and svix-signature headers for
// body: v1, and the base64 HMAC-SHA256, keyed with the base64-decoded part
// of secret after whsec_, of "id.timestamp.body" [docs/BLINDPAY.md §11].
func Sign(secret, msgID string, at time.Time, body []byte) (map[string]string, error) {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil || !strings.HasPrefix(secret, "whsec_") {
		return nil, errors.New("bpsandbox: a webhook secret is whsec_ and base64")
	}
	ts := strconv.FormatInt(at.Unix(), 10)
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(msgID + "." + ts + "."))
	mac.Write(body)
	return map[string]string{"svix-id": msgID, "svix-timestamp": ts,
		"svix-signature": "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))}, nil
}

// loopback reports whether a URL's host is this machine.
func loopback(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	h := u.Hostname()
	if h == "localhost" {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}
