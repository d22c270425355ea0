// Package referrals is inviting friends and rewarding it: a payer's
// personal code and invitation e-mails, the code a browser arrived with,
// and the US$100 gift-card reward decided in the transaction that completes
// the referred person's first payment (RewardReferral, called by payments).
//
// Files: contact.go (invitations, from a signed-in account with a confirmed
// address only: each new friend gets one e-mail naming the sender by the
// account's own name, queued in the storing transaction, with the payer's
// /signup?ref= code — a keyed hash of the customer id, recorded in
// referral_codes), referral_reward.go (a browser that arrives with ?ref=
// posts it to /api/referral-arrival, kept per session and moved to the
// account at sign-in; a reward once per person by e-mail and by tax id;
// referralVerdict refuses the referrer's own payments — same account, tax
// id, US bank account or e-mail — and holds doubtful ones for an operator —
// same browser, same address within a day, a 4th reward in a day — with
// statuses earned, held, refused and a review_reason; MyReferrals and
// ChooseGiftCard behind /api/me/referrals; a reward stays earned until an
// operator sends it).
package referrals
