package service

import (
	"context"
	"errors"
	"regexp"
	"strings"

	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
)

// ReferralRewardUSD is what a referrer earns when the person they referred
// completes a first payment: a US$100 gift card (the spec's "Earn $100"),
// sent by an operator later, so a reward is recorded as earned.
const ReferralRewardUSD = "100.00"

var referralCodeRE = regexp.MustCompile(`^[0-9A-F]{10}$`)

// RememberReferral keeps the code a browser arrived with (?ref= on an
// invitation link). Anything that is not a code is ignored: a visitor never
// sees an error for a link they were given.
func (s *Service) RememberReferral(ctx context.Context, who Actor, code string) error {
	code = strings.ToUpper(strings.TrimSpace(code))
	if !referralCodeRE.MatchString(code) || who.SessionID == "" {
		return nil
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		return tx.RememberReferralArrival(ctx, who.SessionID, who.AccountID, code, s.now())
	})
}

// rewardReferral runs in the transaction that completes a payment: when the
// payer's browser or account arrived with someone's code, the referrer earns
// one reward for this person's first completed payment (never for their
// own payments, never twice for one person), and is told by e-mail.
func (s *Service) rewardReferral(ctx context.Context, tx *store.Tx, p payment.Record) error {
	code, err := tx.ReferralCodeFor(ctx, p.SessionID, p.AccountID)
	if err != nil || code == "" {
		return err
	}
	referrerID, err := tx.ReferrerOf(ctx, code)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	payer, err := tx.Customer(ctx, p.CustomerID)
	if err != nil {
		return err
	}
	referrer, err := tx.Customer(ctx, referrerID)
	if err != nil {
		return err
	}
	email := strings.ToLower(payer.Email)
	if referrerID == payer.ID || email == "" || email == strings.ToLower(referrer.Email) {
		return nil // no self-referral
	}
	created, err := tx.CreateReferralReward(ctx, store.ReferralReward{ID: randid.New("rwd"), Code: code, ReferrerCustomerID: referrerID,
		ReferredEmail: email, PaymentID: p.ID, AmountUSD: ReferralRewardUSD, Status: "earned", CreatedAt: s.now()})
	if err != nil || !created || referrer.Email == "" {
		return err
	}
	return s.queueMail(ctx, tx, "referral_reward", referrer.Email, map[string]string{
		"Referrer": referrer.FirstName, "Amount": "US$" + ReferralRewardUSD, "Link": s.link("/signin", "", ""),
	})
}
