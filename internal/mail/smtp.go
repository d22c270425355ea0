package mail

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// SMTP sends through an SMTP server: smtp:// with mandatory STARTTLS
// (default port 587), smtps:// with implicit TLS (default port 465).
type SMTP struct {
	host     string
	opts     []gomail.Option
	implicit bool
}

// NewSMTP parses CREBIT_SMTP_URL. tlsConfig may be nil (system roots); tests
// pass one that trusts their own peer.
func NewSMTP(rawURL string, tlsConfig *tls.Config) (*SMTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Hostname() == "" {
		return nil, errors.New("mail: invalid SMTP URL")
	}
	s := &SMTP{host: u.Hostname()}
	port := 587
	switch u.Scheme {
	case "smtp":
		s.opts = append(s.opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case "smtps":
		port, s.implicit = 465, true
		s.opts = append(s.opts, gomail.WithSSL())
	default:
		return nil, errors.New("mail: SMTP URL must start with smtp:// or smtps://")
	}
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil {
			return nil, errors.New("mail: invalid SMTP port")
		}
	}
	s.opts = append(s.opts, gomail.WithPort(port), gomail.WithTimeout(30*time.Second))
	if tlsConfig == nil {
		tlsConfig = &tls.Config{ServerName: s.host, MinVersion: tls.VersionTLS12}
	}
	s.opts = append(s.opts, gomail.WithTLSConfig(tlsConfig))
	if u.User != nil {
		pass, _ := u.User.Password()
		s.opts = append(s.opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(u.User.Username()), gomail.WithPassword(pass))
	}
	return s, nil
}

// Send delivers one message with its stable Message-ID.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	msg := gomail.NewMsg()
	if err := msg.From(m.From); err != nil {
		return fmt.Errorf("%w: from address", ErrPermanent)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("%w: recipient address", ErrPermanent)
	}
	msg.Subject(m.Subject)
	msg.SetMessageIDWithValue(m.MessageID)
	msg.SetDate()
	for k, v := range m.Headers {
		msg.SetGenHeader(gomail.Header(k), v)
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	for _, a := range m.Attachments {
		if err := msg.AttachReader(a.Name, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(a.ContentType))); err != nil {
			return fmt.Errorf("%w: attachment %s: %v", ErrPermanent, a.Name, err)
		}
	}
	c, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return fmt.Errorf("mail: client: %w", err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil && !msg.IsDelivered() {
		return fmt.Errorf("mail: send: %w", err)
	}
	// Once the server has accepted the message (its answer to DATA), it is
	// sent: a failure of what follows (RSET, QUIT, closing the connection)
	// is not reported, or the outbox would send the message again.
	return nil
}
