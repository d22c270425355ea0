package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/mail"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
)

// The outbox: a use case calls queueMail inside its own transaction, so the
// e-mail exists exactly when the change that causes it commits. A River job
// sends it and marks it sent; a message already marked sent is never sent
// again, and its Message-ID stays the same on every attempt, so a receiver
// can drop the duplicate of a send whose "sent" mark was lost.

// outboxMaxAttempts bounds retries; the backoff below spreads them over
// about a day before the message is marked failed for good.
const outboxMaxAttempts = 12

// mailBody is what the sealed body column holds.
type mailBody struct {
	Text string `json:"text"`
	HTML string `json:"html"`
	// Attach names a file made when the message is sent: "receipt:<transaction id>".
	Attach string `json:"attach,omitempty"`
	// Attachments are the files as delivered (the local mailbox keeps them).
	Attachments []mail.Attachment `json:"attachments,omitempty"`
}

// queueMail renders kind with fields for to and stores it in tx with its
// sending job. Links with tokens go only into the sealed body.
func (s *Service) queueMail(ctx context.Context, tx *store.Tx, kind, lang, to string, fields map[string]string) error {
	return s.queueMailAttaching(ctx, tx, kind, lang, to, fields, "")
}

// queueMailAttaching is queueMail with a file made at sending time (attach:
// "receipt:<transaction id>" attaches that payment's PDF receipt).
func (s *Service) queueMailAttaching(ctx context.Context, tx *store.Tx, kind, lang, to string, fields map[string]string, attach string) error {
	subject, text, html, err := s.mailer.Render(kind, lang, fields)
	if err != nil {
		return err
	}
	body, err := json.Marshal(mailBody{Text: text, HTML: html, Attach: attach})
	if err != nil {
		return err
	}
	id := randid.New("msg")
	m := store.OutboxMessage{ID: id, MessageID: id + "@" + s.mailDomain, Kind: kind, To: to, Subject: subject,
		BodySealed: s.sealer.Seal(string(body)), CreatedAt: s.now()}
	if err := tx.InsertOutbox(ctx, m); err != nil {
		return err
	}
	return s.queue.InsertTx(ctx, tx, outboxArgs{ID: id}, &river.InsertOpts{MaxAttempts: outboxMaxAttempts})
}

// outboxArgs sends one outbox message.
type outboxArgs struct {
	ID string `json:"id"`
}

func (outboxArgs) Kind() string { return "send_email" }

type outboxWorker struct {
	river.WorkerDefaults[outboxArgs]
	s *Service
}

// NextRetry backs off 2 s, 6 s, 18 s ... up to an hour between attempts.
func (w *outboxWorker) NextRetry(job *river.Job[outboxArgs]) time.Time {
	d := 2 * time.Second
	for i := 1; i < job.Attempt && d < time.Hour; i++ {
		d *= 3
	}
	return time.Now().Add(min(d, time.Hour))
}

// Work sends the message unless it was already sent.
func (w *outboxWorker) Work(ctx context.Context, job *river.Job[outboxArgs]) error {
	s := w.s
	var m store.OutboxMessage
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { m, err = tx.Outbox(ctx, job.Args.ID); return }); err != nil {
		return err
	}
	if m.SentAt != nil || m.FailedAt != nil {
		return nil
	}
	plain, err := s.sealer.Open(m.BodySealed)
	if err != nil {
		return river.JobCancel(fmt.Errorf("outbox %s: %w", m.ID, err))
	}
	var body mailBody
	if err := json.Unmarshal([]byte(plain), &body); err != nil {
		return river.JobCancel(fmt.Errorf("outbox %s: %w", m.ID, err))
	}
	files, err := s.attachments(ctx, body.Attach)
	if err != nil {
		return err // retried: the receipt is made from the database
	}
	msg := mail.Message{MessageID: m.MessageID, From: s.cfg.MailFrom, To: m.To,
		Subject: m.Subject, Text: body.Text, HTML: body.HTML, Attachments: files}
	if s.sender == nil {
		// The local mailbox is in the database: delivered and marked sent
		// in one transaction, once.
		return s.db.Tx(ctx, func(tx *store.Tx) error {
			if err := s.deliverLocal(ctx, tx, msg); err != nil {
				return err
			}
			if _, err := tx.MarkOutboxSent(ctx, m.ID, s.now()); err != nil {
				return err
			}
			s.log.Info("email sent", "outbox_id", m.ID, "kind", m.Kind, "attempt", job.Attempt, "to", "local mailbox")
			return nil
		})
	}
	sendErr := s.sender.Send(ctx, msg)
	now := s.now()
	if sendErr == nil {
		return s.db.Tx(ctx, func(tx *store.Tx) error {
			if _, err := tx.MarkOutboxSent(ctx, m.ID, now); err != nil {
				return err
			}
			s.log.Info("email sent", "outbox_id", m.ID, "kind", m.Kind, "attempt", job.Attempt)
			return nil
		})
	}
	final := errors.Is(sendErr, mail.ErrPermanent) || job.Attempt >= job.MaxAttempts
	if err := s.db.Tx(ctx, func(tx *store.Tx) error {
		return tx.RecordOutboxFailure(ctx, m.ID, sendErr.Error(), final, now)
	}); err != nil {
		return err
	}
	if final {
		// Kept in the outbox with its last error; an operator can see it.
		s.log.Error("email failed for good", "outbox_id", m.ID, "kind", m.Kind, "attempts", job.Attempt, "err", sendErr)
		return river.JobCancel(sendErr)
	}
	s.log.Warn("email send failed; will retry", "outbox_id", m.ID, "kind", m.Kind, "attempt", job.Attempt, "err", sendErr)
	return sendErr
}

