package referrals

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/account"
	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/ratelimit"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
	"github.com/crebit/crebit/internal/store/referralstore"
)

// maxReferrals bounds one submission.
const maxReferrals = 20

// maxInvitationsPerDay bounds the friends one referrer can invite a day:
// each is an e-mail sent in Crebit's name.
const maxInvitationsPerDay = 20

// errReferralsNeedAccount refuses invitations from anyone but a signed-in
// account with a confirmed address: each invitation is an e-mail to a
// stranger in Crebit's name, so it comes only from someone Crebit knows.
var errReferralsNeedAccount = apperr.E(apperr.SignInRequired, "referrals")

// Refer stores the friends a signed-in payer with a confirmed address
// referred (once per friend) and, in the same transaction, queues one
// invitation e-mail to each new friend with the payer's personal link. The
// invitation names the sender only by the account's own name (never the
// payer profile's free text), and its subject names no one. Addresses that
// cannot be read are skipped, as the wizard skips them; none valid is an
// error. It returns how many invitations were queued (a friend already
// invited is not invited again).
func (s *Service) Refer(ctx context.Context, who actor.Actor, customerID string, emails []string) (int, error) {
	if !who.SignedIn() {
		return 0, errReferralsNeedAccount
	}
	if len(emails) > maxReferrals {
		return 0, apperr.E(apperr.ReferralsTooMany, "").On("emails")
	}
	var valid []string
	seen := map[string]bool{}
	for _, raw := range emails {
		e, err := account.ParseEmail(raw)
		if err == nil && !seen[e] {
			seen[e] = true
			valid = append(valid, e)
		}
	}
	if len(valid) == 0 {
		return 0, apperr.E(apperr.ReferralEmailsInvalid, "").On("emails")
	}
	var sender accountstore.Account
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { sender, err = accountstore.AccountByID(ctx, tx, who.AccountID); return }); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return 0, errReferralsNeedAccount
		}
		return 0, err
	}
	if sender.EmailVerifiedAt == nil {
		return 0, actor.ErrEmailNotVerified
	}
	c, err := actor.OwnCustomer(ctx, s.db, who, customerID)
	if err != nil {
		return 0, err
	}
	ok, wait, err := s.limits.AllowN(ctx, "invitations:customer:"+c.ID, len(valid), maxInvitationsPerDay, 24*time.Hour)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, ratelimit.RateLimited(wait, apperr.E(apperr.RateLimited, "referrals_daily"))
	}
	stored := 0
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		for _, e := range valid {
			if e == c.Email {
				continue
			}
			ok, err := referralstore.CreateReferral(ctx, tx, referralstore.Referral{ID: randid.New("ref"), SessionID: who.SessionID,
				CustomerID: c.ID, Email: e, CreatedAt: s.now()})
			if err != nil {
				return err
			}
			if !ok {
				continue
			}
			stored++
			if err := referralstore.RegisterReferralCode(ctx, tx, s.ReferralCode(c.ID), c.ID, s.now()); err != nil {
				return err
			}
			if err := s.mail.Queue(ctx, tx, "referral_invitation", who.Lang, e, map[string]string{
				"Referrer": sender.FirstName, "Link": s.mail.Link("/signup", "ref", s.ReferralCode(c.ID)),
			}); err != nil {
				return err
			}
		}
		return nil
	})
	return stored, err
}

// ReferralCode is a payer's personal referral code: stable, short, and
// unguessable from the customer id (a keyed hash), so a link names no one.
func (s *Service) ReferralCode(customerID string) string {
	return strings.ToUpper(s.sealer.Hash("referral", customerID)[:10])
}
