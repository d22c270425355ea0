package opsstore

import (
	"context"

	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/referralstore"
)

// ConsoleReward is a referral reward as the console's queue shows it.
type ConsoleReward struct {
	referralstore.ReferralReward
	ReferrerName, ReferrerEmail, ReferrerAccountID string
}

// ConsoleRewards returns rewards in a status (all when ""), oldest first (a
// queue is worked from its head), at most limit.
func ConsoleRewards(ctx context.Context, tx *store.Tx, status string, limit int) ([]ConsoleReward, error) {
	q := `SELECT r.id, r.code, r.referrer_customer_id, r.referred_email, r.payment_id, r.amount_usd, r.status, r.review_reason,
		COALESCE(r.gift_card_brand, ''), r.created_at, c.first_name || ' ' || c.last_name, c.email, COALESCE(c.account_id, '')
		FROM referral_rewards r JOIN customers c ON c.id = r.referrer_customer_id`
	var args []any
	if status != "" {
		q, args = q+` WHERE r.status = ?`, append(args, status)
	}
	rs, err := tx.Query(ctx, q+` ORDER BY r.created_at, r.id LIMIT ?`, append(args, limit)...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []ConsoleReward
	for rs.Next() {
		var r ConsoleReward
		if err := rs.Scan(&r.ID, &r.Code, &r.ReferrerCustomerID, &r.ReferredEmail, &r.PaymentID, &r.AmountUSD, &r.Status,
			&r.ReviewReason, &r.GiftCardBrand, &r.CreatedAt, &r.ReferrerName, &r.ReferrerEmail, &r.ReferrerAccountID); err != nil {
			return nil, err
		}
		r.CreatedAt = r.CreatedAt.UTC()
		out = append(out, r)
	}
	return out, rs.Err()
}

// ConsoleRewardForUpdate returns one reward with its referrer, locked on
// PostgreSQL for the change that follows, or ErrNotFound.
func ConsoleRewardForUpdate(ctx context.Context, tx *store.Tx, id string) (ConsoleReward, error) {
	lock := ""
	if tx.Engine() == store.Postgres {
		lock = " FOR UPDATE OF r"
	}
	var r ConsoleReward
	err := tx.QueryRow(ctx, `SELECT r.id, r.code, r.referrer_customer_id, r.referred_email, r.payment_id, r.amount_usd, r.status,
		r.review_reason, COALESCE(r.gift_card_brand, ''), r.created_at, c.first_name || ' ' || c.last_name, c.email, COALESCE(c.account_id, '')
		FROM referral_rewards r JOIN customers c ON c.id = r.referrer_customer_id WHERE r.id = ?`+lock, id).Scan(
		&r.ID, &r.Code, &r.ReferrerCustomerID, &r.ReferredEmail, &r.PaymentID, &r.AmountUSD, &r.Status, &r.ReviewReason,
		&r.GiftCardBrand, &r.CreatedAt, &r.ReferrerName, &r.ReferrerEmail, &r.ReferrerAccountID)
	r.CreatedAt = r.CreatedAt.UTC()
	return r, err
}

// SetRewardStatus moves a reward from one status to another (ErrConflict
// when it is no longer in from), with the operator's reason.
func SetRewardStatus(ctx context.Context, tx *store.Tx, id, from, to, reason string) error {
	n, err := tx.Exec(ctx, `UPDATE referral_rewards SET status = ?, review_reason = ? WHERE id = ? AND status = ?`, to, reason, id, from)
	if err == nil && n == 0 {
		return store.ErrConflict
	}
	return err
}
