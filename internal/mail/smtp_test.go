package mail_test

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/mail"
)

// acceptThenDrop is an SMTP server over implicit TLS that accepts every
// message and then drops the connection at the next command (RSET or
// QUIT), as a server restarting right after a delivery would.
func acceptThenDrop(t *testing.T) (addr string, accepted *atomic.Int32, roots *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	roots = x509.NewCertPool()
	roots.AddCert(cert)
	ln, err := tls.Listen("tcp", "127.0.0.1:0", &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	accepted = new(atomic.Int32)
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go serveThenDrop(conn, accepted)
		}
	}()
	return ln.Addr().String(), accepted, roots
}

// lastData is the last message a test server accepted (header and body).
var lastData atomic.Value

func serveThenDrop(conn net.Conn, accepted *atomic.Int32) {
	defer conn.Close()
	r, w := bufio.NewReader(conn), conn
	reply := func(s string) { w.Write([]byte(s + "\r\n")) }
	reply("220 localhost ESMTP")
	delivered := false
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		switch cmd := strings.ToUpper(strings.TrimSpace(line)); {
		case strings.HasPrefix(cmd, "EHLO"):
			reply("250-localhost")
			reply("250 8BITMIME")
		case cmd == "DATA":
			reply("354 go ahead")
			var data strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				data.WriteString(l)
			}
			lastData.Store(data.String())
			accepted.Add(1)
			delivered = true
			reply("250 queued")
		case delivered:
			return // RSET or QUIT after the delivery: the connection drops
		default:
			reply("250 ok")
		}
	}
}

// TestSMTPSendIsDoneOnceTheServerAcceptsTheMessage: a connection lost after
// the server accepted the message is not a failed send (the outbox would
// send it again).
func TestSMTPSendIsDoneOnceTheServerAcceptsTheMessage(t *testing.T) {
	addr, accepted, roots := acceptThenDrop(t)
	s, err := mail.NewSMTP("smtps://"+addr, &tls.Config{RootCAs: roots, ServerName: "127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = s.Send(ctx, mail.Message{MessageID: "msg_1@crebit.io", From: "Crebit <no-reply@crebit.io>", To: "maria@example.com",
		Subject: "Confirm your e-mail address for Crebit", Text: "text", HTML: "<p>html</p>"})
	if err != nil {
		t.Fatalf("Send after the server accepted the message: %v", err)
	}
	if n := accepted.Load(); n != 1 {
		t.Fatalf("the server accepted %d messages, want 1", n)
	}
}

// The alerts' one-click unsubscribe (RFC 8058) travels as header fields.
func TestSMTPSendsExtraHeaders(t *testing.T) {
	addr, _, roots := acceptThenDrop(t)
	s, err := mail.NewSMTP("smtps://"+addr, &tls.Config{RootCAs: roots, ServerName: "127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = s.Send(ctx, mail.Message{MessageID: "msg_2@crebit.io", From: "Crebit <no-reply@crebit.io>", To: "maria@example.com",
		Subject: "New scholarships", Text: "text", HTML: "<p>html</p>", Headers: map[string]string{
			"List-Unsubscribe": "<https://crebit.example/api/scholarships/alerts/unsubscribe?id=a&token=t>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := lastData.Load().(string)
	data = strings.ReplaceAll(data, "\r\n ", " ") // unfold long header lines (RFC 5322)
	for _, want := range []string{"List-Unsubscribe: <https://crebit.example/api/scholarships/alerts/unsubscribe?id=a&token=t>", "List-Unsubscribe-Post: List-Unsubscribe=One-Click"} {
		if !strings.Contains(data, want) {
			t.Errorf("header %q not sent:\n%s", want, data)
		}
	}
}
