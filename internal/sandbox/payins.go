package sandbox

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/pix"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/taxid"
)

// SPEI deposits go to STP (bank 646), the clearing participant most
// platforms use for per-payment CLABEs, in plaza 180 (Mexico City).
const (
	speiBank        = "646"
	speiPlaza       = "180"
	speiBeneficiary = "Crebit Pagos Sandbox"
	pixMerchant     = "CREBIT SANDBOX"
	pixCity         = "SAO PAULO"
)

// Pay-in statuses at the sandbox.
const (
	statusAwaiting   = "awaiting_payment"
	statusProcessing = "processing"
	statusCompleted  = "completed"
	statusFailed     = "failed"
	statusRefunded   = "refunded"
)

// createPayin opens a Pix or SPEI pay-in for a pair of live quotes.
func (s *Sandbox) createPayin(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	var req partner.PayinRequest
	if err := decode(body, &req); err != nil {
		return 0, nil, err
	}
	if err := s.requireCustomer(ctx, tx, req.CustomerID, true); err != nil {
		return 0, nil, err
	}
	cor, ok := corridor.ByMethod(req.Method)
	if !ok || string(cor.Currency) != req.Currency {
		return 0, nil, invalid("method and currency must be pix/BRL or spei/MXN")
	}
	amount, err := money.Parse(req.Amount, money.Currency(req.Currency))
	if err != nil || !amount.IsPositive() {
		return 0, nil, invalid("amount must be a positive decimal with at most 2 places")
	}
	now := s.now().UTC()
	expires := now.Add(quoteTTL * time.Second)
	for _, id := range []string{req.OnRampQuoteID, req.OffRampQuoteID} {
		exp, err := tx.SandboxQuoteExpiry(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			return 0, nil, &apiError{http.StatusNotFound, "quote_not_found", "no such quote"}
		}
		if err != nil {
			return 0, nil, err
		}
		if !now.Before(exp) {
			return 0, nil, &apiError{http.StatusUnprocessableEntity, "quote_expired", "quote expired"}
		}
		if exp.Before(expires) {
			expires = exp
		}
	}
	p := partner.Payin{ID: randid.New("pi"), Status: statusAwaiting, Method: req.Method, Amount: amount.String(),
		Currency: req.Currency, ExpiresAt: expires}
	var clabe, code string
	if cor.Instructions == corridor.InstructionsCode { // a BR Code
		loc := s.pixHost + "/sandbox/pix/v2/" + p.ID
		txid := compactID(p.ID)
		c, err := pix.Encode(pix.Code{PointOfInitiation: pix.DynamicInitiation, URL: loc, Amount: amount.String(),
			MerchantName: pixMerchant, MerchantCity: pixCity, TxID: txid})
		if err != nil {
			return 0, nil, fmt.Errorf("encode BR Code: %w", err)
		}
		p.Pix = &partner.Pix{Code: c, Location: loc, TxID: txid}
		code = c
	} else {
		c, err := s.newCLABE(ctx, tx)
		if err != nil {
			return 0, nil, err
		}
		bank, _ := taxid.BankName(speiBank)
		p.SPEI = &partner.SPEI{CLABE: c, BankName: bank, Beneficiary: speiBeneficiary}
		clabe = c
	}
	err = tx.SandboxCreatePayin(ctx, store.SandboxPayin{ID: p.ID, CustomerID: req.CustomerID, Method: p.Method,
		Amount: p.Amount, Currency: p.Currency, AmountUSD: req.AmountUSD, Delivery: req.Delivery, Reference: req.Reference,
		Status: p.Status, CLABE: clabe, PixCode: code, ExpiresAt: expires, CreatedAt: now})
	return http.StatusCreated, p, err
}

// compactID turns "pi_abc..." into the alphanumeric txid a BR Code allows (max 25).
func compactID(id string) string {
	out := make([]byte, 0, 25)
	for i := 0; i < len(id) && len(out) < 25; i++ {
		if c := id[i]; c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			out = append(out, c)
		}
	}
	return string(out)
}

