package payments

import (
	"context"
	"log/slog"

	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/store"
)

// announce tells the live status streams (on every instance) that the
// payment changed, once tx commits.
func (s *Service) announce(ctx context.Context, tx *store.Tx, paymentID string) error {
	if s.live == nil {
		return nil
	}
	return s.live.PublishTx(ctx, tx, paymentID)
}

// railReference is the rail's reference the partner reported for the
// pay-in, of the kind the payment's rail gives, for the payment's step to
// store (the first one stays): the partner names the reference by its
// field (an end-to-end id, a tracking key), and only one is in the
// payment's rail's format. A value in no such format is logged and not
// stored: it would mislead the payer. Empty when the event has none.
func (s *Service) railReference(tx *store.Tx, p payment.Record, data *partner.EventData) payment.RailReference {
	if data == nil || data.EndToEndID == "" && data.TrackingKey == "" {
		return payment.RailReference{}
	}
	cor, ok := corridor.ByMethod(p.Method)
	if !ok {
		return payment.RailReference{}
	}
	for _, value := range []string{data.EndToEndID, data.TrackingKey} {
		if value != "" && cor.Rail.Validate(value) == nil {
			return payment.RailReference{Kind: cor.Rail.Kind, Value: value}
		}
	}
	s.logCommitted(tx, slog.LevelWarn, "partner sent a malformed "+cor.Rail.Name+"; not stored", "payment_id", p.ID)
	return payment.RailReference{}
}

// Watch opens a payment's live status for its owner: its status now, a
// channel woken whenever the payment may have changed after that (read it
// again with OwnedStatus) and a function that ends the watch. Anyone else,
// and a server without a live broker, gets "not found".
func (s *Service) Watch(ctx context.Context, who actor.Actor, transactionID string) (PaymentStatus, <-chan struct{}, func(), error) {
	if s.live == nil {
		return PaymentStatus{}, nil, nil, apperr.E(apperr.TransactionNotFound, "")
	}
	// Subscribed before the read: a change committed after it wakes ch.
	ch, stop := s.live.Subscribe(transactionID)
	st, err := s.OwnedStatus(ctx, who, transactionID)
	if err != nil {
		stop()
		return PaymentStatus{}, nil, nil, err
	}
	return st, ch, stop, nil
}

// OwnedStatus is Status for the payment's owner only: to anyone else the
// payment does not exist.
func (s *Service) OwnedStatus(ctx context.Context, who actor.Actor, transactionID string) (PaymentStatus, error) {
	st, err := s.Status(ctx, who, transactionID)
	if err != nil {
		return st, err
	}
	if !st.Owned {
		return PaymentStatus{}, apperr.E(apperr.TransactionNotFound, "")
	}
	return st, nil
}

// logCommitted logs msg once tx commits: what a transaction found is told
// only if its work is kept (a repeated webhook's is rolled back, and says
// nothing a second time).
func (s *Service) logCommitted(tx *store.Tx, level slog.Level, msg string, args ...any) {
	tx.AfterCommit(func() { s.log.Log(context.Background(), level, msg, args...) })
}
