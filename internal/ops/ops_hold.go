package ops

import (
	"context"
	"errors"
	"time"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/payments"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/holdstore"
)

// ExplainedHold is a payment's open hold, as Explain shows it.
type ExplainedHold struct {
	Since  time.Time `json:"since"`
	By     string    `json:"by"` // the operator's e-mail
	Reason string    `json:"reason"`
}

// HoldResult is what releasing a hold did: the partner events that arrived
// while the payment was held, applied in the order received, and the state
// the payment is in now.
type HoldResult struct {
	Status  string   `json:"status"`
	Applied []string `json:"applied_events"`
}

// ConsoleHoldPayment puts a payment in progress on hold (finance): until it
// is released the payment does not advance (partner events are recorded
// and kept, its expiry waits) and the payer sees it under review. The hold
// and its audit entry commit together.
func (s *Service) ConsoleHoldPayment(ctx context.Context, op Operator, transactionID, reasonText string) error {
	if !op.mayDo(RoleFinance) {
		return ErrNoConsole
	}
	why, err := reason(reasonText)
	if err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		p, err := tx.PaymentForUpdate(ctx, transactionID)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.E(apperr.TransactionNotFound, "console").On("transaction_id")
		}
		if err != nil {
			return err
		}
		if !payments.Holdable(p.State) {
			return apperr.E(apperr.Conflict, "hold_state", "status", string(p.State))
		}
		if p.OnHold { // the locked row says whether a hold is open (holdstore keeps it)
			return apperr.E(apperr.Conflict, "hold_twice")
		}
		now := s.now()
		if err := holdstore.HoldPayment(ctx, tx, holdstore.PaymentHold{ID: randid.New("hold"), PaymentID: p.ID, HeldAt: now,
			HeldBy: op.AccountID, HeldByEmail: op.Email, Reason: why}); err != nil {
			return err
		}
		if err := s.payments.AnnounceTx(ctx, tx, p.ID); err != nil {
			return err
		}
		if err := s.payments.NoticeMail(ctx, tx, p.ID, "held", nil); err != nil {
			return err // the payer is told, as the notice on /track promises
		}
		return s.audit(ctx, tx, op.AccountID, op.Email, "payment.hold", "payment", p.ID,
			map[string]any{"state": string(p.State), "on_hold": false}, map[string]any{"state": string(p.State), "on_hold": true}, why)
	})
}

// ConsoleReleasePayment releases a payment's hold (finance) and, in the same
// transaction, applies the partner events that arrived while it was held,
// in the order received; the audit entry records the state before and
// after.
func (s *Service) ConsoleReleasePayment(ctx context.Context, op Operator, transactionID, reasonText string) (HoldResult, error) {
	if !op.mayDo(RoleFinance) {
		return HoldResult{}, ErrNoConsole
	}
	why, err := reason(reasonText)
	if err != nil {
		return HoldResult{}, err
	}
	var res HoldResult
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		p, err := tx.PaymentForUpdate(ctx, transactionID)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.E(apperr.TransactionNotFound, "console").On("transaction_id")
		}
		if err != nil {
			return err
		}
		err = holdstore.ReleaseHold(ctx, tx, p.ID, s.now(), op.AccountID, op.Email, why)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.E(apperr.Conflict, "not_held")
		}
		if err != nil {
			return err
		}
		applied, err := s.payments.ReleaseHeld(ctx, tx, p.ID)
		if err != nil {
			return err
		}
		after, err := tx.Payment(ctx, p.ID)
		if err != nil {
			return err
		}
		res = HoldResult{Status: string(after.State), Applied: append([]string{}, applied...)}
		if !after.State.Terminal() {
			if err := s.payments.NoticeMail(ctx, tx, p.ID, "released", nil); err != nil {
				return err
			}
		}
		return s.audit(ctx, tx, op.AccountID, op.Email, "payment.release", "payment", p.ID,
			map[string]any{"state": string(p.State), "on_hold": true},
			map[string]any{"state": string(after.State), "on_hold": false, "applied_events": res.Applied}, why)
	})
	return res, err
}
