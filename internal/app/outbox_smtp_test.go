package app_test

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"io"
	"math/big"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/outboxstore"
)

// peer is a real SMTP server in the test process (STARTTLS, AUTH PLAIN)
// that keeps every message it accepts.
type peer struct {
	mu   sync.Mutex
	got  [][]byte
	srv  *smtp.Server
	addr string
	tls  *tls.Config
}

func (p *peer) NewSession(*smtp.Conn) (smtp.Session, error) { return &peerSession{p: p}, nil }

type peerSession struct {
	p    *peer
	auth bool
}

func (s *peerSession) AuthMechanisms() []string { return []string{sasl.Plain} }
func (s *peerSession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != "crebit" || pass != "s3cret" {
			return errors.New("bad credentials")
		}
		s.auth = true
		return nil
	}), nil
}
func (s *peerSession) Mail(string, *smtp.MailOptions) error {
	if !s.auth {
		return smtp.ErrAuthRequired
	}
	return nil
}
func (s *peerSession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (s *peerSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err == nil {
		s.p.mu.Lock()
		s.p.got = append(s.p.got, b)
		s.p.mu.Unlock()
	}
	return err
}
func (s *peerSession) Reset()        {}
func (s *peerSession) Logout() error { return nil }

func (p *peer) start(t *testing.T) {
	t.Helper()
	addr := p.addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	p.addr = ln.Addr().String()
	p.srv = smtp.NewServer(p)
	p.srv.Domain, p.srv.TLSConfig = "localhost", p.tls
	go p.srv.Serve(ln)
}

func (p *peer) messages() [][]byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([][]byte(nil), p.got...)
}

// selfSigned writes a certificate for 127.0.0.1 and makes the process trust
// it (SSL_CERT_FILE), so the sender's STARTTLS is verified for real. The
// process reads its trusted roots once, so every test gets the same
// certificate.
func selfSigned(t *testing.T) *tls.Config {
	peerCert.once.Do(func() {
		key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "127.0.0.1"},
			NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(2 * time.Hour), IPAddresses: []net.IP{net.ParseIP("127.0.0.1")},
			KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
			IsCA: true, BasicConstraintsValid: true}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
		peerCert.der, peerCert.key, peerCert.err = der, key, err
	})
	if peerCert.err != nil {
		t.Fatal(peerCert.err)
	}
	file := filepath.Join(t.TempDir(), "peer.pem")
	os.WriteFile(file, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: peerCert.der}), 0o600)
	t.Setenv("SSL_CERT_FILE", file)
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{peerCert.der}, PrivateKey: peerCert.key}}}
}

var peerCert struct {
	once sync.Once
	der  []byte
	key  *ecdsa.PrivateKey
	err  error
}

// TestOutboxOverSMTP signs up against a real SMTP peer: the verification
// e-mail arrives with its headers and both parts, its link works, and a
// message queued while the peer is down is sent once when it returns.
func TestOutboxOverSMTP(t *testing.T) {
	p := &peer{tls: selfSigned(t)}
	p.start(t)
	defer func() { p.srv.Close() }()
	h := apptest.New(t, store.SQLite, apptest.BlindPay(), apptest.Env("CREBIT_SMTP_URL", "smtp://crebit:s3cret@"+p.addr),
		apptest.Env("CREBIT_MAIL_FROM", "Crebit <no-reply@crebit.io>"))

	h.Browser().SignUp("maria@example.com")
	h.Eventually("the verification e-mail at the peer", func() bool { return len(p.messages()) == 1 })
	msg, err := mail.ReadMessage(bytes.NewReader(p.messages()[0]))
	if err != nil {
		t.Fatal(err)
	}
	if got := msg.Header.Get("To"); !strings.Contains(got, "maria@example.com") {
		t.Errorf("To = %q", got)
	}
	if got := msg.Header.Get("From"); !strings.Contains(got, "no-reply@crebit.io") {
		t.Errorf("From = %q", got)
	}
	if got := msg.Header.Get("Subject"); got != "Confirm your e-mail address for Crebit" {
		t.Errorf("Subject = %q", got)
	}
	if id := msg.Header.Get("Message-Id"); !strings.HasPrefix(id, "<msg_") {
		t.Errorf("Message-ID = %q", id)
	}
	text, html := parts(t, msg)
	if !strings.Contains(text, "support@crebit.io") || !strings.Contains(html, `href="mailto:support@crebit.io"`) {
		t.Errorf("support address missing:\n%s\n%s", text, html)
	}
	token := apptest.LinkToken(text, "/verify-email")
	if token == "" || !strings.Contains(html, token) {
		t.Fatalf("no verification link in both parts:\n%s\n%s", text, html)
	}
	h.Browser().MustOK("POST", "/api/verify-email", map[string]string{"token": token})

	// The peer goes away; a reset e-mail is queued and fails; it is sent
	// once the peer is back.
	p.srv.Close()
	h.Browser().MustOK("POST", "/api/forgot-password", map[string]string{"email": "maria@example.com"})
	h.Eventually("a failed attempt recorded", func() bool {
		ms := outbox(t, h, "maria@example.com", "reset_password")
		return len(ms) == 1 && ms[0].Attempts >= 1 && ms[0].LastError != "" && ms[0].SentAt == nil
	})
	p.start(t)
	h.Eventually("the reset e-mail at the peer", func() bool { return len(p.messages()) == 2 })
	h.Eventually("the reset e-mail marked sent", func() bool {
		ms := outbox(t, h, "maria@example.com", "reset_password")
		return ms[0].SentAt != nil
	})
	if n := len(p.messages()); n != 2 {
		t.Fatalf("peer got %d messages, want 2", n)
	}
}

func outbox(t *testing.T, h *apptest.Harness, to, kind string) []outboxstore.OutboxMessage {
	var ms []outboxstore.OutboxMessage
	err := h.DB.Tx(t.Context(), func(tx *store.Tx) (err error) { ms, err = outboxstore.OutboxByKind(t.Context(), tx, to, kind); return })
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// parts returns the decoded text/plain and text/html parts.
func parts(t *testing.T, msg *mail.Message) (text, html string) {
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || !strings.HasPrefix(mt, "multipart/") {
		t.Fatalf("Content-Type %q: %v", msg.Header.Get("Content-Type"), err)
	}
	r := multipart.NewReader(msg.Body, params["boundary"])
	for {
		part, err := r.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(part)
		switch ct, _, _ := mime.ParseMediaType(part.Header.Get("Content-Type")); ct {
		case "text/plain":
			text = string(b)
		case "text/html":
			html = string(b)
		}
	}
	if text == "" || html == "" {
		t.Fatalf("want a text and an HTML part, got %q / %q", text, html)
	}
	return text, html
}
