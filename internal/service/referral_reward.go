package service

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/apperr"

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
	lang, err := tx.CustomerLanguage(ctx, referrer.ID)
	if err != nil {
		return err
	}
	return s.queueMail(ctx, tx, "referral_reward", lang, referrer.Email, map[string]string{
		"Referrer": referrer.FirstName, "Amount": "US$" + ReferralRewardUSD, "Link": s.link("/signin", "", ""),
	})
}

// MyReferrals is what a signed-in payer sees of their referrals: their
// personal link, the friends invited and the rewards earned.
type MyReferrals struct {
	Link        string             `json:"link"`
	Invitations []MyInvitation     `json:"invitations"`
	Rewards     []MyReferralReward `json:"rewards"`
}

// MyInvitation is one friend invited.
type MyInvitation struct {
	Email     string    `json:"email"`
	InvitedAt time.Time `json:"invited_at"`
}

// MyReferralReward is one reward earned.
type MyReferralReward struct {
	ID            string    `json:"id"`
	AmountUSD     string    `json:"amount_usd"`
	Status        string    `json:"status"`
	GiftCardBrand string    `json:"gift_card_brand"` // "" until chosen
	EarnedAt      time.Time `json:"earned_at"`
}

// GiftCardBrands are the gift cards a referrer can choose (the spec's list).
var GiftCardBrands = []string{"Amazon", "Apple", "Google Play", "Visa", "Target", "Starbucks"}

// ChooseGiftCard records which gift card the signed-in referrer wants for
// one of their earned rewards (an operator sends it; it stays "earned").
func (s *Service) ChooseGiftCard(ctx context.Context, who Actor, rewardID, brand string) error {
	if !who.SignedIn() {
		return errNotSignedIn
	}
	if !slices.Contains(GiftCardBrands, brand) {
		return apperr.WithField(apperr.Invalid, "brand", "brand must be one of Amazon, Apple, Google Play, Visa, Target, Starbucks")
	}
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		cs, err := tx.AccountCustomers(ctx, who.AccountID)
		if err != nil {
			return err
		}
		ids := make([]string, len(cs))
		for i, c := range cs {
			ids[i] = c.ID
		}
		return tx.ChooseGiftCard(ctx, ids, rewardID, brand)
	})
	if errors.Is(err, store.ErrNotFound) {
		return apperr.New(apperr.NotFound, "No such reward")
	}
	return err
}

// MyReferrals lists the signed-in account's referrals across its payer
// profiles (401 signed out). Link is empty until the account has a profile.
func (s *Service) MyReferrals(ctx context.Context, who Actor) (MyReferrals, error) {
	if !who.SignedIn() {
		return MyReferrals{}, apperr.New(apperr.SignInRequired, "Please sign in")
	}
	out := MyReferrals{Invitations: []MyInvitation{}, Rewards: []MyReferralReward{}}
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		cs, err := tx.AccountCustomers(ctx, who.AccountID)
		if err != nil || len(cs) == 0 {
			return err
		}
		ids := make([]string, len(cs))
		for i, c := range cs {
			ids[i] = c.ID
		}
		// The link can be shared by hand, so its code is recorded as soon as it is shown.
		code := s.ReferralCode(cs[0].ID)
		if err := tx.RegisterReferralCode(ctx, code, cs[0].ID, s.now()); err != nil {
			return err
		}
		out.Link = s.link("/signup", "ref", code)
		inv, err := tx.ReferralsOf(ctx, ids)
		if err != nil {
			return err
		}
		for _, r := range inv {
			out.Invitations = append(out.Invitations, MyInvitation{Email: r.Email, InvitedAt: r.InvitedAt.UTC()})
		}
		rw, err := tx.RewardsOf(ctx, ids)
		for _, r := range rw {
			out.Rewards = append(out.Rewards, MyReferralReward{ID: r.ID, AmountUSD: r.AmountUSD, Status: r.Status, GiftCardBrand: r.GiftCardBrand, EarnedAt: r.CreatedAt.UTC()})
		}
		return err
	})
	return out, err
}
