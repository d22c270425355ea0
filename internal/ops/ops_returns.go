package ops

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/input"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/payments"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/returnstore"
)

// The console's money fixes where the partner's API has no call for them
// (docs/BLINDPAY.md §17.6): refunding a received pay-in and recording the
// return the partner's support made, cancelling an unpaid pay-in, and
// paying out again a payout that came back. Each needs finance, a reason,
// and (when money moves) the operator's password again; each commits with
// its audit entry.

// ExplainedReturn is money owed back to the payer, as Explain and the
// returns queue show it.
type ExplainedReturn struct {
	ID         string       `json:"id"`
	Kind       string       `json:"kind"` // payin (the whole receipt) or excess
	Amount     money.Amount `json:"amount"`
	Currency   string       `json:"currency"`
	Cause      string       `json:"cause"`
	OpenedAt   time.Time    `json:"opened_at"`
	ReturnedAt *time.Time   `json:"returned_at,omitempty"`
	ReturnedBy string       `json:"returned_by,omitempty"` // the operator's e-mail
	Reference  string       `json:"reference,omitempty"`
}

func explainedReturn(r returnstore.PaymentReturn) ExplainedReturn {
	return ExplainedReturn{ID: r.ID, Kind: r.Kind, Amount: r.Amount, Currency: string(r.Amount.Currency), Cause: r.Cause,
		OpenedAt: r.OpenedAt, ReturnedAt: r.ReturnedAt, ReturnedBy: r.ReturnedEmail, Reference: r.Reference}
}

// OwedReturn is one line of the returns queue: what is owed and to whom.
type OwedReturn struct {
	ExplainedReturn
	TransactionID string `json:"transaction_id"`
	Status        string `json:"status"`
	PayerName     string `json:"payer_name"`
	PayerEmail    string `json:"payer_email"`
}

// ReturnedPayout is a payment whose payout came back or failed: its US
// dollars did not arrive.
type ReturnedPayout struct {
	TransactionID string       `json:"transaction_id"`
	OfframpID     string       `json:"offramp_id"`
	OfframpStatus string       `json:"offramp_status"` // refunded: pay out again; failed: the partner's support
	AmountUSD     money.Amount `json:"amount_usd"`
	PayerEmail    string       `json:"payer_email"`
	UpdatedAt     time.Time    `json:"updated_at"`
}

// ReturnsQueue is the console's Returns page (finance).
type ReturnsQueue struct {
	Owed    []OwedReturn     `json:"owed"`
	Payouts []ReturnedPayout `json:"payouts"`
}

// queueLimit bounds each list of the returns queue.
const queueLimit = 200

// ConsoleReturns lists the refunds owed to payers, oldest first, and the
// payouts that came back or failed.
func (s *Service) ConsoleReturns(ctx context.Context) (ReturnsQueue, error) {
	q := ReturnsQueue{Owed: []OwedReturn{}, Payouts: []ReturnedPayout{}}
	err := s.db.Read(ctx, func(tx *store.Tx) error {
		owed, err := returnstore.OwedReturns(ctx, tx, queueLimit)
		if err != nil {
			return err
		}
		for _, r := range owed {
			p, err := tx.Payment(ctx, r.PaymentID)
			if err != nil {
				return err
			}
			c, err := tx.Customer(ctx, p.CustomerID)
			if err != nil {
				return err
			}
			q.Owed = append(q.Owed, OwedReturn{ExplainedReturn: explainedReturn(r), TransactionID: p.ID, Status: string(p.State),
				PayerName: strings.TrimSpace(c.FirstName + " " + c.LastName), PayerEmail: c.Email})
		}
		back, err := returnstore.PayoutsNotDelivered(ctx, tx, queueLimit)
		if err != nil {
			return err
		}
		for _, p := range back {
			c, err := tx.Customer(ctx, p.CustomerID)
			if err != nil {
				return err
			}
			q.Payouts = append(q.Payouts, ReturnedPayout{TransactionID: p.ID, OfframpID: p.OfframpID, OfframpStatus: p.OfframpStatus,
				AmountUSD: p.AmountUSD, PayerEmail: c.Email, UpdatedAt: p.UpdatedAt})
		}
		return nil
	})
	return q, err
}

// MoneyAction is an operator's request for a fix that moves money: the
// reason, and the operator's own password again.
type MoneyAction struct {
	Reason          string `json:"reason"`
	CurrentPassword string `json:"current_password"`
}

// ReturnRecord is an operator's record that the partner returned money
// owed to a payer: the partner's reference for it, and a MoneyAction.
type ReturnRecord struct {
	Reference       string `json:"reference"`
	Reason          string `json:"reason"`
	CurrentPassword string `json:"current_password"`
}

// confirm checks an action's reason and the operator's password.
func (s *Service) confirm(ctx context.Context, op Operator, who actor.Actor, in MoneyAction) (string, error) {
	if !op.mayDo(RoleFinance) {
		return "", ErrNoConsole
	}
	why, err := reason(in.Reason)
	if err != nil {
		return "", err
	}
	if _, err := s.accounts.CheckCurrentPassword(ctx, who, in.CurrentPassword); err != nil {
		return "", err
	}
	return why, nil
}

// lockPayment reads a payment for an action on it.
func lockPayment(ctx context.Context, tx *store.Tx, transactionID string) (payment.Record, error) {
	p, err := tx.PaymentForUpdate(ctx, transactionID)
	if errors.Is(err, store.ErrNotFound) {
		return p, apperr.E(apperr.TransactionNotFound, "console").On("transaction_id")
	}
	return p, err
}

