package ops

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/payments"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/holdstore"
	"github.com/crebit/crebit/internal/store/opsstore"
	"github.com/crebit/crebit/internal/store/outboxstore"
	"github.com/crebit/crebit/internal/store/returnstore"
	"github.com/crebit/crebit/internal/store/webhookstore"
)

// Explanation is one payment's whole story for the operations console: what
// it is, every state it entered with its time and cause, every call Crebit
// made to the partner about it (and about its payer profile and bank
// account), every webhook received about it (headers and raw body; only
// deliveries whose signature verified are stored — refused ones are counted
// in the metrics and logged, not kept), every e-mail it sent with its
// content, its ledger postings with the touched accounts' balances now,
// its rail references, and the payer's other payments.
type Explanation struct {
	Payment       ExplainedPayment  `json:"payment"`
	States        []ExplainedState  `json:"states"`
	PartnerCalls  []ExplainedCall   `json:"partner_calls"`
	Webhooks      []ExplainedHook   `json:"webhooks"`
	Emails        []ExplainedMail   `json:"emails"`
	Ledger        []ExplainedPost   `json:"ledger"`
	Balances      []ExplainedFunds  `json:"balances"`
	Returns       []ExplainedReturn `json:"returns"` // money owed back to the payer, and when it was returned
	Rail          ExplainedRail     `json:"rail"`
	OtherPayments []FoundPayment    `json:"other_payments"`
}

// ExplainedPayment is the payment's own record, as an operator reads it.
type ExplainedPayment struct {
	FoundPayment
	Fees           money.Amount   `json:"fees_usd"`
	EffectiveRate  string         `json:"effective_rate"`
	SenderName     string         `json:"sender_name"`
	Recipient      string         `json:"recipient,omitempty"`
	PartnerPayinID string         `json:"partner_payin_id,omitempty"`
	OfframpID      string         `json:"offramp_id,omitempty"`
	FailureReason  string         `json:"failure_reason,omitempty"`
	ExpiresAt      time.Time      `json:"expires_at"`
	CustomerID     string         `json:"customer_id"`
	KYCStatus      string         `json:"kyc_status"`
	Hold           *ExplainedHold `json:"hold,omitempty"` // open while an operator holds it
	OfframpStatus  string         `json:"offramp_status,omitempty"`
	// Refundable, Cancellable and PayoutReturned say which money fixes
	// apply now (the console offers only those).
	Refundable     bool `json:"refundable"`
	Cancellable    bool `json:"cancellable"`
	PayoutReturned bool `json:"payout_returned"`
}

// ExplainedState is one state the payment entered.
type ExplainedState struct {
	State string    `json:"state"`
	At    time.Time `json:"at"`
	Cause string    `json:"cause"` // api, webhook:<event id>, job:<name>, operator:<id>
}

// ExplainedCall is one call to the partner.
type ExplainedCall struct {
	At         time.Time `json:"at"`
	About      string    `json:"about"` // the payment, customer or bank account id
	Operation  string    `json:"operation"`
	IdemKey    string    `json:"idempotency_key"`
	Outcome    string    `json:"outcome"`
	DurationMS int64     `json:"duration_ms"`
	Request    string    `json:"request"`  // JSON, identifiers masked to their last 4
	Response   string    `json:"response"` // JSON, the same
}

// ExplainedHook is one webhook received.
type ExplainedHook struct {
	ID          string     `json:"id"`
	Type        string     `json:"type"`
	ReceivedAt  time.Time  `json:"received_at"`
	Headers     string     `json:"headers"` // JSON
	Body        string     `json:"body"`
	Signature   string     `json:"signature"` // "verified": only verified deliveries are stored
	ProcessedAt *time.Time `json:"processed_at,omitempty"`
	Outcome     string     `json:"outcome"`
}

// ExplainedMail is one e-mail queued about the payment.
type ExplainedMail struct {
	ID        string     `json:"id"`
	To        string     `json:"to"`
	Subject   string     `json:"subject"`
	Text      string     `json:"text"`
	QueuedAt  time.Time  `json:"queued_at"`
	SentAt    *time.Time `json:"sent_at,omitempty"`
	FailedAt  *time.Time `json:"failed_at,omitempty"`
	Attempts  int        `json:"attempts"`
	LastError string     `json:"last_error,omitempty"`
}

// ExplainedPost is one ledger transaction of the payment.
type ExplainedPost struct {
	ID      string          `json:"id"`
	Kind    string          `json:"kind"`
	At      time.Time       `json:"at"`
	Entries []ExplainedLine `json:"entries"`
}

// ExplainedLine is one entry: an account moved by an amount.
type ExplainedLine struct {
	Account  string       `json:"account"`
	Currency string       `json:"currency"`
	Amount   money.Amount `json:"amount"`
}

// ExplainedFunds is an account's balance now.
type ExplainedFunds struct {
	Account  string       `json:"account"`
	Currency string       `json:"currency"`
	Balance  money.Amount `json:"balance"`
}

