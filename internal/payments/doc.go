// Package payments is the payment's use cases from quote to delivery:
// quotes, creating a payment, the lifecycle hub advance, receiving the partner's webhooks,
// recovery, expiry and refunds, status, live updates, receipts and the
// payment e-mails. A method validates its input, calls the partner outside
// any database transaction, then writes state, ledger postings and the jobs
// that follow in one transaction.
//
// The payer's profile (customer), identity, partner terms and US bank
// accounts are internal/onboarding's.
//
// Files: quote.go, payment.go
// (creating a payment), webhook.go (receiving and applying events),
// advance.go (one event applied to a locked payment: state, history, ledger,
// payment e-mails, the referral reward, a refund job and the live
// announcement, all in the caller's transaction), workers.go (expiry,
// refunds, hourly housekeeping), recovery.go (payments whose partner answer
// was lost), status.go, live.go (announcing changes, watching a payment,
// storing the rail reference), receipt.go (the receipt in the language the
// payer read the authorization in — the same as the e-mails', so the
// attached and the downloaded receipt are one — times in locale.ZoneOf the
// payment's currency, the named recipient from payment_recipients; also the
// outbox's Attacher), the payment e-mails (subpackage paymail, queued by
// advance in the transaction that moves the payment), partner_calls.go
// (the partner calls kept for the console's Explain).
package payments
