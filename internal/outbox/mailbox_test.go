package outbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/mail"
	"github.com/crebit/crebit/internal/seal"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/outboxstore"
	"github.com/crebit/crebit/internal/store/storetest"
)

func TestMailboxFormatRoundTrip(t *testing.T) {
	t.Parallel()
	pdf := append([]byte("%PDF-1.7\n"), bytes.Repeat([]byte{0, 0xff, '"', '\\'}, 5000)...)
	msg := mail.Message{Text: "Olá, Maria", HTML: "<p>Olá</p>", Headers: map[string]string{"List-Unsubscribe": "<https://x/u>"},
		Attachments: []mail.Attachment{{Name: "a.pdf", ContentType: "application/pdf", Data: pdf},
			{Name: "empty.txt", ContentType: "text/plain", Data: []byte{}}, {Name: "b.txt", ContentType: "text/plain", Data: []byte("b")}}}
	b, err := encodeMailbox(msg)
	if err != nil {
		t.Fatal(err)
	}
	// The files go in as they are: no encoding grows them.
	if len(b) > len(pdf)+1+400 {
		t.Errorf("encoded %d bytes for %d bytes of files", len(b), len(pdf)+1)
	}
	got, err := decodeMailbox(b)
	if err != nil {
		t.Fatal(err)
	}
	want := mailboxContent{Text: msg.Text, HTML: msg.HTML, Headers: msg.Headers, Attachments: msg.Attachments}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("decoded %+v", got)
	}
	if got, err := decodeMailbox(mustEncode(t, mail.Message{Text: "t"})); err != nil || got.Text != "t" || got.Attachments != nil {
		t.Fatalf("a message without files: %+v, %v", got, err)
	}

	for name, bad := range map[string][]byte{
		"empty":                 {},
		"a head longer than it": {0, 0, 1, 0, '{', '}'},
		"not JSON":              append([]byte{0, 0, 0, 2}, "no"...),
		"a file cut short":      b[:len(b)-1],
		"bytes after the files": append(bytes.Clone(b), 0),
		"a negative size":       append([]byte{0, 0, 0, 40}, `{"files":[{"name":"x","size":-1}]}      `...),
	} {
		if _, err := decodeMailbox(bad); !errors.Is(err, errMailboxFormat) {
			t.Errorf("%s: %v, want errMailboxFormat", name, err)
		}
	}
}

