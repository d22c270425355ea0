// Package referralstore owns the referral programme's tables: codes,
// arrivals, the friends a payer referred, rewards (a gift card chosen for
// each) and the trust checks run on them, as functions over a store.Tx.
package referralstore