// ExplainedRail is the local rail's reference of the pay-in: in JSON, the
// reference under its kind's name ({"pix_end_to_end_id": "E…"},
// {"spei_tracking_key": "…", "cep_url": "…"}), {} before the pay-in
// completed.
type ExplainedRail struct {
	Kind  string // the corridor's Rail.Kind
	Value string
	// LookupURL is the rail's page where the transfer's proof is looked up
	// (cep_url: Banxico's CEP for SPEI), when it has one.
	LookupURL string
}

// MarshalJSON writes the reference under its kind's name, then cep_url.
func (r ExplainedRail) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for _, f := range [][2]string{{r.Kind, r.Value}, {"cep_url", r.LookupURL}} {
		if f[0] == "" || f[1] == "" {
			continue
		}
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(f[0])
		v, _ := json.Marshal(f[1])
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// ConsoleExplainPayment tells one payment's whole story.
func (s *Service) ConsoleExplainPayment(ctx context.Context, transactionID string) (Explanation, error) {
	var ex Explanation
	var p payment.Record
	var ref payment.RailReference
	var customerEmail string
	err := s.db.Read(ctx, func(tx *store.Tx) (err error) {
		p, ref, err = tx.PaymentWithRail(ctx, transactionID)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.E(apperr.TransactionNotFound, "console").On("transaction_id")
		}
		if err != nil {
			return err
		}
		c, err := tx.Customer(ctx, p.CustomerID)
		if err != nil {
			return err
		}
		customerEmail = c.Email
		recipient, err := tx.PaymentRecipient(ctx, p.ID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
		ex.Payment = ExplainedPayment{FoundPayment: found(p, c.FirstName, c.LastName, c.Email, c.TaxIDLast4, ""),
			Fees: p.TotalFeesUSD, EffectiveRate: p.EffectiveRate, SenderName: p.SenderName, Recipient: recipient,
			PartnerPayinID: p.PartnerPayinID, OfframpID: p.OfframpID, FailureReason: p.FailureReason, ExpiresAt: p.ExpiresAt,
			CustomerID: c.ID, KYCStatus: c.KYCStatus}
		ex.Payment.OfframpStatus = p.OfframpStatus
		ex.Payment.Refundable = p.State == payment.StatePayinCompleted && p.OfframpID == ""
		ex.Payment.Cancellable = p.State == payment.StateAwaitingPayin
		ex.Payment.PayoutReturned = payments.PayoutReturned(p)
		rets, err := returnstore.ReturnsOf(ctx, tx, p.ID)
		if err != nil {
			return err
		}
		ex.Returns = make([]ExplainedReturn, 0, len(rets))
		for _, r := range rets {
			ex.Returns = append(ex.Returns, explainedReturn(r))
		}
		if h, err := holdstore.OpenHold(ctx, tx, p.ID); err == nil {
			ex.Payment.Hold = &ExplainedHold{Since: h.HeldAt, By: h.HeldByEmail, Reason: h.Reason}
		} else if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		about := []string{p.ID, p.CustomerID}
		if p.ExternalAccountID != "" {
			about = append(about, p.ExternalAccountID)
			if a, err := tx.ExternalAccount(ctx, p.ExternalAccountID); err == nil {
				ex.Payment.BankLast4 = a.Last4
			}
		}
		events, err := tx.PaymentEvents(ctx, p.ID)
		if err != nil {
			return err
		}
		for _, e := range events {
			ex.States = append(ex.States, ExplainedState{State: string(e.State), At: e.OccurredAt, Cause: e.Source})
		}
		calls, err := opsstore.PartnerCallsAbout(ctx, tx, about...)
		if err != nil {
			return err
		}
		for _, c := range calls {
			ex.PartnerCalls = append(ex.PartnerCalls, ExplainedCall{At: c.At, About: c.ObjectID, Operation: c.Operation,
				IdemKey: c.IdemKey, Outcome: c.Outcome, DurationMS: c.Duration.Milliseconds(), Request: c.Request, Response: c.Response})
		}
		hooks, err := webhookstore.WebhooksAbout(ctx, tx, p.ID)
		if err != nil {
			return err
		}
		for _, h := range hooks {
			ex.Webhooks = append(ex.Webhooks, ExplainedHook{ID: h.ID, Type: h.Type, ReceivedAt: h.ReceivedAt, Headers: h.Headers,
				Body: h.Payload, Signature: "verified", ProcessedAt: h.ProcessedAt, Outcome: h.Outcome})
		}
		mails, err := outboxstore.MailsAbout(ctx, tx, p.ID)
		if err != nil {
			return err
		}
		for _, m := range mails {
			em := ExplainedMail{ID: m.ID, To: m.To, Subject: m.Subject, QueuedAt: m.CreatedAt, SentAt: m.SentAt, FailedAt: m.FailedAt,
				Attempts: m.Attempts, LastError: m.LastError}
			if text, ok := s.mail.BodyText(m.BodySealed); ok {
				em.Text = text
			}
			ex.Emails = append(ex.Emails, em)
		}
		posts, err := opsstore.LedgerAbout(ctx, tx, p.ID)
		if err != nil {
			return err
		}
		touched := map[[2]string]bool{}
		for _, lp := range posts {
			post := ExplainedPost{ID: lp.ID, Kind: lp.Kind, At: lp.CreatedAt}
			for _, e := range lp.Entries {
				post.Entries = append(post.Entries, ExplainedLine{Account: e.Account, Currency: string(e.Currency),
					Amount: money.Amount{Minor: e.Delta, Currency: e.Currency}})
				if k := [2]string{e.Account, string(e.Currency)}; !touched[k] {
					touched[k] = true
					b, err := tx.Balance(ctx, e.Account, e.Currency)
					if err != nil {
						return err
					}
					ex.Balances = append(ex.Balances, ExplainedFunds{Account: e.Account, Currency: string(e.Currency),
						Balance: money.Amount{Minor: b, Currency: e.Currency}})
				}
			}
			ex.Ledger = append(ex.Ledger, post)
		}
		return nil
	})
	if err != nil {
		return Explanation{}, err
	}
	ex.Rail = ExplainedRail{Kind: ref.Kind, Value: ref.Value}
	if r, ok := corridor.RailByKind(ref.Kind); ok && ref.Value != "" {
		ex.Rail.LookupURL = r.LookupURL // Banxico's CEP for SPEI; none for Pix
	}
	others, err := s.ConsoleFindPayments(ctx, FindInput{Q: customerEmail})
	if err != nil {
		return Explanation{}, err
	}
	for _, o := range others.Payments {
		if o.TransactionID != p.ID {
			ex.OtherPayments = append(ex.OtherPayments, o)
		}
	}
	return ex, nil
}

// found is a payment as the console's lists show it.
func found(p payment.Record, first, last, email, taxLast4, bankLast4 string) FoundPayment {
	return FoundPayment{TransactionID: p.ID, Status: string(p.State), Method: p.Method, Delivery: string(p.Delivery),
		Corridor: corridorOf(p.AmountLocal.Currency), Currency: string(p.AmountLocal.Currency), AmountLocal: p.AmountLocal, AmountUSD: p.AmountUSD,
		CreatedAt: p.CreatedAt, PayerName: strings.TrimSpace(first + " " + last), PayerEmail: email, AccountID: p.AccountID,
		TaxIDLast4: taxLast4, BankLast4: bankLast4}
}

// ConsoleResendMail queues again one e-mail a payment sent (support), as a
// new message with the same content, recorded in the audit log.
func (s *Service) ConsoleResendMail(ctx context.Context, op Operator, transactionID, mailID, reasonText string) error {
	why, err := reason(reasonText)
	if err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		id := randid.New("msg")
		err := opsstore.CopyOutbox(ctx, tx, mailID, transactionID, id, id+"@"+s.mail.Domain(), s.now())
		if errors.Is(err, store.ErrNotFound) {
			return apperr.E(apperr.NotFound, "payment_mail").On("mail_id")
		}
		if err != nil {
			return err
		}
		tx.AfterCommit(s.mail.Wake)
		return s.audit(ctx, tx, op.AccountID, op.Email, "mail.resend", "payment", transactionID,
			map[string]string{"mail_id": mailID}, map[string]string{"mail_id": id}, why)
	})
}

