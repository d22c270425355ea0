package ops

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/input"
	"github.com/crebit/crebit/internal/locale"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/opsstore"
)

// The console's rewards queue (issue 30): referral rewards wait here as
// earned (the referrer chose a gift card, or not yet) or held for review
// (referralVerdict's doubtful cases). Finance sends an earned reward's
// gift card code to the referrer by e-mail, releases a held one to earned,
// or refuses one with a reason. Sending moves money: it asks for the
// operator's password again.

// ConsoleRewardRow is one reward in the queue.
type ConsoleRewardRow struct {
	ID            string    `json:"id"`
	Status        string    `json:"status"`
	AmountUSD     string    `json:"amount_usd"`
	GiftCardBrand string    `json:"gift_card_brand,omitempty"`
	ReviewReason  string    `json:"review_reason,omitempty"`
	ReferrerName  string    `json:"referrer_name"`
	ReferrerEmail string    `json:"referrer_email"`
	ReferredEmail string    `json:"referred_email"`
	PaymentID     string    `json:"payment_id"`
	CreatedAt     time.Time `json:"created_at"`
}

var rewardStatuses = []string{"earned", "held", "sent", "refused"}

// ConsoleRewards lists rewards in a status ("" for all), oldest first.
func (s *Service) ConsoleRewards(ctx context.Context, status string) ([]ConsoleRewardRow, error) {
	if status != "" && !slices.Contains(rewardStatuses, status) {
		return nil, apperr.E(apperr.Invalid, "reward_status").On("status")
	}
	var rs []opsstore.ConsoleReward
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { rs, err = opsstore.ConsoleRewards(ctx, tx, status, 200); return }); err != nil {
		return nil, err
	}
	out := make([]ConsoleRewardRow, 0, len(rs))
	for _, r := range rs {
		out = append(out, rewardRow(r))
	}
	return out, nil
}

func rewardRow(r opsstore.ConsoleReward) ConsoleRewardRow {
	return ConsoleRewardRow{ID: r.ID, Status: r.Status, AmountUSD: r.AmountUSD, GiftCardBrand: r.GiftCardBrand,
		ReviewReason: r.ReviewReason, ReferrerName: strings.TrimSpace(r.ReferrerName), ReferrerEmail: r.ReferrerEmail,
		ReferredEmail: r.ReferredEmail, PaymentID: r.PaymentID, CreatedAt: r.CreatedAt}
}

// RewardSend is finance's sending of a reward: the gift card's code (only
// e-mailed, never stored or logged), the operator's reason and password.
type RewardSend struct {
	Code            string `json:"code"`
	Reason          string `json:"reason"`
	CurrentPassword string `json:"current_password"`
}

// ConsoleSendReward e-mails an earned reward's gift card code to the
// referrer and marks the reward sent, in one transaction with its audit
// entry. The referrer must have chosen the card.
func (s *Service) ConsoleSendReward(ctx context.Context, op Operator, who actor.Actor, id string, in RewardSend) error {
	why, err := reason(in.Reason)
	if err != nil {
		return err
	}
	code := strings.TrimSpace(in.Code)
	switch {
	case code == "":
		return apperr.E(apperr.RequiredFieldsMissing, "gift_code").On("code")
	case input.TooLong(code, 200) || !input.PlainText(code):
		return apperr.E(apperr.Invalid, "gift_code").On("code")
	}
	if _, err := s.accounts.CheckCurrentPassword(ctx, who, in.CurrentPassword); err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		r, err := opsstore.ConsoleRewardForUpdate(ctx, tx, id)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.E(apperr.NotFound, "reward")
		}
		if err != nil {
			return err
		}
		if r.Status != "earned" {
			return apperr.E(apperr.Conflict, "reward_not_earned", "status", r.Status)
		}
		if r.GiftCardBrand == "" {
			return apperr.E(apperr.Conflict, "reward_no_card")
		}
		if err := opsstore.SetRewardStatus(ctx, tx, id, "earned", "sent", why); err != nil {
			return err
		}
		lang, err := tx.CustomerLanguage(ctx, r.ReferrerCustomerID)
		if err != nil {
			return err
		}
		amount, err := money.Parse(r.AmountUSD, money.USD)
		if err != nil {
			return err
		}
		if err := s.mail.Queue(ctx, tx, "reward_sent", lang, r.ReferrerEmail, map[string]string{
			"Referrer": firstWord(r.ReferrerName), "Amount": locale.For(lang).Money(amount), "Brand": r.GiftCardBrand, "Code": code,
		}); err != nil {
			return err
		}
		return s.audit(ctx, tx, op.AccountID, op.Email, "reward.send", "reward", id,
			map[string]string{"status": r.Status, "brand": r.GiftCardBrand}, map[string]string{"status": "sent", "to": r.ReferrerEmail}, why)
	})
}

// ConsoleReviewReward releases a held reward (to earned) or refuses an
// earned or held one, with the operator's reason; a refusal e-mails the
// referrer that reason.
func (s *Service) ConsoleReviewReward(ctx context.Context, op Operator, id, decision, reasonText string) error {
	why, err := reason(reasonText)
	if err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		r, err := opsstore.ConsoleRewardForUpdate(ctx, tx, id)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.E(apperr.NotFound, "reward")
		}
		if err != nil {
			return err
		}
		to := ""
		switch {
		case decision == "release" && r.Status == "held":
			to = "earned"
		case decision == "refuse" && (r.Status == "held" || r.Status == "earned"):
			to = "refused"
		default:
			return apperr.E(apperr.Conflict, "reward_review", "status", r.Status)
		}
		if err := opsstore.SetRewardStatus(ctx, tx, id, r.Status, to, why); err != nil {
			return err
		}
		if to == "refused" {
			// The referrer is told why, in their language, with the refusal.
			if err := s.tellRefusal(ctx, tx, r, why); err != nil {
				return err
			}
		}
		return s.audit(ctx, tx, op.AccountID, op.Email, "reward."+decision, "reward", id,
			map[string]string{"status": r.Status, "review_reason": r.ReviewReason}, map[string]string{"status": to}, why)
	})
}

// tellRefusal e-mails the referrer that a reward was refused, and why.
func (s *Service) tellRefusal(ctx context.Context, tx *store.Tx, r opsstore.ConsoleReward, why string) error {
	lang, err := tx.CustomerLanguage(ctx, r.ReferrerCustomerID)
	if err != nil {
		return err
	}
	amount, err := money.Parse(r.AmountUSD, money.USD)
	if err != nil {
		return err
	}
	return s.mail.Queue(ctx, tx, "reward_refused", lang, r.ReferrerEmail, map[string]string{
		"Referrer": firstWord(r.ReferrerName), "Amount": locale.For(lang).Money(amount), "Friend": r.ReferredEmail, "Reason": why,
	})
}

func firstWord(name string) string {
	if f := strings.Fields(name); len(f) > 0 {
		return f[0]
	}
	return ""
}
