package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strconv"
	"time"

	"github.com/crebit/crebit/internal/payments"
)

// heartbeatEvery is how often an idle stream gets a comment line, so
// proxies and browsers keep it open.
const heartbeatEvery = 15 * time.Second

// handlePaymentEvents streams a payment's status to its owner as
// Server-Sent Events: one "status" event per state the payment enters, with
// id = the payment's history sequence, so a reconnecting EventSource sends
// Last-Event-ID and gets only what changed after it. Anyone else gets 404.
func (s *Server) handlePaymentEvents(w http.ResponseWriter, r *http.Request) {
	ctx, who, id := r.Context(), actor(r), r.PathValue("transaction_id")
	release, err := s.streams.acquire(who.SessionID, s.clientIP(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	defer release()
	first, wake, stop, err := s.payments.Watch(ctx, who, id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	defer stop()
	last := int64(-1)          // nothing seen: the current status goes first
	lastHold := false          // a hold or its release enters no state: sent when it changes
	var lastRefund *refundView // a return recorded enters no state either
	if v, err := strconv.ParseInt(r.Header.Get("Last-Event-ID"), 10, 64); err == nil && v >= 0 {
		last = v
	}
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Time{}) // a stream outlives the server's write timeout
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 3000\n\n")

	// send writes st unless the client has it already.
	send := func(st payments.PaymentStatus) bool {
		refund := refundJSON(st.Refund)
		if st.Seq > last || st.OnHold != lastHold || !reflect.DeepEqual(refund, lastRefund) {
			data, _ := json.Marshal(liveStatusJSON(st))
			fmt.Fprintf(w, "id: %d\nevent: status\ndata: %s\n\n", st.Seq, data)
			last, lastHold, lastRefund = st.Seq, st.OnHold, refund
		}
		return rc.Flush() == nil
	}
	if !send(first) { // the status Watch read
		return
	}
	heartbeat := time.NewTicker(time.Duration(s.heartbeat.Load()))
	defer heartbeat.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.closing:
			return // server shutdown: end the response so the connection closes cleanly
		case <-wake:
			st, err := s.payments.OwnedStatus(ctx, who, id)
			if err != nil {
				if ctx.Err() == nil {
					logger(r).Warn("live status: reading the payment failed", "err", err)
				}
				return
			}
			if !send(st) {
				return
			}
		case <-heartbeat.C:
			fmt.Fprint(w, ": heartbeat\n\n")
			if rc.Flush() != nil {
				return
			}
		}
	}
}

// liveStatusJSON is one status event's data: the state, the stages with
// their times, and what the owner's screens show with them.
func liveStatusJSON(st payments.PaymentStatus) map[string]any {
	p := st.Payment
	body := map[string]any{
		"transaction_id": p.ID, "status": p.State, "updated_at": p.UpdatedAt, "stages": stagesJSON(st),
		"tracking_number": p.TrackingNumber, "sequence": st.Seq,
		"on_hold": st.OnHold, // an operator holds it: "under review"
		"refund":  refundJSON(st.Refund),
	}
	if ref := railReferenceJSON(st); ref != nil {
		body["rail_reference"] = ref
	}
	return body
}

// CloseStreams ends every live status stream, for a clean shutdown
// (http.Server.Shutdown waits for handlers, and a stream never ends by
// itself). Register it with http.Server.RegisterOnShutdown.
func (s *Server) CloseStreams() { s.closeOnce.Do(func() { close(s.closing) }) }

// SetHeartbeat changes the idle streams' heartbeat interval (tests).
func (s *Server) SetHeartbeat(d time.Duration) { s.heartbeat.Store(int64(d)) }
