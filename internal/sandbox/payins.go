package sandbox

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"time"

	"github.com/riverqueue/river"

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
	switch {
	case req.Method == "pix" && req.Currency == "BRL":
	case req.Method == "spei" && req.Currency == "MXN":
	default:
		return 0, nil, invalid("method and currency must be pix/BRL or spei/MXN")
	}
	amount, err := money.Parse(req.Amount, money.Currency(req.Currency))
	if err != nil || !amount.IsPositive() {
		return 0, nil, invalid("amount must be a positive decimal with at most 2 places")
	}
	now := s.now().UTC()
	expires := now.Add(quoteTTL * time.Second)
	for _, id := range []string{req.OnRampQuoteID, req.OffRampQuoteID} {
		var exp time.Time
		err := tx.QueryRow(ctx, `SELECT expires_at FROM sandbox_quotes WHERE id = ?`, id).Scan(&exp)
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
	var clabe, code any
	if req.Method == "pix" {
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
	_, err = tx.Exec(ctx, `INSERT INTO sandbox_payins (id, customer_id, method, amount, currency, amount_usd, delivery,
		reference, status, clabe, pix_code, expires_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.ID, req.CustomerID, p.Method, p.Amount, p.Currency, req.AmountUSD, req.Delivery, req.Reference, p.Status,
		clabe, code, expires, now, now)
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
		var used int
		err = tx.QueryRow(ctx, `SELECT COUNT(*) FROM sandbox_payins WHERE clabe = ?`, c).Scan(&used)
		if err != nil {
			return "", err
		}
		if used == 0 {
			return c, nil
		}
	}
	return "", errors.New("no free CLABE after 10 tries")
}

// refundPayin returns a received pay-in to the sender.
func (s *Sandbox) refundPayin(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	id := r.PathValue("id")
	n, err := tx.Exec(ctx, `UPDATE sandbox_payins SET status = ?, updated_at = ? WHERE id = ?`, statusRefunded, s.now().UTC(), id)
	if err != nil {
		return 0, nil, err
	}
	if n == 0 {
		return 0, nil, &apiError{http.StatusNotFound, "payin_not_found", "no such pay-in"}
	}
	return http.StatusOK, map[string]string{"id": id, "status": statusRefunded}, nil
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
	var p payinRow
	err := tx.QueryRow(ctx, `SELECT id, amount, currency, amount_usd, delivery, reference, status,
		COALESCE(offramp_id, ''), COALESCE(tracking_number, '') FROM sandbox_payins WHERE id = ?`, payinID).Scan(
		&p.ID, &p.Amount, &p.Currency, &p.AmountUSD, &p.Delivery, &p.Reference, &p.Status, &p.OfframpID, &p.Tracking)
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
	_, err = tx.Exec(ctx, `UPDATE sandbox_payins SET status = ?, offramp_id = ?, offramp_status = COALESCE(?, offramp_status),
		tracking_number = ?, updated_at = ? WHERE id = ?`,
		p.Status, nullable(p.OfframpID), nullable(offrampStatus), nullable(p.Tracking), now, p.ID)
	if err != nil {
		return err
	}
	if err := s.emit(ctx, tx, p, event, offrampStatus); err != nil {
		return err
	}
	if next != "" && s.cfg.AutoAdvance > 0 {
		return s.queue.InsertTx(ctx, tx, advanceArgs{PayinID: p.ID, Event: next},
			&river.InsertOpts{ScheduledAt: now.Add(s.cfg.AutoAdvance)})
	}
	return nil
}

type payinRow struct {
	ID, Amount, Currency, AmountUSD, Delivery, Reference, Status, OfframpID, Tracking string
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
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

// Work moves the pay-in one stage further unless it was refunded or failed.
func (w *advanceWorker) Work(ctx context.Context, job *river.Job[advanceArgs]) error {
	return w.s.db.Tx(ctx, func(tx *store.Tx) error {
		var status string
		if err := tx.QueryRow(ctx, `SELECT status FROM sandbox_payins WHERE id = ?`, job.Args.PayinID).Scan(&status); err != nil {
			return err
		}
		if status == statusRefunded || status == statusFailed {
			return nil
		}
		return w.s.advance(ctx, tx, job.Args.PayinID, job.Args.Event)
	})
}
