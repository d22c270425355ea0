package store_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/outboxstore"
	"github.com/crebit/crebit/internal/store/storetest"
)

// Migration 00103 gives the local mailbox a column of sealed bytes: the
// messages delivered before it keep their sealed text, new ones go in as
// bytes, a row must have one or the other, and undoing it keeps the old
// messages (the new form has no way back into the old one).
func TestMailboxBytesMigration(t *testing.T) {
	t.Parallel()
	for _, e := range storetest.Engines {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			db := storetest.Open(t, e)
			at := time.Date(2026, 11, 27, 15, 0, 0, 0, time.UTC)
			insertOld := func(id string) error {
				return db.Tx(ctx, func(tx *store.Tx) error {
					_, err := tx.Exec(ctx, `INSERT INTO mailbox (id, message_id, to_addr, subject, body_sealed, delivered_at) VALUES (?, ?, ?, ?, ?, ?)`,
						id, id+"@crebit.local", "maria@example.com", "Old", "c2VhbGVk", store.UTC(at))
					return err
				})
			}
			if err := db.MigrateDownTo(ctx, 102); err != nil {
				t.Fatalf("down to 00102: %v", err)
			}
			if err := insertOld("mbx_old"); err != nil {
				t.Fatal(err)
			}
			if _, err := db.Migrate(ctx); err != nil {
				t.Fatalf("up again: %v", err)
			}
			sealed := []byte{0, 1, 2, 0xff}
			if err := db.Tx(ctx, func(tx *store.Tx) error {
				return outboxstore.DeliverMailbox(ctx, tx, outboxstore.MailboxMessage{ID: "mbx_new", MessageID: "new@crebit.local",
					To: "maria@example.com", Subject: "New", Body: sealed, DeliveredAt: at.Add(time.Minute)})
			}); err != nil {
				t.Fatal(err)
			}
			for id, want := range map[string]outboxstore.MailboxMessage{
				"mbx_old": {ID: "mbx_old", MessageID: "mbx_old@crebit.local", To: "maria@example.com", Subject: "Old", BodySealed: "c2VhbGVk", DeliveredAt: at},
				"mbx_new": {ID: "mbx_new", MessageID: "new@crebit.local", To: "maria@example.com", Subject: "New", Body: sealed, DeliveredAt: at.Add(time.Minute)},
			} {
				var got outboxstore.MailboxMessage
				if err := db.Tx(ctx, func(tx *store.Tx) (err error) { got, err = outboxstore.MailboxByID(ctx, tx, id); return }); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s: %+v, want %+v", id, got, want)
				}
			}
			if err := db.Tx(ctx, func(tx *store.Tx) error {
				_, err := tx.Exec(ctx, `INSERT INTO mailbox (id, message_id, to_addr, subject, delivered_at) VALUES ('mbx_x', 'x', 'a', 's', ?)`, store.UTC(at))
				return err
			}); err == nil {
				t.Error("a mailbox row without a body was accepted")
			}

			if err := db.MigrateDownTo(ctx, 102); err != nil {
				t.Fatalf("down to 00102 again: %v", err)
			}
			var ids []string
			if err := db.Tx(ctx, func(tx *store.Tx) error {
				rs, err := tx.Query(ctx, `SELECT id FROM mailbox ORDER BY id`)
				if err != nil {
					return err
				}
				defer rs.Close()
				for rs.Next() {
					var id string
					if err := rs.Scan(&id); err != nil {
						return err
					}
					ids = append(ids, id)
				}
				return rs.Err()
			}); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(ids, []string{"mbx_old"}) {
				t.Fatalf("after 00103 undone, the mailbox holds %v, want the old message only", ids)
			}
			if err := insertOld("mbx_old2"); err != nil {
				t.Fatalf("the old form after 00103 undone: %v", err)
			}
		})
	}
}
