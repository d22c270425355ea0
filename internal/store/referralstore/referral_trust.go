package referralstore

import (
	"context"
	"time"

	"github.com/crebit/crebit/internal/store"
)

// The evidence the referral reward rules compare (referrals/referral_reward.go):
// what the referrer's payer profiles have used, against the referred payment.

// strings1 runs a query of one text column over customerIDs.
func strings1(ctx context.Context, tx *store.Tx, query string, customerIDs []string) ([]string, error) {
	if len(customerIDs) == 0 {
		return nil, nil
	}
	q, args := inList(query, customerIDs)
	return tx.Strings(ctx, q, args...)
}

// TaxHashesOf returns the keyed hashes of these customers' tax ids.
func TaxHashesOf(ctx context.Context, tx *store.Tx, customerIDs []string) ([]string, error) {
	return strings1(ctx, tx, `SELECT tax_id_hash FROM customers WHERE id IN (%s)`, customerIDs)
}

// BankHashesOf returns these customers' US bank accounts as
// "routing:keyed hash of the number" (BankKey's form).
func BankHashesOf(ctx context.Context, tx *store.Tx, customerIDs []string) ([]string, error) {
	return strings1(ctx, tx, `SELECT routing_number || ':' || account_hash FROM external_accounts WHERE customer_id IN (%s)`, customerIDs)
}

// AuthorizedFromIP reports whether one of these customers authorised a
// payment from ip between from and to.
func AuthorizedFromIP(ctx context.Context, tx *store.Tx, customerIDs []string, ip string, from, to time.Time) (bool, error) {
	if len(customerIDs) == 0 || ip == "" {
		return false, nil
	}
	q, args := inList(`SELECT COUNT(*) FROM payment_authorizations a JOIN payments p ON p.id = a.payment_id
		WHERE a.ip = ? AND a.accepted_at >= ? AND a.accepted_at <= ? AND p.customer_id IN (%s)`, customerIDs)
	var n int
	err := tx.QueryRow(ctx, q, append([]any{ip, store.UTC(from), store.UTC(to)}, args...)...).Scan(&n)
	return n > 0, err
}

// SignedInFromIP reports whether the account signed in from the address
// whose keyed hash is ipHash between from and to.
func SignedInFromIP(ctx context.Context, tx *store.Tx, accountID, ipHash string, from, to time.Time) (bool, error) {
	if accountID == "" || ipHash == "" {
		return false, nil
	}
	var n int
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM signin_events WHERE account_id = ? AND ip_hash = ? AND occurred_at >= ? AND occurred_at <= ?`,
		accountID, ipHash, store.UTC(from), store.UTC(to)).Scan(&n)
	return n > 0, err
}

// RewardsSince counts the rewards these customers were given since t,
// earned or held (a refused one gave nothing).
func RewardsSince(ctx context.Context, tx *store.Tx, customerIDs []string, t time.Time) (int, error) {
	if len(customerIDs) == 0 {
		return 0, nil
	}
	q, args := inList(`SELECT COUNT(*) FROM referral_rewards WHERE created_at >= ? AND status <> 'refused' AND referrer_customer_id IN (%s)`, customerIDs)
	var n int
	err := tx.QueryRow(ctx, q, append([]any{store.UTC(t)}, args...)...).Scan(&n)
	return n, err
}

// BankKey is how BankHashesOf names a bank account.
func BankKey(routing, accountHash string) string { return routing + ":" + accountHash }
