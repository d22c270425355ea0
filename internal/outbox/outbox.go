package outbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/mail"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
	"github.com/crebit/crebit/internal/store/outboxstore"
)

// The outbox: a use case calls Queue inside its own transaction, so the
// e-mail exists exactly when the change that causes it commits. The
// outbox is its own durable queue: a dispatcher in each process (runMail)
// claims the messages that are due, several at a time, sends them and
// marks them sent, or records the failure and when to try again. A
// message already marked sent is never sent again, and its Message-ID
// stays the same on every attempt, so a receiver can drop the duplicate of
// a send whose "sent" mark was lost (a process that dies holding a claim
// lets it go when the claim's lease ends).

// outboxMaxAttempts bounds retries; the backoff below spreads them over
// about a day before the message is marked failed for good.
const outboxMaxAttempts = 12

const (
	// mailBatch is how many messages one claim takes: the local mailbox
	// delivers a whole batch in one transaction; SMTP sends mailSenders at
	// a time and marks each as it goes.
	mailBatch, mailBatchSMTP = 64, 8
	mailSenders              = 8
	// mailDispatchers claim and send batches side by side, so one batch's
	// wait for the database overlaps another's composing.
	mailDispatchers = 3
	// mailPoll is how often a dispatcher looks for due messages it was not
	// woken for (claims left by a process that died, a retry whose timer
	// was lost with its process); a queued message wakes its process's
	// dispatchers on commit and a failed send sets a timer for its retry,
	// so this is only the safety net (it was 250 ms: most of an idle
	// server's work, issue #31; the three dispatchers together look every
	// 5 s on average). mailLease is how long a claim holds (a send gets
	// mailSendTimeout, and a batch's sends run mailSenders at a time).
	mailPoll        = 15 * time.Second
	mailLease       = 2 * time.Minute
	mailSendTimeout = 50 * time.Second
)

// mailBody is what the sealed body column holds.
type mailBody struct {
	Text string `json:"text"`
	HTML string `json:"html"`
	// Attach names a file made when the message is sent: "receipt:<transaction id>".
	Attach string `json:"attach,omitempty"`
	// Attachments are the files as delivered (the local mailbox kept them
	// so before migration 00103; see mailbox.go).
	Attachments []mail.Attachment `json:"attachments,omitempty"`
	// Headers are extra header fields (List-Unsubscribe ...).
	Headers map[string]string `json:"headers,omitempty"`
}

// Queue renders kind with fields for to and stores it in tx; the
// dispatcher is woken once tx commits. Links with tokens go only into the
// sealed body.
func (s *Outbox) Queue(ctx context.Context, tx *store.Tx, kind, lang, to string, fields map[string]string) error {
	return s.QueueAttaching(ctx, tx, kind, lang, to, fields, "")
}

// QueueAttaching is Queue with a file made at sending time (attach:
// "receipt:<transaction id>" attaches that payment's PDF receipt).
func (s *Outbox) QueueAttaching(ctx context.Context, tx *store.Tx, kind, lang, to string, fields map[string]string, attach string) error {
	return s.QueueMessage(ctx, tx, kind, lang, to, fields, attach, nil)
}

// QueueMessage is Queue with an attachment made at sending time
// and extra header fields (headers may be nil).
func (s *Outbox) QueueMessage(ctx context.Context, tx *store.Tx, kind, lang, to string, fields map[string]string, attach string, headers map[string]string) error {
	subject, text, html, err := s.mailer.Render(kind, lang, fields)
	if err != nil {
		return err
	}
	body, err := json.Marshal(mailBody{Text: text, HTML: html, Attach: attach, Headers: headers})
	if err != nil {
		return err
	}
	id := randid.New("msg")
	m := outboxstore.OutboxMessage{ID: id, MessageID: id + "@" + s.mailDomain, Kind: kind, To: to, Subject: subject,
		BodySealed: s.sealer.Seal(string(body)), CreatedAt: s.now(), ObjectID: fields["TransactionID"]}
	if err := outboxstore.InsertOutbox(ctx, tx, m); err != nil {
		return err
	}
	tx.AfterCommit(s.Wake)
	return nil
}

