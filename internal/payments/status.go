package payments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/returnstore"
	"github.com/crebit/crebit/internal/store/viewstore"
)

// rank orders the success path, for "has the payment reached X".
var rank = map[payment.State]int{
	payment.StateCreated: 0, payment.StateAwaitingPayin: 1, payment.StatePayinProcessing: 2,
	payment.StatePayinCompleted: 3, payment.StateOfframpCreated: 4, payment.StateCompleted: 5, payment.StateCheckMailed: 5,
}

// Reached reports whether a payment in state st has passed stage.
func Reached(st, stage payment.State) bool {
	r, ok := rank[st]
	return ok && r >= rank[stage]
}

// PaymentStatus is a payment with its history, for the status calls.
type PaymentStatus struct {
	Payment payment.Record
	Events  []payment.Change
	Owned   bool                  // the payment is the asking actor's
	Check   *CheckDetails         // only for the owner
	Rail    payment.RailReference // only for the owner
	Seq     int64                 // grows with every state entered: the live stream's event id
	OnHold  bool                  // an operator holds it: the payer sees "under review"
	Refund  *Refund               // money owed or returned to the payer; nil when none
}

// Status returns a payment by its transaction id. Ids are unguessable;
// personal details are only filled in for the owning session.
func (s *Service) Status(ctx context.Context, who actor.Actor, transactionID string) (PaymentStatus, error) {
	if !randid.Valid("txn", transactionID) {
		return PaymentStatus{}, apperr.E(apperr.TransactionNotFound, "")
	}
	var st PaymentStatus
	// read fills st from one statement (PaymentView) and, with returns,
	// the money owed back on it; owed says there is some to read.
	var owed bool
	read := func(tx *store.Tx, returns bool) error {
		v, err := viewstore.Payment(ctx, tx, transactionID)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.E(apperr.TransactionNotFound, "")
		}
		if err != nil {
			return err
		}
		st = PaymentStatus{Payment: v.Payment, Owned: who.Owns(v.Payment.SessionID, v.Payment.AccountID),
			Events: v.History, Seq: v.Seq, OnHold: v.OnHold}
		if st.Owned {
			st.Rail = v.Rail
		}
		if owed = v.HasReturns && mayOweBack(v.Payment.State); !owed || !returns {
			return nil
		}
		rs, err := returnstore.ReturnsOf(ctx, tx, v.Payment.ID)
		st.Refund = refundOf(rs)
		return err
	}
	// Most payments never owed anything back: one statement, alone (no
	// BEGIN and COMMIT on PostgreSQL). The others are read again with
	// their returns in one transaction, so both come from one snapshot.
	err := s.db.ReadOne(ctx, func(tx *store.Tx) error { return read(tx, false) })
	if err == nil && owed {
		err = s.db.Read(ctx, func(tx *store.Tx) error { return read(tx, true) })
	}
	if err != nil {
		return PaymentStatus{}, err
	}
	if st.Owned && st.Payment.CheckDetails != "" {
		var d CheckDetails
		if json.Unmarshal([]byte(st.Payment.CheckDetails), &d) == nil {
			st.Check = &d
		}
	}
	if !st.Owned {
		st.Payment.SenderName, st.Payment.CheckDetails, st.Payment.SessionID, st.Payment.AccountID = "", "", "", ""
	}
	return st, nil
}

// Stage is one step of a payment's progress for /track.
type Stage struct {
	State   payment.State
	Reached bool
	At      *time.Time
}

// Stages lists the success path for the payment's delivery with when each
// stage was reached, followed by the ending if it ended otherwise.
func (st PaymentStatus) Stages() []Stage {
	first := map[payment.State]time.Time{}
	for _, e := range st.Events {
		if _, ok := first[e.State]; !ok {
			first[e.State] = e.OccurredAt
		}
	}
	var out []Stage
	for _, stage := range payment.Stages(st.Payment.Delivery) {
		sg := Stage{State: stage, Reached: Reached(st.Payment.State, stage)}
		if at, ok := first[stage]; ok {
			sg.At, sg.Reached = &at, true
		}
		out = append(out, sg)
	}
	if end := st.Payment.State; slices.Contains([]payment.State{payment.StateExpired, payment.StateFailed, payment.StateRefunded, payment.StatePayinMismatch}, end) {
		at := first[end]
		out = append(out, Stage{State: end, Reached: true, At: &at})
	}
	return out
}

// RegisterWebhook points the partner's events at this server.
func (s *Service) RegisterWebhook(ctx context.Context, url string) error {
	_, secret, err := s.partner.EnsureWebhook(ctx, "webhook-endpoint", url)
	if err != nil {
		return partnerUnavailable(err, "webhook")
	}
	if s.cfg.Embedded() {
		// The embedded sandbox made the secret, as BlindPay does.
		s.hookSecret.set(secret)
	} else if secret != s.hookSecret.get() {
		return fmt.Errorf("the partner's webhook endpoint for %s signs with another secret than CREBIT_WEBHOOK_SECRET; run crebit setup-webhook and set the secret it prints", url)
	}
	return nil
}

// Simulate makes the sandbox partner send an event for a payment of the
// caller's own. It is only available with the sandbox partner.
func (s *Service) Simulate(ctx context.Context, who actor.Actor, transactionID, event string) error {
	if s.simulator == nil {
		return apperr.E(apperr.NotFound, "plain")
	}
	if !slices.Contains(partner.EventTypes, event) {
		return apperr.E(apperr.Invalid, "event").On("event")
	}
	st, err := s.Status(ctx, who, transactionID)
	if err != nil {
		return err
	}
	if !st.Owned {
		// The same answer as for an unknown id: ids are not confirmed to
		// strangers.
		return apperr.E(apperr.TransactionNotFound, "")
	}
	if st.Payment.PartnerPayinID == "" {
		return apperr.E(apperr.Conflict, "no_payin")
	}
	if ps, ok := s.simulator.(payoutSimulator); ok && strings.HasPrefix(event, "offramp_") {
		// A staged partner's payout is its own object, made after the pay-in settled.
		if st.Payment.OfframpID == "" {
			return apperr.E(apperr.Conflict, "no_payout")
		}
		if err := ps.SimulatePayout(ctx, st.Payment.OfframpID, event); err != nil {
			return partnerUnavailable(err, "sandbox")
		}
		return nil
	}
	if err := s.simulator.Simulate(ctx, randid.New("idem"), st.Payment.PartnerPayinID, event); err != nil {
		return partnerUnavailable(err, "sandbox")
	}
	return nil
}

// payoutSimulator is a sandbox whose payouts are simulated apart from pay-ins.
type payoutSimulator interface {
	SimulatePayout(ctx context.Context, payoutID, event string) error
}

// StageView is one stage of a payment's progress, as /track shows it.
type StageView struct {
	Status  payment.State `json:"status"`
	Reached bool          `json:"reached"`
	At      *time.Time    `json:"at"`
}
