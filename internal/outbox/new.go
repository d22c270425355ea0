package outbox

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/url"
	"time"

	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/mail"
	"github.com/crebit/crebit/internal/metrics"
	"github.com/crebit/crebit/internal/seal"
	"github.com/crebit/crebit/internal/store"
)

// Outbox queues e-mails inside the transaction that causes them and sends
// them afterwards (one dispatcher per process).
type Outbox struct {
	db         *store.DB
	sealer     *seal.Sealer
	cfg        config.Config
	now        func() time.Time
	log        *slog.Logger
	mailer     *mail.Renderer
	sender     mail.Sender // nil: the local mailbox (deliverLocal)
	mailDomain string      // right-hand side of Message-IDs
	metrics    *metrics.Metrics
	mailWake   chan struct{} // wakes the dispatcher (cap 1)
	mailStop   func(context.Context) error
	attach     Attacher
}

// Attacher makes the files an attach name stands for, when a message is
// sent ("receipt:<transaction id>": that payment's PDF receipt).
type Attacher func(ctx context.Context, attach string) ([]mail.Attachment, error)

// Deps are what an Outbox is built from.
type Deps struct {
	DB     *store.DB
	Queue  *jobs.Queue
	Sealer *seal.Sealer
	Config config.Config
	Now    func() time.Time
	Log    *slog.Logger
	// Mail overrides the sender (tests); nil means SMTP when CREBIT_SMTP_URL
	// is set, else the local mailbox.
	Mail    mail.Sender
	Metrics *metrics.Metrics // optional
}

// New builds the outbox and registers the worker of its old River jobs
// (call before the queue's Init).
func New(d Deps) (*Outbox, error) {
	domain := "crebit.local"
	if u, err := url.Parse(d.Config.BaseURL); err == nil && u.Hostname() != "" {
		domain = u.Hostname()
	}
	r, err := mail.NewRenderer(mail.Brand{Product: mail.ProductName, Support: mail.SupportAddress, BaseURL: d.Config.BaseURL})
	if err != nil {
		return nil, err
	}
	s := &Outbox{db: d.DB, sealer: d.Sealer, cfg: d.Config, now: d.Now, log: d.Log, mailer: r, mailDomain: domain,
		metrics: d.Metrics, mailWake: make(chan struct{}, 1)}
	switch {
	case d.Mail != nil:
		s.sender = d.Mail
	case d.Config.SMTPURL != "":
		if s.sender, err = mail.NewSMTP(d.Config.SMTPURL.Reveal(), nil); err != nil {
			return nil, err
		}
	default:
		s.sender = nil // the local mailbox (deliverLocalBatch)
	}
	jobs.Register(d.Queue, &outboxWorker{})
	return s, nil
}

// AttachWith sets what makes attachments at sending time (the payments
// service's receipts); set once, before the dispatchers start.
func (s *Outbox) AttachWith(a Attacher) { s.attach = a }

// Link builds an absolute link to a web page with one query parameter.
func (s *Outbox) Link(path, key, value string) string {
	u := s.cfg.BaseURL + path
	if key != "" {
		u += "?" + url.Values{key: {value}}.Encode()
	}
	return u
}

// Domain is the right-hand side of the Message-IDs this outbox writes.
func (s *Outbox) Domain() string { return s.mailDomain }

// BodyText opens a stored message's sealed body and returns its text
// part (ok false when it cannot be read).
func (s *Outbox) BodyText(sealed string) (text string, ok bool) {
	plain, err := s.sealer.Open(sealed)
	if err != nil {
		return "", false
	}
	var mb mailBody
	if json.Unmarshal([]byte(plain), &mb) != nil {
		return "", false
	}
	return mb.Text, true
}
