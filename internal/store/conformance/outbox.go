package conformance

import (
	"testing"
	"time"

	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/outboxstore"
)

// exerciseOutbox covers the outbox as a queue: what is due is claimed once
// until its lease ends, a failure makes it due again later, a message sent
// or failed for good is never claimed again.
func exerciseOutbox(t *testing.T, s *suite) {
	t.Run("Outbox", func(t *testing.T) {
		t.Parallel()
		t.Run("ClaimLeaseRetrySent", func(t *testing.T) {
			t.Parallel()
			b := s.fresh(t) // claims take whatever is due in the table
			ids := func(ms []outboxstore.OutboxMessage) []string {
				out := []string{}
				for _, m := range ms {
					out = append(out, m.ID)
				}
				return out
			}
			claim := func(at time.Time, limit int) []string {
				t.Helper()
				return ids(must(t, b, func(tx *store.Tx) ([]outboxstore.OutboxMessage, error) {
					return outboxstore.ClaimOutbox(b.ctx, tx, at, at.Add(2*time.Minute), limit)
				}))
			}
			due := func(at time.Time) bool {
				t.Helper()
				return must(t, b, func(tx *store.Tx) (bool, error) { return outboxstore.OutboxDue(b.ctx, tx, at) })
			}
			var msgs []string
			for i := range 3 {
				id := randid.New("msg")
				msgs = append(msgs, id)
				b.exec(t, func(tx *store.Tx) error {
					return outboxstore.InsertOutbox(b.ctx, tx, outboxstore.OutboxMessage{ID: id, MessageID: id + "@crebit.test", Kind: "verify_email",
						To: "maria@example.com", Subject: "s", BodySealed: "sealed", CreatedAt: b.now.Add(time.Duration(i) * time.Second)})
				})
			}
			equal(t, "due before the first was queued", due(b.now.Add(-time.Second)), false)
			equal(t, "claimed before any is due", claim(b.now.Add(-time.Second), 10), []string{})
			equal(t, "first claim, oldest first, limited", claim(b.now.Add(5*time.Second), 2), msgs[:2])
			equal(t, "second claim skips what is claimed", claim(b.now.Add(5*time.Second), 10), msgs[2:])
			equal(t, "due while all are claimed", due(b.now.Add(time.Minute)), false)
			equal(t, "claimed again within the lease", claim(b.now.Add(time.Minute), 10), []string{})

			// The first is sent; the second fails and is due 6 s later; the
			// third is released (its dispatcher stopping).
			at := b.now.Add(10 * time.Second)
			b.exec(t, func(tx *store.Tx) error {
				if ok, err := outboxstore.MarkOutboxSent(b.ctx, tx, msgs[0], at); err != nil || !ok {
					t.Fatalf("MarkOutboxSent = %v, %v", ok, err)
				}
				if err := outboxstore.RecordOutboxFailure(b.ctx, tx, msgs[1], "421 try later", false, at, at.Add(6*time.Second)); err != nil {
					return err
				}
				return outboxstore.ReleaseOutbox(b.ctx, tx, []string{msgs[2]})
			})
			equal(t, "after release", claim(at, 10), msgs[2:])
			equal(t, "before the retry is due", claim(at.Add(5*time.Second), 10), []string{})
			retry := must(t, b, func(tx *store.Tx) ([]outboxstore.OutboxMessage, error) {
				return outboxstore.ClaimOutbox(b.ctx, tx, at.Add(6*time.Second), at.Add(time.Minute), 10)
			})
			equal(t, "the retry", ids(retry), msgs[1:2])
			equal(t, "attempts, last error", []any{retry[0].Attempts, retry[0].LastError}, []any{1, "421 try later"})

			// The retry fails for good; the third's lease ends unsent and it
			// is claimed again; the sent one never is.
			b.exec(t, func(tx *store.Tx) error {
				return outboxstore.RecordOutboxFailure(b.ctx, tx, msgs[1], "550 no such user", true, at, at.Add(time.Hour))
			})
			equal(t, "after every lease", claim(at.Add(time.Hour), 10), msgs[2:])
			sent := must(t, b, func(tx *store.Tx) (outboxstore.OutboxMessage, error) { return outboxstore.Outbox(b.ctx, tx, msgs[0]) })
			failed := must(t, b, func(tx *store.Tx) (outboxstore.OutboxMessage, error) { return outboxstore.Outbox(b.ctx, tx, msgs[1]) })
			equal(t, "sent at", sent.SentAt != nil && sent.SentAt.Equal(at), true)
			equal(t, "failed for good", []any{failed.FailedAt != nil, failed.Attempts, failed.LastError}, []any{true, 2, "550 no such user"})
			if ok, err := read(b, func(tx *store.Tx) (bool, error) { return outboxstore.MarkOutboxSent(b.ctx, tx, msgs[0], at) }); err != nil || ok {
				t.Fatalf("second MarkOutboxSent = %v, %v; want false (a duplicate send)", ok, err)
			}
			backlog := must(t, b, func(tx *store.Tx) (int64, error) { return outboxstore.OutboxBacklog(b.ctx, tx) })
			equal(t, "backlog (the third)", backlog, int64(1))
		})
	})
}
