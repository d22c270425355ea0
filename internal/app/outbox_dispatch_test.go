package app_test

import (
	"bytes"
	"fmt"
	"net/mail"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/outboxstore"
)

// TestOutboxClaimOfADeadProcessEndsWithItsLease: a message claimed by a
// dispatcher that then died is not sent by another while the claim's
// lease runs, and is sent once it ends.
func TestOutboxClaimOfADeadProcessEndsWithItsLease(t *testing.T) {
	for _, e := range []store.Engine{store.SQLite, store.Postgres} {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			h := apptest.New(t, e, apptest.BlindPay())
			if err := h.Stack.Outbox.Stop(t.Context()); err != nil {
				t.Fatal(err)
			}
			h.Browser().SignUp("maria@example.com")
			// The dead process's claim, as its dispatcher made it.
			now := h.Clock.Now()
			var claimed []outboxstore.OutboxMessage
			if err := h.DB.Tx(t.Context(), func(tx *store.Tx) (err error) {
				claimed, err = outboxstore.ClaimOutbox(t.Context(), tx, now, now.Add(2*time.Minute), 10)
				return err
			}); err != nil || len(claimed) != 1 {
				t.Fatalf("claim: %d messages, %v", len(claimed), err)
			}
			h.Stack.Outbox.Start(t.Context())
			// A message queued after it is sent: the dispatchers have looked.
			h.Browser().SignUp("ana@example.com")
			h.Mail("ana@example.com", "Confirm your e-mail address")
			if ms := outbox(t, h, "maria@example.com", "verify_email"); ms[0].SentAt != nil {
				t.Fatal("sent while another process's claim held it")
			}
			h.Clock.Advance(2 * time.Minute)
			h.Mail("maria@example.com", "Confirm your e-mail address")
			if ms := outbox(t, h, "maria@example.com", "verify_email"); ms[0].SentAt == nil || ms[0].Attempts != 1 {
				t.Fatalf("after the lease: sent %v, attempts %d", ms[0].SentAt, ms[0].Attempts)
			}
		})
	}
}

// TestOutboxSendsEachMessageOnceAcrossInstances: two instances on one
// PostgreSQL, each with its dispatchers, share the outbox; every message
// reaches the SMTP peer once.
func TestOutboxSendsEachMessageOnceAcrossInstances(t *testing.T) {
	p := &peer{tls: selfSigned(t)}
	p.start(t)
	defer func() { p.srv.Close() }()
	smtpURL := apptest.Env("CREBIT_SMTP_URL", "smtp://crebit:s3cret@"+p.addr)
	scale := apptest.Env("CREBIT_RATE_LIMIT_SCALE", "10") // 24 sign-ups from one address
	a := apptest.New(t, store.Postgres, apptest.BlindPay(), smtpURL, scale)
	b := a.Another(smtpURL, scale)
	const n = 24
	for i := range n {
		h := a
		if i%2 == 1 {
			h = b
		}
		h.Browser().SignUp(fmt.Sprintf("payer%d@example.com", i))
	}
	a.Eventually(fmt.Sprintf("%d e-mails at the peer", n), func() bool { return len(p.messages()) >= n })
	a.Settled()
	seen := map[string]int{}
	for _, raw := range p.messages() {
		msg, err := mail.ReadMessage(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		seen[msg.Header.Get("Message-Id")]++
	}
	if len(seen) != n || len(p.messages()) != n {
		t.Fatalf("the peer got %d messages with %d Message-IDs, want %d once each: %v", len(p.messages()), len(seen), n, seen)
	}
}
