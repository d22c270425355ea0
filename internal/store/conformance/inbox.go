package conformance

import (
	"testing"
	"time"

	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
	"github.com/crebit/crebit/internal/store/referralstore"
	"github.com/crebit/crebit/internal/store/webhookstore"
)

// exerciseInbox covers what arrives from outside and must be kept once:
// partner webhooks, referrals, subscribers and consents.
func exerciseInbox(t *testing.T, s *suite) {
	t.Run("WebhookEvent", func(t *testing.T) {
		t.Parallel()
		t.Run("RecordedOnceFirstPayloadKept", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			evt := randid.New("evt")
			first := must(t, b, func(tx *store.Tx) (bool, error) {
				return webhookstore.RecordWebhookEvent(b.ctx, tx, evt, "payin_completed", `{"n":1}`, "{}", b.now)
			})
			replay := must(t, b, func(tx *store.Tx) (bool, error) {
				return webhookstore.RecordWebhookEvent(b.ctx, tx, evt, "payin_completed", `{"n":2}`, "{}", b.now.Add(time.Second))
			})
			equal(t, "first, replay", []bool{first, replay}, []bool{true, false})
			got := must(t, b, func(tx *store.Tx) (string, error) { return webhookstore.WebhookEventPayload(b.ctx, tx, evt) })
			equal(t, "payload", got, `{"n":1}`)
			// The payment it was about is kept with its outcome; a later
			// mark without one leaves it.
			p := newPaymentWith(t, b, nil)
			b.exec(t, func(tx *store.Tx) error {
				return webhookstore.MarkWebhookProcessed(b.ctx, tx, evt, p.record.ID, "held", b.now)
			})
			b.exec(t, func(tx *store.Tx) error {
				return webhookstore.MarkWebhookProcessed(b.ctx, tx, evt, "", "advanced", b.now)
			})
			about := must(t, b, func(tx *store.Tx) ([]webhookstore.ReceivedWebhook, error) {
				return webhookstore.WebhooksAbout(b.ctx, tx, p.record.ID)
			})
			if len(about) != 1 || about[0].ID != evt || about[0].Outcome != "advanced" || about[0].ProcessedAt == nil {
				t.Fatalf("webhooks about the payment: %+v", about)
			}
			_, err := read(b, func(tx *store.Tx) (string, error) { return webhookstore.WebhookEventPayload(b.ctx, tx, "evt_missing") })
			requireIs(t, "missing event", err, store.ErrNotFound)
		})
	})
	t.Run("Referral", func(t *testing.T) {
		t.Parallel()
		t.Run("OncePerCustomerAndAddress", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			c1, c2 := newCustomer(b), newCustomer(b)
			ana, bia := randid.New("ana")+"@example.org", randid.New("bia")+"@example.org"
			b.exec(t, func(tx *store.Tx) error {
				if err := tx.CreateCustomer(b.ctx, c1); err != nil {
					return err
				}
				return tx.CreateCustomer(b.ctx, c2)
			})
			refer := func(customerID, email string) bool {
				return must(t, b, func(tx *store.Tx) (bool, error) {
					return referralstore.CreateReferral(b.ctx, tx, referralstore.Referral{ID: randid.New("ref"), SessionID: "ses_1",
						CustomerID: customerID, Email: email, CreatedAt: b.now})
				})
			}
			got := []bool{refer(c1.ID, ana), refer(c1.ID, ana),
				refer(c1.ID, bia), refer(c2.ID, ana)}
			equal(t, "stored", got, []bool{true, false, true, true})
			n := must(t, b, func(tx *store.Tx) (int, error) { return referralstore.CountReferrals(b.ctx, tx, c1.ID) })
			equal(t, "referrals of c1", n, 2)
		})
	})
	t.Run("Subscriber", func(t *testing.T) {
		t.Parallel()
		t.Run("OncePerAddress", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			email := randid.New("sub") + "@example.org"
			sub := func(source string) bool {
				return must(t, b, func(tx *store.Tx) (bool, error) { return accountstore.Subscribe(b.ctx, tx, email, source, b.now) })
			}
			equal(t, "stored", []bool{sub("landing"), sub("footer")}, []bool{true, false})
			n := must(t, b, func(tx *store.Tx) (int, error) { return accountstore.CountSubscribers(b.ctx, tx, email) })
			equal(t, "subscribers", n, 1)
		})
	})
	t.Run("Consent", func(t *testing.T) {
		t.Parallel()
		t.Run("RecordedUnderItsID", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			id := randid.New("con")
			b.exec(t, func(tx *store.Tx) error { return tx.RecordConsent(b.ctx, id, "ses_1", "203.0.113.7", "UA", b.now) })
			err := b.db.Tx(b.ctx, func(tx *store.Tx) error { return tx.RecordConsent(b.ctx, id, "ses_1", "203.0.113.7", "UA", b.now) })
			requireIs(t, "same consent id", err, store.ErrConflict)
		})
	})
}