// ConsoleReplayWebhook applies a stored webhook event to its payment again
// (finance): the lifecycle rules never move a payment backwards, so an
// event already applied changes nothing; one whose applying failed is
// applied now. The outcome is returned and audited.
func (s *Service) ConsoleReplayWebhook(ctx context.Context, op Operator, transactionID, eventID, reasonText string) (string, error) {
	why, err := reason(reasonText)
	if err != nil {
		return "", err
	}
	var outcome string
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		pid, err := opsstore.WebhookPaymentID(ctx, tx, eventID)
		if errors.Is(err, store.ErrNotFound) || err == nil && pid != transactionID {
			return apperr.E(apperr.NotFound, "payment_webhook").On("event_id")
		}
		if err != nil {
			return err
		}
		before, err := tx.Payment(ctx, transactionID)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.E(apperr.TransactionNotFound, "console").On("transaction_id")
		}
		if err != nil {
			return err
		}
		raw, err := webhookstore.WebhookEventPayload(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := s.payments.ApplyEvent(ctx, tx, eventID, raw); err != nil {
			return err
		}
		after, err := tx.Payment(ctx, transactionID)
		if err != nil {
			return err
		}
		outcome = "no change"
		if after.State != before.State {
			outcome = string(before.State) + " → " + string(after.State)
		}
		return s.audit(ctx, tx, op.AccountID, op.Email, "webhook.replay", "payment", transactionID,
			map[string]string{"state": string(before.State), "event_id": eventID}, map[string]string{"state": string(after.State)}, why)
	})
	return outcome, err
}