// ConsoleRecordReturn records that the partner returned money owed to a
// payer (finance, password again): the return is posted to the ledger
// and the payer e-mailed, with the audit entry, in one transaction.
func (s *Service) ConsoleRecordReturn(ctx context.Context, op Operator, who actor.Actor, returnID string, in ReturnRecord) (ExplainedReturn, error) {
	ref := strings.Join(strings.Fields(in.Reference), " ")
	switch {
	case ref == "":
		return ExplainedReturn{}, apperr.E(apperr.RequiredFieldsMissing, "return_reference").On("reference")
	case input.TooLong(ref, 200) || !input.PlainText(ref):
		return ExplainedReturn{}, apperr.E(apperr.Invalid, "return_reference").On("reference")
	}
	why, err := s.confirm(ctx, op, who, MoneyAction{Reason: in.Reason, CurrentPassword: in.CurrentPassword})
	if err != nil {
		return ExplainedReturn{}, err
	}
	var out ExplainedReturn
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		r, err := s.payments.RecordReturn(ctx, tx, returnID, op.AccountID, op.Email, ref)
		switch {
		case errors.Is(err, store.ErrNotFound):
			return apperr.E(apperr.NotFound, "return")
		case errors.Is(err, payments.ErrAlreadyReturned):
			return apperr.E(apperr.Conflict, "return_recorded")
		case err != nil:
			return err
		}
		out = explainedReturn(r)
		return s.audit(ctx, tx, op.AccountID, op.Email, "payment.return", "payment", r.PaymentID,
			map[string]any{"return": r.ID, "status": "owed", "amount": r.Amount.String(), "currency": r.Amount.Currency},
			map[string]any{"return": r.ID, "status": "returned", "reference": ref}, why)
	})
	return out, err
}

// ConsoleRefundPayment refunds a received pay-in not yet converted
// (finance, password again): the payment ends refunded, the receipt is
// owed back (the Returns queue), the payout never starts, and the payer is
// told the refund is in progress.
func (s *Service) ConsoleRefundPayment(ctx context.Context, op Operator, who actor.Actor, transactionID string, in MoneyAction) (string, error) {
	why, err := s.confirm(ctx, op, who, in)
	if err != nil {
		return "", err
	}
	var status string
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		p, err := lockPayment(ctx, tx, transactionID)
		if err != nil {
			return err
		}
		err = s.payments.RefundReceived(ctx, tx, p, "operator:"+op.AccountID, op.AccountID, op.Email, why)
		if errors.Is(err, payments.ErrNotRefundable) {
			return apperr.E(apperr.Conflict, "refund_state", "status", string(p.State))
		}
		if err != nil {
			return err
		}
		after, err := tx.Payment(ctx, p.ID)
		if err != nil {
			return err
		}
		status = string(after.State)
		return s.audit(ctx, tx, op.AccountID, op.Email, "payment.refund", "payment", p.ID,
			map[string]any{"state": string(p.State)}, map[string]any{"state": status, "owed": p.AmountLocal.String()}, why)
	})
	return status, err
}

// ConsoleCancelPayment cancels a payment still waiting for its pay-in
// (finance; no money has moved): it fails, its instructions are no longer
// shown, and a deposit that arrives anyway is owed back.
func (s *Service) ConsoleCancelPayment(ctx context.Context, op Operator, transactionID, reasonText string) (string, error) {
	if !op.mayDo(RoleFinance) {
		return "", ErrNoConsole
	}
	why, err := reason(reasonText)
	if err != nil {
		return "", err
	}
	var status string
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		p, err := lockPayment(ctx, tx, transactionID)
		if err != nil {
			return err
		}
		err = s.payments.CancelUnpaid(ctx, tx, p, "operator:"+op.AccountID, op.AccountID, op.Email, why)
		if errors.Is(err, payments.ErrNotCancellable) {
			return apperr.E(apperr.Conflict, "cancel_state", "status", string(p.State))
		}
		if err != nil {
			return err
		}
		after, err := tx.Payment(ctx, p.ID)
		if err != nil {
			return err
		}
		status = string(after.State)
		return s.audit(ctx, tx, op.AccountID, op.Email, "payment.cancel", "payment", p.ID,
			map[string]any{"state": string(p.State)}, map[string]any{"state": status}, why)
	})
	return status, err
}

// ConsolePayOutAgain queues a new payout of a payment whose payout came
// back (finance, password again), with its audit entry.
func (s *Service) ConsolePayOutAgain(ctx context.Context, op Operator, who actor.Actor, transactionID string, in MoneyAction) error {
	why, err := s.confirm(ctx, op, who, in)
	if err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		p, err := lockPayment(ctx, tx, transactionID)
		if err != nil {
			return err
		}
		if err := s.payments.PayOutAgain(ctx, tx, p); errors.Is(err, payments.ErrPayoutNotReturned) {
			return apperr.E(apperr.Conflict, "payout_again_state")
		} else if err != nil {
			return err
		}
		return s.audit(ctx, tx, op.AccountID, op.Email, "payment.payout_again", "payment", p.ID,
			map[string]any{"offramp_id": p.OfframpID, "offramp_status": p.OfframpStatus},
			map[string]any{"payout": "queued", "amount_usd": p.AmountUSD.String()}, why)
	})
}
