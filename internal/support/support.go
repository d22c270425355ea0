// Package support holds the support conversations of issue 30 (item 5): a
// message sent from the dashboard's Support tab or the contact form opens a
// conversation; operators list, open, answer (by e-mail, through the
// outbox), assign and close them; the person's e-mailed replies come back
// into the conversation named by the reference every answer's subject
// carries. Every operator action is written to the audit log in its own
// transaction.
package support

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/input"
	"github.com/crebit/crebit/internal/ops"
	"github.com/crebit/crebit/internal/outbox"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/ratelimit"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
	"github.com/crebit/crebit/internal/store/opsstore"
	"github.com/crebit/crebit/internal/store/supportstore"
)

// Service is the support use cases.
type Service struct {
	db     *store.DB
	mail   *outbox.Outbox
	limits *ratelimit.Limiter
	ops    *ops.Service // the audit log
	now    func() time.Time
	// inbound is the address replies go to ("" when none is configured:
	// answers then ask the person to write to support instead).
	inbound string
}

// New returns the support use cases over db, answering through mail,
// limited by limits and audited by the console's ops; inbound is
// CREBIT_SUPPORT_INBOUND.
func New(db *store.DB, mail *outbox.Outbox, limits *ratelimit.Limiter, console *ops.Service, now func() time.Time, inbound string) *Service {
	return &Service{db: db, mail: mail, limits: limits, ops: console, now: now, inbound: inbound}
}

// Sources of a conversation.
const (
	SourceDashboard = "dashboard" // the dashboard's Support tab, signed in
	SourceContact   = "contact"   // the public contact form
)

// Limits of what a person sends.
const (
	maxSubject = 150
	maxBody    = 5000
	maxName    = 100
)

// Message is what a person sends from the Support tab or the contact form.
type Message struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Subject string `json:"subject"`
	Text    string `json:"message"`
}

var statuses = []string{"open", "closed"}

// Submit opens a conversation with a person's message. Signed in, the
// account's own address is the one answered (whatever was typed); signed
// out, the name and address typed are. It returns the conversation's
// reference.
func (s *Service) Submit(ctx context.Context, who actor.Actor, in Message) (string, error) {
	subject := strings.Join(strings.Fields(in.Subject), " ")
	text := strings.TrimSpace(strings.ReplaceAll(in.Text, "\r\n", "\n"))
	name := strings.Join(strings.Fields(in.Name), " ")
	switch {
	case subject == "":
		return "", apperr.E(apperr.RequiredFieldsMissing, "support_subject").On("subject")
	case utf8.RuneCountInString(subject) > maxSubject:
		return "", apperr.E(apperr.FieldTooLong, "support_subject").On("subject")
	case !input.PlainText(subject):
		return "", apperr.E(apperr.Invalid, "plain_text", "label", "Subject").On("subject")
	case text == "":
		return "", apperr.E(apperr.RequiredFieldsMissing, "support_message").On("message")
	case utf8.RuneCountInString(text) > maxBody:
		return "", apperr.E(apperr.FieldTooLong, "support_message").On("message")
	case !readable(text):
		return "", apperr.E(apperr.Invalid, "support_message").On("message")
	case utf8.RuneCountInString(name) > maxName || !input.PlainText(name):
		return "", apperr.E(apperr.Invalid, "support_name").On("name")
	}
	ok, wait, err := s.limits.AllowN(ctx, "support:session:"+who.SessionID, 1, 10, time.Hour)
	if err == nil && ok && who.IP != "" {
		ok, wait, err = s.limits.AllowN(ctx, "support:ip:"+who.IP, 1, 30, time.Hour)
	}
	if err != nil {
		return "", err
	}
	if !ok {
		return "", ratelimit.RateLimited(wait, apperr.E(apperr.RateLimited, "support"))
	}
	c := supportstore.Conversation{ID: randid.New("cnv"), Reference: reference(), Subject: subject, Source: SourceContact,
		Lang: who.Lang, Status: "open", CreatedAt: s.now(), UpdatedAt: s.now()}
	if c.Lang == "" {
		c.Lang = "en"
	}
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if who.SignedIn() {
			a, err := accountstore.AccountByID(ctx, tx, who.AccountID)
			if err != nil {
				return err
			}
			c.AccountID, c.Email, c.Source = a.ID, a.Email, SourceDashboard
			c.Name = strings.TrimSpace(a.FirstName + " " + a.LastName)
			if name != "" {
				c.Name = name
			}
		} else {
			if name == "" {
				return apperr.E(apperr.RequiredFieldsMissing, "support_name").On("name")
			}
			e, err := input.Email("email", in.Email)
			if err != nil {
				return err
			}
			c.Name, c.Email = name, e
		}
		return supportstore.CreateConversation(ctx, tx, c, supportstore.SupportMessage{ID: randid.New("smg"), ConversationID: c.ID, Direction: "in",
			Author: c.Email, Body: text, CreatedAt: c.CreatedAt})
	})
	return c.Reference, err
}

