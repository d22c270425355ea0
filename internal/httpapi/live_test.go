package httpapi_test

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/rail"
	"github.com/crebit/crebit/internal/store"
)

// sseEvent is one Server-Sent Event, or a comment line.
type sseEvent struct {
	ID, Event, Comment string
	Data               map[string]any
}

// stream is an open live status stream.
type stream struct {
	t      *testing.T
	resp   *http.Response
	events chan sseEvent
}

// openStream opens a payment's event stream as browser b, sending
// Last-Event-ID when lastID is not empty.
func openStream(t *testing.T, h *apptest.Harness, b *apptest.Browser, txn, lastID string) (*stream, int) {
	t.Helper()
	req, _ := http.NewRequest("GET", h.URL+"/api/payments/"+txn+"/events", nil)
	req.Header.Set("Accept", "text/event-stream")
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	client := *b.HTTP
	client.Timeout = 0 // a stream has no end
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var e map[string]any
		json.Unmarshal(body, &e)
		if code, _ := e["code"].(string); code != "transaction_not_found" {
			t.Fatalf("refused stream: %d %s", resp.StatusCode, body)
		}
		return nil, resp.StatusCode
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	s := &stream{t: t, resp: resp, events: make(chan sseEvent, 64)}
	t.Cleanup(func() { resp.Body.Close() })
	go s.read()
	return s, http.StatusOK
}

func (s *stream) read() {
	defer close(s.events)
	sc := bufio.NewScanner(s.resp.Body)
	var ev sseEvent
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if ev.Event != "" || ev.Comment != "" {
				s.events <- ev
			}
			ev = sseEvent{}
		case strings.HasPrefix(line, ":"):
			ev.Comment = strings.TrimSpace(line[1:])
		case strings.HasPrefix(line, "id: "):
			ev.ID = line[4:]
		case strings.HasPrefix(line, "event: "):
			ev.Event = line[7:]
		case strings.HasPrefix(line, "data: "):
			json.Unmarshal([]byte(line[6:]), &ev.Data)
		}
	}
}

// next returns the next status event (skipping heartbeats), failing after
// apptest.Patience; ok is false when the stream ended.
func (s *stream) next() (ev sseEvent, ok bool) {
	s.t.Helper()
	deadline := time.After(apptest.Patience)
	for {
		select {
		case ev, ok := <-s.events:
			if !ok || ev.Event == "status" {
				return ev, ok
			}
		case <-deadline:
			s.t.Fatalf("no status event within %s", apptest.Patience)
		}
	}
}

// until reads status events until the payment is in state, returning it.
func (s *stream) until(state string) sseEvent {
	s.t.Helper()
	for {
		ev, ok := s.next()
		if !ok {
			s.t.Fatalf("stream ended before %s", state)
		}
		if ev.Data["status"] == state {
			return ev
		}
	}
}

func seq(t *testing.T, ev sseEvent) int64 {
	t.Helper()
	n, err := strconv.ParseInt(ev.ID, 10, 64)
	if err != nil || ev.Data["sequence"] != float64(n) {
		t.Fatalf("event id %q, sequence %v", ev.ID, ev.Data["sequence"])
	}
	return n
}

