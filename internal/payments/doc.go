// Package payments is the payment's use cases from quote to delivery:
// quotes, payer profiles (customers) and their US bank accounts, creating a
// payment, the lifecycle hub advance (advance.go: state, history, ledger
// postings, e-mails, referral reward, refund job and live announcement in
// the caller's transaction), receiving the partner's webhooks, recovery of
// payments whose answer was lost, expiry and refunds, status, live updates
// and receipts. A method validates its input, calls the partner outside any
// database transaction, then writes its change in one transaction.
package payments