// Wake tells this process's dispatcher that a message is waiting (a
// hint: without it the dispatcher finds the message at its next look).
func (s *Outbox) Wake() {
	select {
	case s.mailWake <- struct{}{}:
	default:
	}
}

// Start starts this process's outbox dispatchers (mailDispatchers
// loops); Stop stops them.
func (s *Outbox) Start(ctx context.Context) {
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	s.mailStop = func(wait context.Context) error {
		cancel()
		select {
		case <-done:
			return nil
		case <-wait.Done():
			return fmt.Errorf("outbox dispatcher: %w", wait.Err())
		}
	}
	var wg sync.WaitGroup
	for range mailDispatchers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.runMail(ctx)
		}()
	}
	go func() {
		wg.Wait()
		close(done)
	}()
}

// Stop stops the dispatchers and waits (until wait ends) for the
// batches they are sending. A batch claimed for the local mailbox and not
// delivered is released at once; an SMTP send cut off mid-way may have
// gone through, so its message is due again only when its lease ends.
func (s *Outbox) Stop(wait context.Context) error {
	if s.mailStop == nil {
		return nil
	}
	return s.mailStop(wait)
}

// runMail sends due messages until ctx ends: at once when woken, every
// mailPoll otherwise, and straight on while there is more. A batch for the
// local mailbox claims the next one in the transaction that delivers it.
func (s *Outbox) runMail(ctx context.Context) {
	var claimed []outboxstore.OutboxMessage
	for {
		next, more, err := s.dispatchMail(ctx, claimed)
		claimed = next
		if ctx.Err() != nil {
			s.releaseMail(claimed)
			return
		}
		if err != nil {
			s.log.Warn("outbox: dispatching failed; will look again", "err", err)
		}
		if (more || len(claimed) > 0) && err == nil {
			continue
		}
		select {
		case <-ctx.Done():
			s.releaseMail(claimed)
			return
		case <-s.mailWake:
		case <-time.After(mailPoll):
		}
	}
}

// dispatchMail sends claimed, or claims a batch of due messages when there
// is none, and sends that. It returns the next batch when it claimed one
// already (the local mailbox), and more when the batch it sent was full
// (more may be due).
func (s *Outbox) dispatchMail(ctx context.Context, claimed []outboxstore.OutboxMessage) (next []outboxstore.OutboxMessage, more bool, err error) {
	limit := mailBatch
	if s.sender != nil {
		limit = mailBatchSMTP
	}
	if len(claimed) == 0 {
		now := s.now()
		var due bool
		if err := s.db.ReadOne(ctx, func(tx *store.Tx) (err error) { due, err = outboxstore.OutboxDue(ctx, tx, now); return }); err != nil || !due {
			return nil, false, err
		}
		// The claim is one statement (an UPDATE … RETURNING): on PostgreSQL
		// it runs alone, without BEGIN and COMMIT.
		if err := s.db.WriteOne(ctx, func(tx *store.Tx) (err error) {
			claimed, err = outboxstore.ClaimOutbox(ctx, tx, now, now.Add(mailLease), limit)
			return err
		}); err != nil || len(claimed) == 0 {
			return nil, false, err // another dispatcher took them
		}
	}
	if s.sender == nil {
		next, err = s.deliverLocalBatch(ctx, claimed, limit)
		if err != nil {
			// Nothing of the batch was recorded: due again at once.
			s.releaseMail(claimed)
		}
		return next, false, err
	}
	s.eachMail(claimed, func(_ int, m outboxstore.OutboxMessage) { s.sendOne(ctx, m) })
	return nil, len(claimed) == limit, nil
}

