// Package referrals is inviting friends and rewarding it: a payer's
// personal code and invitation e-mails, the code a browser arrived with,
// and the US$100 gift-card reward decided in the transaction that completes
// the referred person's first payment (RewardReferral, called by payments),
// with the rules that refuse self-referrals or hold doubtful ones for an
// operator.
package referrals