func mustEncode(t *testing.T, m mail.Message) []byte {
	t.Helper()
	b, err := encodeMailbox(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A message delivered before migration 00103 (sealed JSON text, its files
// in base64) reads as it did, beside one delivered after it (sealed
// bytes). store's TestMailboxBytesMigration covers the migration itself.
func TestMailboxReadsMessagesDeliveredBeforeAndAfter(t *testing.T) {
	t.Parallel()
	for _, e := range storetest.Engines {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			db := storetest.Open(t, e)
			sealer, err := seal.New(bytes.Repeat([]byte{3}, 32))
			if err != nil {
				t.Fatal(err)
			}
			s := &Outbox{db: db, sealer: sealer}
			at := time.Date(2026, 11, 27, 15, 0, 0, 0, time.UTC)
			pdf := []byte("%PDF-1.7 receipt \x00\xff")
			files := []mail.Attachment{{Name: "crebit-receipt-CRB-1.pdf", ContentType: "application/pdf", Data: pdf}}

			old, err := json.Marshal(mailBody{Text: "before", HTML: "<p>before</p>", Attachments: files})
			if err != nil {
				t.Fatal(err)
			}
			if err := db.Tx(ctx, func(tx *store.Tx) error {
				_, err := tx.Exec(ctx, `INSERT INTO mailbox (id, message_id, to_addr, subject, body_sealed, delivered_at) VALUES (?, ?, ?, ?, ?, ?)`,
					"mbx_old", "old@crebit.local", "maria@example.com", "Before", sealer.Seal(string(old)), store.UTC(at))
				return err
			}); err != nil {
				t.Fatal(err)
			}
			m, err := s.mailboxMessage(mail.Message{MessageID: "new@crebit.local", To: "maria@example.com", Subject: "After",
				Text: "after", HTML: "<p>after</p>", Attachments: files})
			if err != nil {
				t.Fatal(err)
			}
			m.DeliveredAt = at.Add(time.Minute)
			if bytes.Contains(m.Body, pdf) || bytes.Contains(m.Body, []byte("after")) {
				t.Fatal("the stored body shows what it seals")
			}
			if err := db.Tx(ctx, func(tx *store.Tx) error { return outboxstore.DeliverMailbox(ctx, tx, m) }); err != nil {
				t.Fatal(err)
			}

			list, err := s.Mailbox(ctx)
			if err != nil || len(list) != 2 || list[0].Subject != "After" || list[1].Subject != "Before" {
				t.Fatalf("mailbox: %+v, %v", list, err)
			}
			for _, c := range []struct{ id, text string }{{m.ID, "after"}, {"mbx_old", "before"}} {
				got, err := s.MailboxMessage(ctx, c.id)
				if err != nil || got.Text != c.text || got.HTML != "<p>"+c.text+"</p>" ||
					!reflect.DeepEqual(got.Attachments, []MailboxFile{{Name: files[0].Name, ContentType: "application/pdf", Size: len(pdf)}}) {
					t.Fatalf("message %s: %+v, %v", c.id, got, err)
				}
				a, err := s.MailboxAttachment(ctx, c.id, 0)
				if err != nil || !bytes.Equal(a.Data, pdf) || a.Name != files[0].Name {
					t.Fatalf("attachment of %s: %+v, %v", c.id, a, err)
				}
				if _, err := s.MailboxAttachment(ctx, c.id, 1); !isNotFound(err) {
					t.Fatalf("attachment 1 of %s: %v", c.id, err)
				}
			}
			if _, err := s.MailboxMessage(ctx, "mbx_none"); !isNotFound(err) {
				t.Fatalf("a message that is not there: %v", err)
			}

		})
	}
}

func isNotFound(err error) bool {
	var e *apperr.Error
	return errors.As(err, &e) && e.Code == apperr.NotFound
}

// TestLocalDeliveryMarksTheBatchSentOnce: a batch delivered to the local
// mailbox is stored once per Message-ID and its outbox rows are marked sent
// with one attempt; a message not in the batch stays due, and delivering a
// batch again (a dispatcher that lost its claim) stores and counts nothing
// more.
func TestLocalDeliveryMarksTheBatchSentOnce(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		at := time.Date(2026, 11, 28, 4, 0, 0, 0, time.UTC)
		var boxes []outboxstore.MailboxMessage
		var ids []string
		for i := range 3 {
			m := outboxstore.OutboxMessage{ID: fmt.Sprintf("obx_%d", i), MessageID: fmt.Sprintf("m%d@crebit.local", i), Kind: "payment_received",
				To: "maria@example.com", Subject: fmt.Sprintf("Subject %d", i), BodySealed: "sealed", CreatedAt: at}
			if err := db.Tx(ctx, func(tx *store.Tx) error { return outboxstore.InsertOutbox(ctx, tx, m) }); err != nil {
				t.Fatal(err)
			}
			if i < 2 {
				ids = append(ids, m.ID)
				boxes = append(boxes, outboxstore.MailboxMessage{ID: fmt.Sprintf("mbx_%d", i), MessageID: m.MessageID, To: m.To,
					Subject: m.Subject, Body: []byte{0, byte(i), 0xff}})
			}
		}
		deliver := func(boxes []outboxstore.MailboxMessage, ids []string, at time.Time) {
			t.Helper()
			if err := db.Tx(ctx, func(tx *store.Tx) error { return outboxstore.DeliverMailboxSent(ctx, tx, boxes, ids, at) }); err != nil {
				t.Fatal(err)
			}
		}
		deliver(boxes, ids, at)
		again := []outboxstore.MailboxMessage{boxes[1]}
		again[0].ID = "mbx_again"
		deliver(again, ids[1:], at.Add(time.Minute))

		var stored []string
		if err := db.Read(ctx, func(tx *store.Tx) error {
			rs, err := tx.Query(ctx, `SELECT id, message_id, subject, body, delivered_at FROM mailbox ORDER BY id`)
			if err != nil {
				return err
			}
			defer rs.Close()
			for rs.Next() {
				var id, msgID, subject string
				var body []byte
				var when time.Time
				if err := rs.Scan(&id, &msgID, &subject, &body, &when); err != nil {
					return err
				}
				stored = append(stored, fmt.Sprintf("%s %s %s %x %s", id, msgID, subject, body, when.UTC().Format(time.RFC3339)))
			}
			return rs.Err()
		}); err != nil {
			t.Fatal(err)
		}
		want := []string{"mbx_0 m0@crebit.local Subject 0 0000ff 2026-11-28T04:00:00Z", "mbx_1 m1@crebit.local Subject 1 0001ff 2026-11-28T04:00:00Z"}
		if !reflect.DeepEqual(stored, want) {
			t.Fatalf("mailbox:\n%s\nwant:\n%s", strings.Join(stored, "\n"), strings.Join(want, "\n"))
		}
		for i, w := range []struct {
			sent     bool
			attempts int
		}{{true, 1}, {true, 1}, {false, 0}} {
			var m outboxstore.OutboxMessage
			if err := db.Read(ctx, func(tx *store.Tx) (err error) { m, err = outboxstore.Outbox(ctx, tx, fmt.Sprintf("obx_%d", i)); return }); err != nil {
				t.Fatal(err)
			}
			if (m.SentAt != nil) != w.sent || m.Attempts != w.attempts || (w.sent && !m.SentAt.Equal(at)) {
				t.Errorf("obx_%d: sent %v, %d attempts; want sent %v at %s, %d attempts", i, m.SentAt, m.Attempts, w.sent, at, w.attempts)
			}
		}
		if err := db.Tx(ctx, func(tx *store.Tx) error {
			return outboxstore.DeliverMailboxSent(ctx, tx, boxes, ids[:1], at)
		}); err == nil {
			t.Error("two messages for one outbox row: no error")
		}
	})
}
