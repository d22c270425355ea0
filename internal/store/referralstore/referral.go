package referralstore

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/store"
)

// RegisterReferralCode records a payer's personal code (once).
func RegisterReferralCode(ctx context.Context, tx *store.Tx, code, customerID string, now time.Time) error {
	_, err := tx.Exec(ctx, `INSERT INTO referral_codes (code, customer_id, created_at) VALUES (?, ?, ?) ON CONFLICT (code) DO NOTHING`,
		code, customerID, store.UTC(now))
	return err
}

// RememberReferralArrival keeps the code a browser arrived with; the first
// code a session brings is the one that counts.
func RememberReferralArrival(ctx context.Context, tx *store.Tx, sessionID, accountID, code string, now time.Time) error {
	_, err := tx.Exec(ctx, `INSERT INTO referral_arrivals (session_id, account_id, code, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (session_id) DO NOTHING`, sessionID, store.Nullable(accountID), code, store.UTC(now))
	return err
}

// ReferralCodeFor is the code the payment's browser (or its account) arrived with, or "".
func ReferralCodeFor(ctx context.Context, tx *store.Tx, sessionID, accountID string) (string, error) {
	var code string
	err := tx.QueryRow(ctx, `SELECT code FROM referral_arrivals WHERE session_id = ? OR (account_id IS NOT NULL AND account_id = ?)
		ORDER BY created_at LIMIT 1`, sessionID, accountID).Scan(&code)
	if errors.Is(err, store.ErrNotFound) {
		return "", nil
	}
	return code, err
}

// ReferrerOf is the customer whose code this is, or ErrNotFound.
func ReferrerOf(ctx context.Context, tx *store.Tx, code string) (string, error) {
	var id string
	err := tx.QueryRow(ctx, `SELECT customer_id FROM referral_codes WHERE code = ?`, code).Scan(&id)
	return id, err
}

// ReferralReward is a reward a referrer earned (status earned), one that
// waits for an operator (held) or one the rules refused (refused), with
// ReviewReason saying why for the last two.
type ReferralReward struct {
	ID, Code, ReferrerCustomerID, ReferredEmail, PaymentID, AmountUSD, Status string
	ReferredTaxHash                                                           string // the referred person's tax id (keyed hash)
	ReviewReason                                                              string
	GiftCardBrand                                                             string // "" until the referrer chooses
	CreatedAt                                                                 time.Time
}

// CreateReferralReward records a reward once per referred person (by
// e-mail and by tax id); false when that person already earned one for
// someone.
func CreateReferralReward(ctx context.Context, tx *store.Tx, r ReferralReward) (bool, error) {
	n, err := tx.Exec(ctx, `INSERT INTO referral_rewards (id, code, referrer_customer_id, referred_email, payment_id, amount_usd, status,
		created_at, referred_tax_hash, review_reason)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
		r.ID, r.Code, r.ReferrerCustomerID, r.ReferredEmail, r.PaymentID, r.AmountUSD, r.Status, store.UTC(r.CreatedAt),
		r.ReferredTaxHash, r.ReviewReason)
	return n == 1, err
}

// MoveReferralArrivalToAccount keeps a guest's referral when it signs in.
func MoveReferralArrivalToAccount(ctx context.Context, tx *store.Tx, sessionID, accountID string) error {
	_, err := tx.Exec(ctx, `UPDATE referral_arrivals SET account_id = ? WHERE session_id = ? AND account_id IS NULL`, accountID, sessionID)
	return err
}

// ReferralInvitation is one friend a payer invited.
type ReferralInvitation struct {
	Email     string
	InvitedAt time.Time
}

// ReferralsOf lists the invitations sent for these customers, newest first (at most 200).
func ReferralsOf(ctx context.Context, tx *store.Tx, customerIDs []string) ([]ReferralInvitation, error) {
	if len(customerIDs) == 0 {
		return nil, nil
	}
	q, args := inList(`SELECT email, created_at FROM referrals WHERE customer_id IN (%s) ORDER BY created_at DESC, id LIMIT 200`, customerIDs)
	rs, err := tx.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []ReferralInvitation
	for rs.Next() {
		var r ReferralInvitation
		if err := rs.Scan(&r.Email, &r.InvitedAt); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rs.Err()
}

// RewardsOf lists the rewards these customers earned, newest first.
func RewardsOf(ctx context.Context, tx *store.Tx, customerIDs []string) ([]ReferralReward, error) {
	if len(customerIDs) == 0 {
		return nil, nil
	}
	q, args := inList(`SELECT id, amount_usd, status, review_reason, COALESCE(gift_card_brand, ''), created_at FROM referral_rewards
		WHERE referrer_customer_id IN (%s) ORDER BY created_at DESC, id`, customerIDs)
	rs, err := tx.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []ReferralReward
	for rs.Next() {
		var r ReferralReward
		if err := rs.Scan(&r.ID, &r.AmountUSD, &r.Status, &r.ReviewReason, &r.GiftCardBrand, &r.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rs.Err()
}

// inList fills a query's %s with one placeholder per value.
func inList(query string, values []string) (string, []any) {
	marks := make([]string, len(values))
	args := make([]any, len(values))
	for i, v := range values {
		marks[i], args[i] = "?", v
	}
	return fmt.Sprintf(query, strings.Join(marks, ", ")), args
}

// ChooseGiftCard records the brand of one of these customers' rewards
// that is earned or held for review, once: ErrConflict when a brand was
// chosen already, ErrNotFound when the reward is not theirs, was refused
// or was already sent.
func ChooseGiftCard(ctx context.Context, tx *store.Tx, customerIDs []string, rewardID, brand string) error {
	if len(customerIDs) == 0 {
		return store.ErrNotFound
	}
	q, args := inList(`SELECT COALESCE(gift_card_brand, ''), status FROM referral_rewards WHERE id = ? AND referrer_customer_id IN (%s)`, customerIDs)
	var chosen, status string
	if err := tx.QueryRow(ctx, q, append([]any{rewardID}, args...)...).Scan(&chosen, &status); err != nil {
		return err
	}
	switch {
	case status != "earned" && status != "held":
		return store.ErrNotFound
	case chosen != "":
		return store.ErrConflict
	}
	n, err := tx.Exec(ctx, `UPDATE referral_rewards SET gift_card_brand = ? WHERE id = ? AND COALESCE(gift_card_brand, '') = ''`, brand, rewardID)
	if err == nil && n == 0 {
		return store.ErrConflict
	}
	return err
}
