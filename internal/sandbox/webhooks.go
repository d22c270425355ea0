package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
)

// setWebhookEndpoint registers (or replaces) the one receiver of events.
func (s *Sandbox) setWebhookEndpoint(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	var req struct {
		URL    string `json:"url"`
		Secret string `json:"secret"`
	}
	if err := decode(body, &req); err != nil {
		return 0, nil, err
	}
	u, err := url.Parse(req.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return 0, nil, invalid("url must be an absolute http(s) URL")
	}
	if _, err := config.DecodeWebhookSecret(req.Secret); err != nil {
		return 0, nil, invalid("secret " + err.Error())
	}
	now := s.now().UTC()
	err = tx.SandboxSetWebhook(ctx, req.URL, req.Secret, now)
	return http.StatusOK, map[string]string{"url": req.URL}, err
}

// emit records an event and enqueues its delivery in the same transaction.
func (s *Sandbox) emit(ctx context.Context, tx *store.Tx, p store.SandboxPayin, typ, offrampStatus string) error {
	now := s.now().UTC().Truncate(time.Millisecond)
	ev := partner.Event{ID: randid.New("evt"), Type: typ, CreatedAt: now, Data: partner.EventData{
		PayinID: p.ID, Reference: p.Reference, Status: p.Status, Amount: p.Amount, Currency: p.Currency,
		TrackingNumber: p.Tracking,
	}}
	if p.OfframpID != "" {
		ev.Data.Offramp = &partner.Offramp{ID: p.OfframpID, Amount: p.AmountUSD, Currency: "USD", Status: offrampStatus}
	}
	if typ == partner.EventPayinCompleted {
		if err := railReference(&ev.Data, p.Currency, now); err != nil {
			return err
		}
	}
	payload, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	if err := tx.SandboxCreateEvent(ctx, ev.ID, p.ID, typ, string(payload), now); err != nil {
		return err
	}
	return s.queue.InsertTx(ctx, tx, deliverArgs{EventID: ev.ID}, &river.InsertOpts{MaxAttempts: maxDeliveryAttempts})
}

// deliverArgs is one event to deliver.
type deliverArgs struct {
	EventID string `json:"event_id"`
}

func (deliverArgs) Kind() string { return "sandbox_deliver_webhook" }

type deliverWorker struct {
	river.WorkerDefaults[deliverArgs]
	s *Sandbox
}

// NextRetry backs off exponentially from 1 second to at most an hour; with
// maxDeliveryAttempts the sandbox keeps trying for about two days, as
// providers do.
func (w *deliverWorker) NextRetry(job *river.Job[deliverArgs]) time.Time {
	shift := min(job.Attempt-1, 12)
	return time.Now().Add(min(time.Second<<shift, time.Hour))
}

// maxDeliveryAttempts bounds how often one event is retried.
const maxDeliveryAttempts = 60

// Work posts the signed event to the registered endpoint. Anything but a
// 2xx is an error, so River retries with exponential backoff until the
// receiver acknowledges it.
func (w *deliverWorker) Work(ctx context.Context, job *river.Job[deliverArgs]) error {
	s := w.s
	var payload, hookURL, secret string
	err := s.db.Read(ctx, func(tx *store.Tx) (err error) {
		if payload, err = tx.SandboxEventPayload(ctx, job.Args.EventID); err != nil {
			return err
		}
		hookURL, secret, err = tx.SandboxWebhook(ctx)
		return err
	})
	if err != nil {
		return fmt.Errorf("load event %s: %w", job.Args.EventID, err)
	}
	key, err := config.DecodeWebhookSecret(secret)
	if err != nil {
		return err
	}
	if local, _ := s.localReceiver.Load().(string); local != "" && loopback(hookURL) {
		hookURL = local
	}
	body := []byte(payload)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, hookURL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	for k, v := range partner.Sign(key, job.Args.EventID, s.now(), body) {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "crebit-sandbox-webhooks/1")
	resp, err := s.client.Do(req)
	status := 0
	if err == nil {
		io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
		resp.Body.Close()
		status = resp.StatusCode
	}
	_ = s.db.Tx(ctx, func(tx *store.Tx) error {
		return tx.SandboxEventAttempted(ctx, job.Args.EventID, status >= 200 && status < 300, s.now().UTC())
	})
	if err != nil {
		return fmt.Errorf("deliver %s: %w", job.Args.EventID, err)
	}
	if status < 200 || status >= 300 {
		return fmt.Errorf("deliver %s: receiver answered %d", job.Args.EventID, status)
	}
	return nil
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