// reference is a conversation's name in e-mail subjects: 10 letters and
// digits from 50 random bits, so that a reply can name only a conversation
// its writer was sent.
func reference() string {
	b := make([]byte, 7)
	_, _ = rand.Read(b)
	return base32.StdEncoding.EncodeToString(b)[:10]
}

// readable reports whether a message's text holds only what a person types:
// plain text plus line breaks and tabs.
func readable(s string) bool {
	return input.PlainText(strings.NewReplacer("\n", " ", "\t", " ").Replace(s))
}

// Row is one conversation in the console's list.
type Row struct {
	ID            string    `json:"id"`
	Reference     string    `json:"reference"`
	Subject       string    `json:"subject"`
	Name          string    `json:"name"`
	Email         string    `json:"email"`
	Source        string    `json:"source"`
	Status        string    `json:"status"`
	AssigneeEmail string    `json:"assignee_email,omitempty"`
	Messages      int       `json:"messages"`
	CreatedAt     time.Time `json:"created_at"`
	UpdatedAt     time.Time `json:"updated_at"`
}

func row(c supportstore.Conversation) Row {
	return Row{ID: c.ID, Reference: c.Reference, Subject: c.Subject, Name: c.Name, Email: c.Email, Source: c.Source, Status: c.Status,
		AssigneeEmail: c.AssigneeEmail, Messages: c.Messages, CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt}
}

// List is the console's list of conversations, the most recently active
// first (200 at most): in a status ("" for all), only op's when mine.
func (s *Service) List(ctx context.Context, op ops.Operator, status string, mine bool) ([]Row, error) {
	if status != "" && !slices.Contains(statuses, status) {
		return nil, apperr.E(apperr.Invalid, "support_status").On("status")
	}
	f := supportstore.ConversationFilter{Status: status, Limit: 200}
	if mine {
		f.AssigneeID = op.AccountID
	}
	var cs []supportstore.Conversation
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { cs, err = supportstore.Conversations(ctx, tx, f); return }); err != nil {
		return nil, err
	}
	out := make([]Row, 0, len(cs))
	for _, c := range cs {
		out = append(out, row(c))
	}
	return out, nil
}

// Entry is one message of a conversation as the console shows it.
type Entry struct {
	ID        string    `json:"id"`
	Direction string    `json:"direction"` // in: from the person; out: an operator's answer
	Author    string    `json:"author"`
	Text      string    `json:"text"`
	At        time.Time `json:"at"`
}

// Thread is one conversation with its messages, oldest first.
type Thread struct {
	Row
	AccountID string  `json:"account_id,omitempty"`
	Lang      string  `json:"lang"`
	Entries   []Entry `json:"entries"`
}

var errNoConversation = apperr.E(apperr.NotFound, "conversation")

// Open returns a conversation with its messages.
func (s *Service) Open(ctx context.Context, id string) (Thread, error) {
	var t Thread
	err := s.db.Read(ctx, func(tx *store.Tx) error {
		c, err := supportstore.ConversationByID(ctx, tx, id)
		if err != nil {
			return err
		}
		ms, err := supportstore.SupportMessages(ctx, tx, id)
		if err != nil {
			return err
		}
		c.Messages = len(ms)
		t = Thread{Row: row(c), AccountID: c.AccountID, Lang: c.Lang, Entries: make([]Entry, 0, len(ms))}
		for _, m := range ms {
			t.Entries = append(t.Entries, Entry{ID: m.ID, Direction: m.Direction, Author: m.Author, Text: m.Body, At: m.CreatedAt})
		}
		return nil
	})
	if errors.Is(err, store.ErrNotFound) {
		return t, errNoConversation
	}
	return t, err
}

// forUpdate reads a conversation in tx for an operator's change.
func forUpdate(ctx context.Context, tx *store.Tx, id string) (supportstore.Conversation, error) {
	c, err := supportstore.ConversationByID(ctx, tx, id)
	if errors.Is(err, store.ErrNotFound) {
		return c, errNoConversation
	}
	return c, err
}