// releaseMail lets go of messages claimed and not sent (stopping), so they
// are due again at once rather than when the claim's lease ends.
func (s *Outbox) releaseMail(ms []outboxstore.OutboxMessage) {
	if len(ms) == 0 {
		return
	}
	ids := make([]string, 0, len(ms))
	for _, m := range ms {
		ids = append(ids, m.ID)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.db.Tx(ctx, func(tx *store.Tx) error { return outboxstore.ReleaseOutbox(ctx, tx, ids) }); err != nil {
		s.log.Warn("outbox: releasing claimed messages failed; they are due again when the claim ends", "err", err)
	}
}

// eachMail runs fn for every message, mailSenders at a time (composing
// reads the database and can make a PDF; sending waits on the network).
func (s *Outbox) eachMail(ms []outboxstore.OutboxMessage, fn func(i int, m outboxstore.OutboxMessage)) {
	sem := make(chan struct{}, mailSenders)
	var wg sync.WaitGroup
	for i, m := range ms {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			fn(i, m)
		}()
	}
	wg.Wait()
}

// compose opens a claimed message and makes its attachments; a message that
// can never be sent (its sealed body unreadable) gives permanent true.
func (s *Outbox) compose(ctx context.Context, m outboxstore.OutboxMessage) (msg mail.Message, permanent bool, err error) {
	plain, err := s.sealer.Open(m.BodySealed)
	if err != nil {
		return mail.Message{}, true, err
	}
	var body mailBody
	if err := json.Unmarshal([]byte(plain), &body); err != nil {
		return mail.Message{}, true, err
	}
	files, err := s.attachments(ctx, body.Attach)
	if err != nil {
		return mail.Message{}, false, err // tried again: the receipt is made from the database
	}
	return mail.Message{MessageID: m.MessageID, From: s.cfg.MailFrom, To: m.To,
		Subject: m.Subject, Text: body.Text, HTML: body.HTML, Attachments: files, Headers: body.Headers}, false, nil
}

// deliverLocalBatch puts a batch in the local mailbox (the embedded
// default: no SMTP, no other sender) and marks it sent, and claims up to
// limit due messages for the next round, in one transaction (one turn of
// SQLite's one writer for the lot); a message that cannot be composed is
// recorded as failed. Each message is composed and sealed for the mailbox
// before the transaction (a receipt's PDF, its JSON and its encryption are
// the costly part), so the writer only stores them.
func (s *Outbox) deliverLocalBatch(ctx context.Context, ms []outboxstore.OutboxMessage, limit int) (next []outboxstore.OutboxMessage, err error) {
	type composed struct {
		m         outboxstore.OutboxMessage
		box       outboxstore.MailboxMessage
		err       error
		permanent bool
	}
	out := make([]composed, len(ms))
	s.eachMail(ms, func(i int, m outboxstore.OutboxMessage) {
		msg, permanent, err := s.compose(ctx, m)
		var box outboxstore.MailboxMessage
		if err == nil {
			box, err = s.mailboxMessage(msg)
		}
		out[i] = composed{m: m, box: box, err: err, permanent: permanent}
	})
	now := s.now()
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		var boxes []outboxstore.MailboxMessage
		var ids []string
		for _, c := range out {
			if c.err != nil {
				if err := s.recordMailFailure(ctx, tx, c.m, c.err, c.permanent, now); err != nil {
					return err
				}
				continue
			}
			boxes, ids = append(boxes, c.box), append(ids, c.m.ID)
		}
		if err := outboxstore.DeliverMailboxSent(ctx, tx, boxes, ids, now); err != nil {
			return err
		}
		next, err = outboxstore.ClaimOutbox(ctx, tx, now, now.Add(mailLease), limit)
		if err != nil {
			return err
		}
		tx.AfterCommit(func() {
			for _, c := range out {
				if c.err == nil {
					s.log.Info("email sent", "outbox_id", c.m.ID, "kind", c.m.Kind, "attempt", c.m.Attempts+1, "to", "local mailbox")
				}
			}
		})
		return nil
	})
	return next, err
}

