package onboarding

import (
	"context"

	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/input"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
)

// RecordConsent stores a confirmation of /payment-authorization.
func (s *Service) RecordConsent(ctx context.Context, who actor.Actor, ip, userAgent string) (string, error) {
	id := randid.New("con")
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		return tx.RecordConsent(ctx, id, who.SessionID, ip, input.Truncate(userAgent, 500), s.now())
	})
	return id, err
}
