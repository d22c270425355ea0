// Package ops is the operations console's use cases (/api/ops/): who is an
// operator and with which role, finding payments and people, explaining one
// payment end to end (states, partner calls, webhooks, e-mails, ledger),
// resending an e-mail or replaying a webhook, referral rewards to send or
// review, and the health page. Every change is written to the append-only
// audit log in its own transaction.
package ops
