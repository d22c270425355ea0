package ops

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/opsstore"
)

// Health is the console's view of what needs an operator: the ledger
// check, the shared accounts' balances, jobs not done, e-mails waiting and
// failed, webhooks that could not be applied in the last day, and payments
// stuck past their expected time; and this instance's rate-limit and
// webhook-signature refusals since it started (all instances' are in the
// metrics: crebit_rate_limit_refusals_total,
// crebit_webhook_verification_failures_total).
type Health struct {
	Ledger          LedgerHealth     `json:"ledger"`
	Balances        []ExplainedFunds `json:"balances"`
	PaymentAccounts int              `json:"payment_accounts_holding_funds"`
	Jobs            []JobCount       `json:"jobs"`
	EmailsWaiting   int              `json:"emails_waiting"`
	EmailsFailed    int              `json:"emails_failed"`
	FailedEmails    []FailedMail     `json:"failed_emails"`
	IgnoredWebhooks []IgnoredHook    `json:"ignored_webhooks"`
	Stuck           []StuckPayment   `json:"stuck_payments"`
	LimitRefusals   map[string]int64 `json:"rate_limit_refusals_since_start"`
	WebhookRefusals int64            `json:"webhook_signature_refusals_since_start"`
	CheckedAt       time.Time        `json:"checked_at"`
}

// LedgerHealth is `crebit ledger check`'s verdict.
type LedgerHealth struct {
	OK           bool     `json:"ok"`
	Transactions int      `json:"transactions"`
	Problems     []string `json:"problems"`
}

// JobCount is how many jobs of a kind are in a state.
type JobCount struct {
	Kind  string `json:"kind"`
	State string `json:"state"`
	Count int    `json:"count"`
}

// FailedMail is an e-mail the outbox gave up on.
type FailedMail struct {
	ID        string     `json:"id"`
	Kind      string     `json:"kind"`
	To        string     `json:"to"`
	Payment   string     `json:"transaction_id,omitempty"`
	Attempts  int        `json:"attempts"`
	LastError string     `json:"last_error"`
	FailedAt  *time.Time `json:"failed_at"`
}

// IgnoredHook is a webhook that moved no payment.
type IgnoredHook struct {
	ID         string    `json:"id"`
	Type       string    `json:"type"`
	ReceivedAt time.Time `json:"received_at"`
	Outcome    string    `json:"outcome"`
}

// StuckPayment is a payment in one state for longer than it should be.
type StuckPayment struct {
	TransactionID string    `json:"transaction_id"`
	Status        string    `json:"status"`
	Since         time.Time `json:"since"`
}

// stuckAfter is how long each in-flight state normally lasts at most; a
// payment awaiting its pay-in is stuck 10 minutes after its window closed.
var stuckAfter = map[payment.State]time.Duration{
	payment.StateCreated:         5 * time.Minute,
	payment.StatePayinProcessing: 2 * time.Hour,
	payment.StatePayinCompleted:  time.Hour,
	payment.StateOfframpCreated:  6 * time.Hour,
	payment.StatePayinMismatch:   24 * time.Hour,
}

// ConsoleHealth gathers the health view.
func (s *Service) ConsoleHealth(ctx context.Context) (Health, error) {
	now := s.now()
	h := Health{CheckedAt: now, Balances: []ExplainedFunds{}, Jobs: []JobCount{}, FailedEmails: []FailedMail{},
		IgnoredWebhooks: []IgnoredHook{}, Stuck: []StuckPayment{}, Ledger: LedgerHealth{Problems: []string{}}}
	err := s.db.Read(ctx, func(tx *store.Tx) error {
		txs, bals, err := tx.LedgerSnapshot(ctx)
		if err != nil {
			return err
		}
		problems := ledger.Check(txs, bals)
		h.Ledger.OK, h.Ledger.Transactions = len(problems) == 0, len(txs)
		for i, p := range problems {
			if i == 20 {
				break
			}
			h.Ledger.Problems = append(h.Ledger.Problems, p.String())
		}
		for _, b := range bals {
			if strings.HasPrefix(b.Account, ledger.PaymentAccountPrefix) {
				if b.Minor != 0 {
					h.PaymentAccounts++
				}
				continue
			}
			h.Balances = append(h.Balances, ExplainedFunds{Account: b.Account, Currency: string(b.Currency),
				Balance: money.Amount{Minor: b.Minor, Currency: b.Currency}})
		}
		jobs, err := opsstore.JobsNotDone(ctx, tx)
		if err != nil {
			return err
		}
		for _, j := range jobs {
			h.Jobs = append(h.Jobs, JobCount{Kind: j.Kind, State: j.State, Count: j.Count})
		}
		mail, err := opsstore.OutboxHealth(ctx, tx)
		if err != nil {
			return err
		}
		h.EmailsWaiting, h.EmailsFailed = mail.Waiting, mail.Failed
		for _, m := range mail.FailedRecent {
			h.FailedEmails = append(h.FailedEmails, FailedMail{ID: m.ID, Kind: m.Kind, To: m.To, Payment: m.ObjectID,
				Attempts: m.Attempts, LastError: m.LastError, FailedAt: m.FailedAt})
		}
		hooks, err := opsstore.IgnoredWebhooks(ctx, tx, now.Add(-24*time.Hour))
		if err != nil {
			return err
		}
		for _, w := range hooks {
			h.IgnoredWebhooks = append(h.IgnoredWebhooks, IgnoredHook{ID: w.ID, Type: w.Type, ReceivedAt: w.ReceivedAt, Outcome: w.Outcome})
		}
		stuck, err := tx.StuckPayments(ctx, now, stuckAfter, 10*time.Minute)
		if err != nil {
			return err
		}
		for _, p := range stuck {
			h.Stuck = append(h.Stuck, StuckPayment{TransactionID: p.ID, Status: string(p.State), Since: p.Since})
		}
		sort.Slice(h.Stuck, func(i, j int) bool { return h.Stuck[i].Since.Before(h.Stuck[j].Since) })
		return nil
	})
	h.LimitRefusals, h.WebhookRefusals = s.metrics.Refusals()
	return h, err
}
