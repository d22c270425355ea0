// Package mail renders Crebit's transactional e-mails from templates and
// sends them over SMTP. Every message has a plain-text and an HTML part from
// one template file per message and language (templates/<kind>.tmpl and
// templates/<lang>/<kind>.tmpl); payment_update.tmpl also holds each payment
// stage's texts, read through Part. Links in a message can carry single-use tokens, so
// nothing here logs a message's body or its links.
package mail

import (
	"context"
	"errors"
)

// Message is one rendered e-mail, ready to send.
type Message struct {
	MessageID string // stable per outbox row, without angle brackets
	From      string
	To        string
	Subject   string
	Text      string
	HTML      string
	// Attachments are files sent with the message (the receipt PDF).
	Attachments []Attachment
	// Headers are extra header fields (List-Unsubscribe and
	// List-Unsubscribe-Post of RFC 8058 on the scholarship alerts).
	Headers map[string]string
}

// Attachment is one file of a message.
type Attachment struct {
	Name        string
	ContentType string
	Data        []byte
}

// Sender delivers a message. A nil error means the peer accepted it.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// ErrPermanent marks a failure that retrying cannot fix (a refused address).
var ErrPermanent = errors.New("mail: permanent failure")

// The sender's name and support address every message shows (the web app's
// web/src/config/site.ts has the same).
const (
	ProductName    = "Crebit"
	SupportAddress = "support@crebit.io"
)
