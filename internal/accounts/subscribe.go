package accounts

import (
	"context"

	"github.com/crebit/crebit/internal/input"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
)

// Subscribe stores an address for product updates once; created is false
// when it was already subscribed.
func (s *Service) Subscribe(ctx context.Context, email, source string) (created bool, err error) {
	email, err = input.Email("email", email)
	if err != nil {
		return false, err
	}
	if source == "" {
		source = "landing"
	}
	err = s.db.Tx(ctx, func(tx *store.Tx) (err error) {
		created, err = accountstore.Subscribe(ctx, tx, email, input.Truncate(source, 40), s.now())
		return
	})
	return created, err
}