// Reply answers a conversation by e-mail, in the person's language, through
// the outbox: the subject carries the reference, and when an inbound
// address is configured the answer's Reply-To is it, plus-tagged with the
// reference. Answering reopens a closed conversation. The answer and its
// audit entry commit together.
func (s *Service) Reply(ctx context.Context, op ops.Operator, id, text string) error {
	text = strings.TrimSpace(strings.ReplaceAll(text, "\r\n", "\n"))
	switch {
	case text == "":
		return apperr.E(apperr.RequiredFieldsMissing, "support_answer").On("text")
	case utf8.RuneCountInString(text) > maxBody:
		return apperr.E(apperr.FieldTooLong, "support_answer").On("text")
	case !readable(text):
		return apperr.E(apperr.Invalid, "support_answer").On("text")
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		c, err := forUpdate(ctx, tx, id)
		if err != nil {
			return err
		}
		m := supportstore.SupportMessage{ID: randid.New("smg"), ConversationID: c.ID, Direction: "out", Author: op.Email, Body: text, CreatedAt: s.now()}
		if err := supportstore.AddSupportMessage(ctx, tx, m); err != nil {
			return err
		}
		if c.Status != "open" {
			if err := supportstore.SetConversationStatus(ctx, tx, c.ID, "open", s.now()); err != nil {
				return err
			}
		}
		var headers map[string]string
		if s.inbound != "" {
			headers = map[string]string{"Reply-To": plusTagged(s.inbound, c.Reference)}
		}
		if err := s.mail.QueueMessage(ctx, tx, "support_reply", c.Lang, c.Email, map[string]string{
			"Name": firstWord(c.Name), "Subject": c.Subject, "Reference": c.Reference, "Answer": text, "Replies": yes(s.inbound != ""),
		}, "", headers); err != nil {
			return err
		}
		return s.ops.AuditTx(ctx, tx, op, "support.reply", "conversation", c.ID,
			map[string]string{"status": c.Status}, map[string]string{"status": "open", "message_id": m.ID, "to": c.Email}, "answered by e-mail")
	})
}

// Assign gives a conversation to an operator (by e-mail; "" to nobody).
func (s *Service) Assign(ctx context.Context, op ops.Operator, id, email string) error {
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		c, err := forUpdate(ctx, tx, id)
		if err != nil {
			return err
		}
		toID, toEmail := "", ""
		if strings.TrimSpace(email) != "" {
			a, err := accountstore.AccountByEmail(ctx, tx, strings.ToLower(strings.TrimSpace(email)))
			if err == nil {
				_, err = opsstore.OperatorOf(ctx, tx, a.ID)
			}
			if errors.Is(err, store.ErrNotFound) {
				return apperr.E(apperr.NotFound, "operator").On("assignee")
			}
			if err != nil {
				return err
			}
			toID, toEmail = a.ID, a.Email
		}
		if err := supportstore.AssignConversation(ctx, tx, c.ID, toID, toEmail, s.now()); err != nil {
			return err
		}
		return s.ops.AuditTx(ctx, tx, op, "support.assign", "conversation", c.ID,
			map[string]string{"assignee": c.AssigneeEmail}, map[string]string{"assignee": toEmail}, "assigned")
	})
}

// SetStatus closes a conversation, or opens it again.
func (s *Service) SetStatus(ctx context.Context, op ops.Operator, id, status string) error {
	if !slices.Contains(statuses, status) {
		return apperr.E(apperr.Invalid, "support_status").On("status")
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		c, err := forUpdate(ctx, tx, id)
		if err != nil {
			return err
		}
		if c.Status == status {
			return apperr.E(apperr.Conflict, "conversation_status", "status", status)
		}
		if err := supportstore.SetConversationStatus(ctx, tx, c.ID, status, s.now()); err != nil {
			return err
		}
		action := "support.close"
		if status == "open" {
			action = "support.reopen"
		}
		return s.ops.AuditTx(ctx, tx, op, action, "conversation", c.ID, map[string]string{"status": c.Status}, map[string]string{"status": status}, status)
	})
}

// ErrNotTaken answers an inbound reply that names no conversation, or
// comes from another address than the conversation's: it is dropped.
var ErrNotTaken = errors.New("the reply names no conversation of its sender")

// Inbound adds a person's e-mailed reply to the conversation its subject
// (or its plus-tagged recipient) names, when it comes from the address
// the conversation answers; a closed conversation opens again.
func (s *Service) Inbound(ctx context.Context, from, to, subject, text string) error {
	ref := referenceIn(subject)
	if ref == "" {
		ref = tagOf(to)
	}
	text = strings.TrimSpace(strings.ReplaceAll(quoteless(text), "\r\n", "\n"))
	if ref == "" || text == "" {
		return ErrNotTaken
	}
	if utf8.RuneCountInString(text) > maxBody {
		text = string([]rune(text)[:maxBody])
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		c, err := supportstore.ConversationByReference(ctx, tx, ref)
		if errors.Is(err, store.ErrNotFound) || err == nil && !strings.EqualFold(addressOf(from), c.Email) {
			return ErrNotTaken
		}
		if err != nil {
			return err
		}
		if err := supportstore.AddSupportMessage(ctx, tx, supportstore.SupportMessage{ID: randid.New("smg"), ConversationID: c.ID, Direction: "in",
			Author: c.Email, Body: text, CreatedAt: s.now()}); err != nil {
			return err
		}
		if c.Status != "open" {
			return supportstore.SetConversationStatus(ctx, tx, c.ID, "open", s.now())
		}
		return nil
	})
}

func firstWord(name string) string {
	if f := strings.Fields(name); len(f) > 0 {
		return f[0]
	}
	return ""
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return ""
}