// attachments makes the files a message names, when it is sent.
func (s *Service) attachments(ctx context.Context, attach string) ([]mail.Attachment, error) {
	id, ok := strings.CutPrefix(attach, "receipt:")
	if !ok {
		return nil, nil
	}
	var p payment.Record
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { p, err = tx.Payment(ctx, id); return }); err != nil {
		return nil, err
	}
	// Made as its owner would download it.
	pdf, err := s.Receipt(ctx, Actor{SessionID: p.SessionID, AccountID: p.AccountID}, id)
	if err != nil {
		return nil, err
	}
	return []mail.Attachment{{Name: ReceiptFileName(id), ContentType: "application/pdf", Data: pdf}}, nil
}

// ReceiptFileName is the receipt's file name, as downloaded and as attached.
func ReceiptFileName(transactionID string) string { return "crebit-receipt-" + transactionID + ".pdf" }

// deliverLocal is the embedded default's sending (no SMTP, no other
// sender): it puts msg in the local mailbox table, which the sandbox
// mailbox page shows, in tx (once per Message-ID).
func (s *Service) deliverLocal(ctx context.Context, tx *store.Tx, msg mail.Message) error {
	body, err := json.Marshal(mailBody{Text: msg.Text, HTML: msg.HTML, Attachments: msg.Attachments})
	if err != nil {
		return err
	}
	return tx.DeliverMailbox(ctx, store.MailboxMessage{ID: randid.New("mbx"), MessageID: msg.MessageID, To: msg.To,
		Subject: msg.Subject, BodySealed: s.sealer.Seal(string(body)), DeliveredAt: s.now()})
}

// MailboxEntry is one message in the local mailbox.
type MailboxEntry struct {
	ID          string    `json:"id"`
	To          string    `json:"to"`
	Subject     string    `json:"subject"`
	DeliveredAt time.Time `json:"delivered_at"`
	Text        string    `json:"text,omitempty"`
	HTML        string    `json:"html,omitempty"`
	// Attachments are the files sent with it (names and sizes; the bytes
	// through MailboxAttachment).
	Attachments []MailboxFile `json:"attachments,omitempty"`
}

// MailboxFile describes one attachment of a local-mailbox message.
type MailboxFile struct {
	Name        string `json:"name"`
	ContentType string `json:"content_type"`
	Size        int    `json:"size"`
}

// LocalMailbox reports whether e-mail goes to the local mailbox (no SMTP).
func (s *Service) LocalMailbox() bool { return s.cfg.SMTPURL == "" }

// Mailbox lists the local mailbox, newest first.
func (s *Service) Mailbox(ctx context.Context) ([]MailboxEntry, error) {
	var ms []store.MailboxMessage
	if err := s.db.Tx(ctx, func(tx *store.Tx) (err error) { ms, err = tx.Mailbox(ctx, 200); return }); err != nil {
		return nil, err
	}
	out := make([]MailboxEntry, 0, len(ms))
	for _, m := range ms {
		out = append(out, MailboxEntry{ID: m.ID, To: m.To, Subject: m.Subject, DeliveredAt: m.DeliveredAt})
	}
	return out, nil
}

// MailboxMessage returns one local-mailbox message with both parts.
func (s *Service) MailboxMessage(ctx context.Context, id string) (MailboxEntry, error) {
	var m store.MailboxMessage
	if err := s.db.Tx(ctx, func(tx *store.Tx) (err error) { m, err = tx.MailboxByID(ctx, id); return }); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return MailboxEntry{}, apperr.New(apperr.NotFound, "Message not found")
		}
		return MailboxEntry{}, err
	}
	plain, err := s.sealer.Open(m.BodySealed)
	if err != nil {
		return MailboxEntry{}, err
	}
	var body mailBody
	if err := json.Unmarshal([]byte(plain), &body); err != nil {
		return MailboxEntry{}, err
	}
	e := MailboxEntry{ID: m.ID, To: m.To, Subject: m.Subject, DeliveredAt: m.DeliveredAt, Text: body.Text, HTML: body.HTML}
	for _, a := range body.Attachments {
		e.Attachments = append(e.Attachments, MailboxFile{Name: a.Name, ContentType: a.ContentType, Size: len(a.Data)})
	}
	return e, nil
}

// MailboxAttachment returns attachment n (from 0) of a local-mailbox message.
func (s *Service) MailboxAttachment(ctx context.Context, id string, n int) (mail.Attachment, error) {
	var m store.MailboxMessage
	notFound := apperr.New(apperr.NotFound, "Attachment not found")
	if err := s.db.Tx(ctx, func(tx *store.Tx) (err error) { m, err = tx.MailboxByID(ctx, id); return }); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return mail.Attachment{}, notFound
		}
		return mail.Attachment{}, err
	}
	plain, err := s.sealer.Open(m.BodySealed)
	if err != nil {
		return mail.Attachment{}, err
	}
	var body mailBody
	if err := json.Unmarshal([]byte(plain), &body); err != nil {
		return mail.Attachment{}, err
	}
	if n < 0 || n >= len(body.Attachments) {
		return mail.Attachment{}, notFound
	}
	return body.Attachments[n], nil
}

// accountLang is the language of an e-mail to an account holder: the one
// the account chose, else the request's, else English.
func accountLang(a store.Account, who Actor) string {
	switch {
	case a.Lang != "":
		return a.Lang
	case who.Lang != "":
		return who.Lang
	}
	return "en"
}