// newCLABE returns an unused CLABE at STP with a valid check digit.
func (s *Sandbox) newCLABE(ctx context.Context, tx *store.Tx) (string, error) {
	max := big.NewInt(1e11)
	for range 10 {
		n, _ := rand.Int(rand.Reader, max)
		c, err := taxid.NewCLABE(speiBank, speiPlaza, fmt.Sprintf("%011d", n))
		if err != nil {
			return "", err
		}
		used, err := tx.SandboxCLABEUsed(ctx, c)
		if err != nil {
			return "", err
		}
		if !used {
			return c, nil
		}
	}
	return "", errors.New("no free CLABE after 10 tries")
}

// refundPayin returns a received pay-in to the sender: all of it (the
// pay-in ends refunded), or only the excess above the quoted amount (the
// pay-in proceeds). The amount sent back is recorded.
func (s *Sandbox) refundPayin(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	id := r.PathValue("id")
	var req partner.RefundRequest
	if len(body) > 0 && string(body) != "{}" {
		if err := decode(body, &req); err != nil {
			return 0, nil, err
		}
	}
	if req.Amount != "" {
		if a, err := money.Parse(req.Amount, money.Currency(req.Currency)); err != nil || !a.IsPositive() {
			return 0, nil, invalid("amount must be a positive decimal in a known currency")
		}
	}
	cur, err := tx.SandboxPayin(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return 0, nil, &apiError{http.StatusNotFound, "payin_not_found", "no such pay-in"}
	}
	if err != nil {
		return 0, nil, err
	}
	status := statusRefunded
	if req.Excess { // only the part above the quoted amount: the pay-in proceeds
		status = cur.Status
	}
	found, err := tx.SandboxRefundPayin(ctx, id, status, req.Amount, req.Currency, s.now().UTC())
	if err != nil {
		return 0, nil, err
	}
	if !found {
		return 0, nil, &apiError{http.StatusNotFound, "payin_not_found", "no such pay-in"}
	}
	return http.StatusOK, map[string]string{"id": id, "status": status}, nil
}

// cancelPayin closes a pay-in nobody has paid yet; a paid one must be
// refunded instead.
func (s *Sandbox) cancelPayin(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	id := r.PathValue("id")
	cur, err := tx.SandboxPayin(ctx, id)
	status := cur.Status
	if errors.Is(err, store.ErrNotFound) {
		return 0, nil, &apiError{http.StatusNotFound, "payin_not_found", "no such pay-in"}
	}
	if err != nil {
		return 0, nil, err
	}
	switch status {
	case statusAwaiting, statusProcessing, statusFailed:
	default:
		return 0, nil, &apiError{http.StatusConflict, "payin_not_cancellable", "the pay-in is " + status + "; refund it instead"}
	}
	if _, err := tx.SandboxSetPayinStatus(ctx, id, statusFailed, s.now().UTC()); err != nil {
		return 0, nil, err
	}
	return http.StatusOK, map[string]string{"id": id, "status": statusFailed}, nil
}

// findPayin answers GET /payins?idempotency_key=K: the pay-in opened under
// that key, with its current status, or 404.
func (s *Sandbox) findPayin(w http.ResponseWriter, r *http.Request) {
	key := r.URL.Query().Get("idempotency_key")
	var p partner.Payin
	err := s.db.Tx(r.Context(), func(tx *store.Tx) error {
		_, _, raw, err := tx.SandboxIdempotentResponse(r.Context(), key, "/sandbox/v1/payins")
		if err != nil {
			return err
		}
		if err := json.Unmarshal([]byte(raw), &p); err != nil {
			return err
		}
		cur, err := tx.SandboxPayin(r.Context(), p.ID)
		p.Status = cur.Status
		return err
	})
	switch {
	case errors.Is(err, store.ErrNotFound):
		writeErr(w, &apiError{http.StatusNotFound, "payin_not_found", "no pay-in was opened with this Idempotency-Key"})
	case err != nil:
		s.log.Error("sandbox pay-in look-up failed", "err", err)
		writeErr(w, &apiError{http.StatusInternalServerError, "internal", "internal error"})
	default:
		b, _ := json.Marshal(p)
		writeJSON(w, http.StatusOK, b)
	}
}

// simulate moves a pay-in as if the payer's bank and the partner acted, and
// sends the matching event. Any order is allowed on purpose: tests use it to
// deliver events out of order.
func (s *Sandbox) simulate(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	var req struct {
		Event string `json:"event"`
	}
	if err := decode(body, &req); err != nil {
		return 0, nil, err
	}
	if err := s.advance(ctx, tx, r.PathValue("id"), req.Event); err != nil {
		return 0, nil, err
	}
	return http.StatusAccepted, map[string]string{"status": "accepted"}, nil
}