// sendOne sends one claimed message through the sender and records the
// outcome in its own transaction.
func (s *Outbox) sendOne(ctx context.Context, m outboxstore.OutboxMessage) {
	msg, permanent, err := s.compose(ctx, m)
	if err == nil {
		sctx, cancel := context.WithTimeout(ctx, mailSendTimeout)
		err = s.sender.Send(sctx, msg)
		cancel()
		permanent = errors.Is(err, mail.ErrPermanent)
	}
	if ctx.Err() != nil {
		return // stopping: the claim's lease lets it go
	}
	now := s.now()
	var txErr error
	if err == nil {
		// One statement: on PostgreSQL it runs without BEGIN and COMMIT.
		txErr = s.db.WriteOne(ctx, func(tx *store.Tx) error {
			_, err := outboxstore.MarkOutboxSent(ctx, tx, m.ID, now)
			return err
		})
		if txErr == nil {
			s.log.Info("email sent", "outbox_id", m.ID, "kind", m.Kind, "attempt", m.Attempts+1)
		}
	} else {
		txErr = s.db.Tx(ctx, func(tx *store.Tx) error { return s.recordMailFailure(ctx, tx, m, err, permanent, now) })
	}
	if txErr != nil {
		// The claim's lease ends and the message is tried again (a send
		// that went through carries the same Message-ID).
		s.log.Warn("outbox: recording a send failed", "outbox_id", m.ID, "err", txErr)
	}
}

// recordMailFailure counts a failed attempt and schedules the next, 2 s,
// 6 s, 18 s ... up to an hour later; the last attempt, or a permanent
// failure, marks the message failed for good (kept with its last error,
// where an operator can see it).
func (s *Outbox) recordMailFailure(ctx context.Context, tx *store.Tx, m outboxstore.OutboxMessage, sendErr error, permanent bool, now time.Time) error {
	attempt := m.Attempts + 1
	final := permanent || attempt >= outboxMaxAttempts
	if err := outboxstore.RecordOutboxFailure(ctx, tx, m.ID, sendErr.Error(), final, now, now.Add(mailBackoff(attempt))); err != nil {
		return err
	}
	s.metrics.JobError("send_email", final)
	if !final { // wake a dispatcher when the retry is due
		tx.AfterCommit(func() { time.AfterFunc(mailBackoff(attempt), s.Wake) })
	}
	if final {
		s.log.Error("email failed for good", "outbox_id", m.ID, "kind", m.Kind, "attempts", attempt, "err", sendErr)
	} else {
		s.log.Warn("email send failed; will retry", "outbox_id", m.ID, "kind", m.Kind, "attempt", attempt, "err", sendErr)
	}
	return nil
}

// Backlog counts the messages waiting to be sent (neither sent nor
// failed for good), for the crebit_outbox_backlog gauge; -1 when it cannot
// be read.
func (s *Outbox) Backlog() float64 {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	var n int64
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { n, err = outboxstore.OutboxBacklog(ctx, tx); return }); err != nil {
		return -1
	}
	return float64(n)
}

// mailBackoff is the wait after failed attempt n (from 1): 2 s, 6 s, 18 s
// ... up to an hour.
func mailBackoff(n int) time.Duration {
	d := 2 * time.Second
	for i := 1; i < n && d < time.Hour; i++ {
		d *= 3
	}
	return min(d, time.Hour)
}

// outboxArgs is the River job that sent one message before the outbox had
// its own dispatcher; jobs left from then do nothing (the dispatcher owns
// every message not yet sent).
type outboxArgs struct {
	ID string `json:"id"`
}

func (outboxArgs) Kind() string { return "send_email" }

type outboxWorker struct {
	river.WorkerDefaults[outboxArgs]
}

// Work does nothing: the dispatcher sends the message.
func (w *outboxWorker) Work(context.Context, *river.Job[outboxArgs]) error { return nil }

// attachments makes the files a message names when it is sent, by the
// Attacher given to AttachWith (none without one).
func (s *Outbox) attachments(ctx context.Context, attach string) ([]mail.Attachment, error) {
	if attach == "" || s.attach == nil {
		return nil, nil
	}
	return s.attach(ctx, attach)
}

// AccountLang is the language of an e-mail to an account holder: the one
// the account chose, else the request's, else English.
func AccountLang(a accountstore.Account, who actor.Actor) string {
	switch {
	case a.Lang != "":
		return a.Lang
	case who.Lang != "":
		return who.Lang
	}
	return "en"
}
