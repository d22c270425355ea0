package outbox

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"time"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/mail"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/outboxstore"
)

// The local mailbox keeps each message as it was delivered, sealed as
// bytes (the mailbox table's body column, migration 00103):
//
//	4 bytes  the length of the head, big-endian
//	head     JSON: the text and HTML parts, the extra header fields, and
//	         each file's name, content type and size
//	files    each file's bytes, one after the other, in the head's order
//
// Before, the body was the JSON of mailBody with every file in base64,
// sealed and turned into base64 text: a 65 KB receipt took 116 KB, and
// encoding it was a tenth of the server's work at a deadline rush (issue
// 31). Messages stored so (body_sealed) are still read.

// mailboxHead is the head of a stored local-mailbox message.
type mailboxHead struct {
	Text    string            `json:"text"`
	HTML    string            `json:"html"`
	Headers map[string]string `json:"headers,omitempty"`
	Files   []MailboxFile     `json:"files,omitempty"`
}

// mailboxContent is what a stored local-mailbox message holds.
type mailboxContent struct {
	Text, HTML  string
	Headers     map[string]string
	Attachments []mail.Attachment
}

var errMailboxFormat = errors.New("outbox: local-mailbox message is malformed")

// encodeMailbox lays msg's parts and files out in the mailbox format.
func encodeMailbox(msg mail.Message) ([]byte, error) {
	head := mailboxHead{Text: msg.Text, HTML: msg.HTML, Headers: msg.Headers}
	size := 0
	for _, a := range msg.Attachments {
		head.Files = append(head.Files, MailboxFile{Name: a.Name, ContentType: a.ContentType, Size: len(a.Data)})
		size += len(a.Data)
	}
	h, err := json.Marshal(head)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 4, 4+len(h)+size)
	binary.BigEndian.PutUint32(out, uint32(len(h)))
	out = append(out, h...)
	for _, a := range msg.Attachments {
		out = append(out, a.Data...)
	}
	return out, nil
}

// decodeMailbox reads a message laid out by encodeMailbox; the files'
// sizes must account for every byte after the head.
func decodeMailbox(b []byte) (mailboxContent, error) {
	if len(b) < 4 {
		return mailboxContent{}, errMailboxFormat
	}
	n := binary.BigEndian.Uint32(b)
	if uint64(n) > uint64(len(b)-4) {
		return mailboxContent{}, errMailboxFormat
	}
	var head mailboxHead
	if err := json.Unmarshal(b[4:4+n], &head); err != nil {
		return mailboxContent{}, errMailboxFormat
	}
	c := mailboxContent{Text: head.Text, HTML: head.HTML, Headers: head.Headers}
	rest := b[4+n:]
	for _, f := range head.Files {
		if f.Size < 0 || f.Size > len(rest) {
			return mailboxContent{}, errMailboxFormat
		}
		c.Attachments = append(c.Attachments, mail.Attachment{Name: f.Name, ContentType: f.ContentType, Data: rest[:f.Size:f.Size]})
		rest = rest[f.Size:]
	}
	if len(rest) != 0 {
		return mailboxContent{}, errMailboxFormat
	}
	return c, nil
}

// mailboxMessage is msg as the embedded default sends it (no SMTP, no
// other sender): a message of the local mailbox table, which the sandbox
// mailbox page shows, sealed; it is stored once per Message-ID.
func (s *Outbox) mailboxMessage(msg mail.Message) (outboxstore.MailboxMessage, error) {
	body, err := encodeMailbox(msg)
	if err != nil {
		return outboxstore.MailboxMessage{}, err
	}
	return outboxstore.MailboxMessage{ID: randid.New("mbx"), MessageID: msg.MessageID, To: msg.To,
		Subject: msg.Subject, Body: s.sealer.SealBytes(body)}, nil
}

// openMailbox opens a stored local-mailbox message, in either form.
func (s *Outbox) openMailbox(m outboxstore.MailboxMessage) (mailboxContent, error) {
	if m.Body != nil {
		plain, err := s.sealer.OpenBytes(m.Body)
		if err != nil {
			return mailboxContent{}, err
		}
		return decodeMailbox(plain)
	}
	plain, err := s.sealer.Open(m.BodySealed)
	if err != nil {
		return mailboxContent{}, err
	}
	var body mailBody
	if err := json.Unmarshal([]byte(plain), &body); err != nil {
		return mailboxContent{}, err
	}
	return mailboxContent{Text: body.Text, HTML: body.HTML, Headers: body.Headers, Attachments: body.Attachments}, nil
}

// readMailbox reads and opens one local-mailbox message; notFound is the
// error when there is no such message.
func (s *Outbox) readMailbox(ctx context.Context, id string, notFound error) (outboxstore.MailboxMessage, mailboxContent, error) {
	var m outboxstore.MailboxMessage
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { m, err = outboxstore.MailboxByID(ctx, tx, id); return }); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return m, mailboxContent{}, notFound
		}
		return m, mailboxContent{}, err
	}
	c, err := s.openMailbox(m)
	return m, c, err
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
	Attachments []MailboxFile     `json:"attachments,omitempty"`
	Headers     map[string]string `json:"headers,omitempty"`
}

// MailboxFile describes one attachment of a local-mailbox message.
type MailboxFile struct {
	Name        string `json:"name"`
	ContentType string `json:"content_type"`
	Size        int    `json:"size"`
}

// LocalMailbox reports whether e-mail goes to the local mailbox (no SMTP).
func (s *Outbox) LocalMailbox() bool { return s.cfg.SMTPURL == "" }

// Mailbox lists the local mailbox, newest first.
func (s *Outbox) Mailbox(ctx context.Context) ([]MailboxEntry, error) {
	var ms []outboxstore.MailboxMessage
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { ms, err = outboxstore.Mailbox(ctx, tx, 200); return }); err != nil {
		return nil, err
	}
	out := make([]MailboxEntry, 0, len(ms))
	for _, m := range ms {
		out = append(out, MailboxEntry{ID: m.ID, To: m.To, Subject: m.Subject, DeliveredAt: m.DeliveredAt})
	}
	return out, nil
}

// MailboxMessage returns one local-mailbox message with both parts.
func (s *Outbox) MailboxMessage(ctx context.Context, id string) (MailboxEntry, error) {
	m, c, err := s.readMailbox(ctx, id, apperr.E(apperr.NotFound, "message"))
	if err != nil {
		return MailboxEntry{}, err
	}
	e := MailboxEntry{ID: m.ID, To: m.To, Subject: m.Subject, DeliveredAt: m.DeliveredAt, Text: c.Text, HTML: c.HTML, Headers: c.Headers}
	for _, a := range c.Attachments {
		e.Attachments = append(e.Attachments, MailboxFile{Name: a.Name, ContentType: a.ContentType, Size: len(a.Data)})
	}
	return e, nil
}

// MailboxAttachment returns attachment n (from 0) of a local-mailbox message.
func (s *Outbox) MailboxAttachment(ctx context.Context, id string, n int) (mail.Attachment, error) {
	notFound := apperr.E(apperr.NotFound, "attachment")
	_, c, err := s.readMailbox(ctx, id, notFound)
	if err != nil {
		return mail.Attachment{}, err
	}
	if n < 0 || n >= len(c.Attachments) {
		return mail.Attachment{}, notFound
	}
	return c.Attachments[n], nil
}