// advance applies one event to the sandbox's pay-in, records it, and
// enqueues its delivery; after a completed pay-in it schedules the
// off-ramp stages when auto-advance is on.
func (s *Sandbox) advance(ctx context.Context, tx *store.Tx, payinID, event string) error {
	p, err := tx.SandboxPayin(ctx, payinID)
	if errors.Is(err, store.ErrNotFound) {
		return &apiError{http.StatusNotFound, "payin_not_found", "no such pay-in"}
	}
	if err != nil {
		return err
	}
	now := s.now().UTC()
	offrampStatus := ""
	next := ""
	switch event {
	case partner.EventPayinProcessing:
		p.Status = statusProcessing
	case partner.EventPayinCompleted:
		p.Status, next = statusCompleted, partner.EventOfframpCreated
	case partner.EventOfframpCreated:
		offrampStatus, next = "pending", partner.EventOfframpCompleted
	case partner.EventOfframpCompleted:
		offrampStatus = "completed"
		if p.Delivery == "check-to-school" && p.Tracking == "" {
			p.Tracking = fmt.Sprintf("1Z%016d", now.UnixNano()%1e16)
		}
	case partner.EventPayinFailed:
		p.Status = statusFailed
	default:
		return invalid("unknown event: use one of payin_processing, payin_completed, offramp_created, offramp_completed, payin_failed")
	}
	if offrampStatus != "" && p.OfframpID == "" {
		p.OfframpID = randid.New("off")
	}
	p.OfframpStatus = offrampStatus
	if err := tx.SandboxUpdatePayin(ctx, p, now); err != nil {
		return err
	}
	if err := s.emit(ctx, tx, p, event, offrampStatus); err != nil {
		return err
	}
	if next != "" && s.cfg.AutoAdvance > 0 {
		// On time: a timer in this process takes the next stage when it is
		// due. Durable: the scheduled job does it if this process is gone by
		// then (River promotes scheduled jobs only every few seconds, so it
		// alone would make each stage up to 5 s late); whichever comes
		// second finds the stage taken and does nothing.
		args := advanceArgs{PayinID: p.ID, Event: next}
		time.AfterFunc(s.cfg.AutoAdvance, func() { s.autoAdvance(context.Background(), args) })
		return s.queue.InsertTx(ctx, tx, args, &river.InsertOpts{ScheduledAt: now.Add(s.cfg.AutoAdvance)})
	}
	return nil
}

// autoAdvance takes a scheduled stage now, once: only when the pay-in is
// still at the stage before it (not refunded, failed or already moved on).
func (s *Sandbox) autoAdvance(ctx context.Context, a advanceArgs) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		p, err := tx.SandboxPayin(ctx, a.PayinID)
		if err != nil {
			return err
		}
		if !readyFor(p, a.Event) {
			return nil
		}
		return s.advance(ctx, tx, a.PayinID, a.Event)
	})
	if err != nil && ctx.Err() == nil {
		s.log.Warn("sandbox auto-advance failed; the scheduled job retries", "payin_id", a.PayinID, "event", a.Event, "err", err)
	}
	return err
}

// readyFor reports whether the pay-in is at the stage just before event.
func readyFor(p store.SandboxPayin, event string) bool {
	switch event {
	case partner.EventOfframpCreated:
		return p.Status == statusCompleted && p.OfframpStatus == ""
	case partner.EventOfframpCompleted:
		return p.Status == statusCompleted && p.OfframpStatus == "pending"
	}
	return false
}

// advanceArgs is a scheduled stage of the sandbox's automatic progression.
type advanceArgs struct {
	PayinID string `json:"payin_id"`
	Event   string `json:"event"`
}

func (advanceArgs) Kind() string { return "sandbox_advance" }

type advanceWorker struct {
	river.WorkerDefaults[advanceArgs]
	s *Sandbox
}

// Work moves the pay-in one stage further unless it was refunded, failed,
// or the timer already did.
func (w *advanceWorker) Work(ctx context.Context, job *river.Job[advanceArgs]) error {
	return w.s.autoAdvance(ctx, job.Args)
}