func TestLiveStatusStream(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		p := h.NewBrazilPayer()
		r := p.PixPayment(p.Quote("USDC/BRL", "100"), "")
		txn := r.Str("transaction_id")

		// Only the owner: a stranger and a made-up id get 404.
		if _, code := openStream(t, h, h.Browser(), txn, ""); code != http.StatusNotFound {
			t.Fatalf("stranger: %d", code)
		}
		if _, code := openStream(t, h, p.Browser, madeUpTxn, ""); code != http.StatusNotFound {
			t.Fatalf("unknown payment: %d", code)
		}

		s, _ := openStream(t, h, p.Browser, txn, "")
		first, _ := s.next()
		if first.Data["status"] != "awaiting_payin" || first.Data["transaction_id"] != txn {
			t.Fatalf("first event: %+v", first)
		}
		last := seq(t, first)
		// BlindPay's pay-in "received" is Crebit's payin_completed (the
		// money arrived; there is no payin_processing stage); once it
		// settled, Crebit asks for the payout by itself (offramp_created).
		for _, step := range []struct{ event, state string }{
			{"payin_processing", "payin_completed"}, {"payin_completed", "offramp_created"}, {"offramp_completed", "completed"},
		} {
			p.Simulate(txn, step.event)
			ev := s.until(step.state)
			if n := seq(t, ev); n <= last {
				t.Fatalf("%s: id %d after %d", step.state, n, last)
			} else {
				last = n
			}
			stages, _ := ev.Data["stages"].([]any)
			var reached []string
			for _, sg := range stages {
				m := sg.(map[string]any)
				if m["reached"] == true && m["at"] != nil {
					reached = append(reached, m["status"].(string))
				}
			}
			if len(reached) == 0 || reached[len(reached)-1] != step.state {
				t.Fatalf("%s: stages with times %v", step.state, reached)
			}
			if step.state == "payin_completed" {
				ref, _ := ev.Data["rail_reference"].(map[string]any)
				if v, _ := ref["value"].(string); ref["kind"] != "pix_end_to_end_id" || rail.ValidateEndToEndID(v) != nil {
					t.Fatalf("rail reference %v", ev.Data["rail_reference"])
				}
			}
		}

		// Resuming after an older id sends the current status at once;
		// resuming after the latest sends nothing until the next change.
		resumed, _ := openStream(t, h, p.Browser, txn, strconv.FormatInt(last-1, 10))
		if ev, _ := resumed.next(); ev.Data["status"] != "completed" || seq(t, ev) != last {
			t.Fatalf("resume after an older id: %+v", ev)
		}
		h.Stack.Server.SetHeartbeat(20 * time.Millisecond)
		quiet, _ := openStream(t, h, p.Browser, txn, strconv.FormatInt(last, 10))
		for ev := range quiet.events {
			if ev.Event == "status" {
				t.Fatalf("resume after the latest id sent %+v", ev)
			}
			if ev.Comment == "heartbeat" {
				break // a heartbeat came first: nothing was pending
			}
		}

		// A server shutdown ends every stream cleanly.
		h.Stack.Server.CloseStreams()
		for _, st := range []*stream{s, resumed, quiet} {
			for {
				if _, ok := st.next(); !ok {
					break
				}
			}
		}
	})
}

// TestLiveStatusAcrossInstances: the browser's stream is on instance A,
// the webhook is received and processed by instance B (A works no jobs),
// and the change reaches the browser through PostgreSQL NOTIFY.
func TestLiveStatusAcrossInstances(t *testing.T) {
	t.Parallel()
	a := apptest.New(t, store.Postgres)
	p := a.NewBrazilPayer()
	txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
	b := a.Another() // registers itself as the sandbox's webhook receiver
	if err := a.Stack.Queue.Stop(t.Context()); err != nil {
		t.Fatal(err)
	}
	s, _ := openStream(t, a, p.Browser, txn, "")
	if ev, _ := s.next(); ev.Data["status"] != "awaiting_payin" {
		t.Fatalf("first event %+v", ev)
	}
	// A BlindPay delivery posted straight to B (the deposit is on its way,
	// not arrived: payin_processing), signed with B's endpoint secret,
	// reaches A's stream.
	pay := storedPayment(t, a, txn)
	body := apptest.PayinUpdate("payin.update", pay.PartnerPayinID, "processing", false, pay.AmountLocal)
	if r := b.PostWebhook("msg_cross_1", time.Now(), b.WebhookSecret(), body); r.Status != http.StatusOK {
		t.Fatalf("webhook on B: %d %s", r.Status, r.Body)
	}
	s.until("payin_processing")
	// The sandbox's deposit (asked on A; its delivery job runs on B, as A
	// works no jobs): with BlindPay the deposit's arrival is the pay-in
	// completed at Crebit.
	p.Simulate(txn, "payin_processing")
	s.until("payin_completed")
	if n := count(t, b, `SELECT COUNT(*) FROM webhook_events WHERE processed_at IS NOT NULL AND payment_id = '`+txn+`'`); n != 2 {
		t.Fatalf("B processed %d events of the payment, want 2", n)
	}
}
