package conformance

import (
	"testing"
	"time"

	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/holdstore"
	"github.com/crebit/crebit/internal/store/returnstore"
	"github.com/crebit/crebit/internal/store/viewstore"
)

// paid is a stored customer, quote and payment.
type paid struct {
	customer customer.Customer
	quote    payment.Quote
	record   payment.Record
}

// newRecord is an unsaved payment of customer c for quote q.
func newRecord(b *bundle, c customer.Customer, q payment.Quote) payment.Record {
	return payment.Record{ID: randid.New("txn"), SessionID: q.SessionID, IdempotencyKey: randid.New("idem"),
		RequestHash: "rhash", QuoteID: q.ID, CustomerID: c.ID, Method: "pix", Delivery: payment.DeliveryCheck,
		State: payment.StateCreated, AmountLocal: q.TotalLocal, AmountUSD: q.AmountUSD, TotalFeesUSD: q.TotalFeesUSD,
		USDC: q.USDC, GrossUSD: q.GrossUSD, EffectiveRate: q.EffectiveRate, SenderName: "Maria Silva",
		CheckDetails: `{"school":"MIT"}`, ExpiresAt: b.now.Add(30 * time.Minute), CreatedAt: b.now, UpdatedAt: b.now}
}

// newPaymentWith stores a customer, a quote (changed by mod) and a payment.
func newPaymentWith(t *testing.T, b *bundle, mod func(q *payment.Quote)) paid {
	t.Helper()
	p := paid{customer: newCustomer(b), quote: newQuote(b)}
	if mod != nil {
		mod(&p.quote)
	}
	p.record = newRecord(b, p.customer, p.quote)
	b.exec(t, func(tx *store.Tx) error {
		if err := tx.CreateCustomer(b.ctx, p.customer); err != nil {
			return err
		}
		if err := tx.CreateQuote(b.ctx, p.quote); err != nil {
			return err
		}
		return tx.CreatePayment(b.ctx, p.record)
	})
	return p
}

func exercisePayments(t *testing.T, s *suite) {
	t.Run("Payment", func(t *testing.T) {
		t.Parallel()
		t.Run("CreateAndGetEveryWay", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			c, q := newCustomer(b), newQuote(b)
			a := newBankAccount(b, c.ID)
			r := newRecord(b, c, q)
			r.AccountID, r.ExternalAccountID, r.Delivery, r.CheckDetails = "acc_1", a.ID, payment.DeliveryBankTransfer, ""
			payin := randid.New("pay")
			r.PartnerPayinID, r.DepositAddress, r.PixCode, r.DepositBankName, r.BeneficiaryName = payin, "000201...", "000201...", "Banco", "Crebit"
			r.OfframpID, r.OfframpStatus, r.TrackingNumber, r.FailureReason = "offr_1", "pending", "TRK1", "none"
			b.exec(t, func(tx *store.Tx) error {
				if err := tx.CreateCustomer(b.ctx, c); err != nil {
					return err
				}
				if err := tx.CreateExternalAccount(b.ctx, a); err != nil {
					return err
				}
				if err := tx.CreateQuote(b.ctx, q); err != nil {
					return err
				}
				return tx.CreatePayment(b.ctx, r)
			})
			for name, get := range map[string]func(tx *store.Tx) (payment.Record, error){
				"Payment":          func(tx *store.Tx) (payment.Record, error) { return tx.Payment(b.ctx, r.ID) },
				"PaymentForUpdate": func(tx *store.Tx) (payment.Record, error) { return tx.PaymentForUpdate(b.ctx, r.ID) },
				"PaymentByPayin":   func(tx *store.Tx) (payment.Record, error) { return tx.PaymentByPayin(b.ctx, payin) },
				"PaymentByPayinForUpdate": func(tx *store.Tx) (payment.Record, error) {
					return tx.PaymentByPayinForUpdate(b.ctx, payin)
				},
				"LivePaymentForQuote": func(tx *store.Tx) (payment.Record, error) { return tx.LivePaymentForQuote(b.ctx, q.ID) },
				"PaymentByIdempotencyKey": func(tx *store.Tx) (payment.Record, error) {
					return tx.PaymentByIdempotencyKey(b.ctx, r.SessionID, r.IdempotencyKey)
				},
			} {
				equal(t, name, must(t, b, get), r)
			}
		})
		t.Run("EmptyOptionalFieldsRoundTrip", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			p := newPaymentWith(t, b, nil)
			equal(t, "payment", must(t, b, func(tx *store.Tx) (payment.Record, error) { return tx.Payment(b.ctx, p.record.ID) }), p.record)
		})
		t.Run("MissingIsErrNotFound", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			p := newPaymentWith(t, b, nil)
			for name, get := range map[string]func(tx *store.Tx) (payment.Record, error){
				"Payment":        func(tx *store.Tx) (payment.Record, error) { return tx.Payment(b.ctx, "txn_missing") },
				"PaymentByPayin": func(tx *store.Tx) (payment.Record, error) { return tx.PaymentByPayin(b.ctx, "pay_missing") },
				"PaymentByPayinForUpdate": func(tx *store.Tx) (payment.Record, error) {
					return tx.PaymentByPayinForUpdate(b.ctx, "pay_missing")
				},
				"LivePaymentForQuote": func(tx *store.Tx) (payment.Record, error) { return tx.LivePaymentForQuote(b.ctx, "quo_missing") },
				"PaymentByIdempotencyKey": func(tx *store.Tx) (payment.Record, error) {
					return tx.PaymentByIdempotencyKey(b.ctx, "ses_other", p.record.IdempotencyKey)
				},
			} {
				_, err := read(b, get)
				requireIs(t, name, err, store.ErrNotFound)
			}
			_, err := read(b, func(tx *store.Tx) (payment.Authorization, error) { return tx.AuthorizationFor(b.ctx, p.record.ID) })
			requireIs(t, "AuthorizationFor", err, store.ErrNotFound)
		})
		t.Run("OneLivePaymentPerQuote", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			p := newPaymentWith(t, b, nil)
			second := newRecord(b, p.customer, p.quote)
			err := b.db.Tx(b.ctx, func(tx *store.Tx) error { return tx.CreatePayment(b.ctx, second) })
			requireIs(t, "second live payment", err, store.ErrConflict)
			// A failed attempt frees the quote for a retry.
			failed := p.record
			failed.State, failed.FailureReason, failed.UpdatedAt = payment.StateFailed, "payin_failed", b.now.Add(time.Minute)
			b.exec(t, func(tx *store.Tx) error { return tx.UpdatePaymentProgress(b.ctx, failed, payment.RailReference{}) })
			_, err = read(b, func(tx *store.Tx) (payment.Record, error) { return tx.LivePaymentForQuote(b.ctx, p.quote.ID) })
			requireIs(t, "live payment after failure", err, store.ErrNotFound)
			b.exec(t, func(tx *store.Tx) error { return tx.CreatePayment(b.ctx, second) })
			got := must(t, b, func(tx *store.Tx) (payment.Record, error) { return tx.LivePaymentForQuote(b.ctx, p.quote.ID) })
			equal(t, "live payment", got.ID, second.ID)
		})
		t.Run("IdempotencyKeyOncePerSession", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			p := newPaymentWith(t, b, nil)
			q2, q3, q4 := newQuote(b), newQuote(b), newQuote(b)
			b.exec(t, func(tx *store.Tx) error {
				for _, q := range []payment.Quote{q2, q3, q4} {
					if err := tx.CreateQuote(b.ctx, q); err != nil {
						return err
					}
				}
				return nil
			})
			sameKey := newRecord(b, p.customer, q2)
			sameKey.IdempotencyKey = p.record.IdempotencyKey
			err := b.db.Tx(b.ctx, func(tx *store.Tx) error { return tx.CreatePayment(b.ctx, sameKey) })
			requireIs(t, "same session and key", err, store.ErrConflict)
			sameKey.SessionID = "ses_2"
			b.exec(t, func(tx *store.Tx) error { return tx.CreatePayment(b.ctx, sameKey) })
			// Payments without a key never collide.
			noKey1, noKey2 := newRecord(b, p.customer, q3), newRecord(b, p.customer, q4)
			noKey1.IdempotencyKey, noKey2.IdempotencyKey = "", ""
			b.exec(t, func(tx *store.Tx) error {
				if err := tx.CreatePayment(b.ctx, noKey1); err != nil {
					return err
				}
				return tx.CreatePayment(b.ctx, noKey2)
			})
		})
		t.Run("PayinInstructionsAndProgress", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			p := newPaymentWith(t, b, nil)
			payin := randid.New("pay")
			want := p.record
			want.PartnerPayinID, want.PixCode, want.DepositAddress = payin, "00020126", "00020126"
			want.DepositBankName, want.BeneficiaryName = "Banco Sandbox", "Crebit LLC"
			b.exec(t, func(tx *store.Tx) error { return tx.SetPayinInstructions(b.ctx, want) })
			equal(t, "after instructions", must(t, b, func(tx *store.Tx) (payment.Record, error) { return tx.PaymentByPayin(b.ctx, payin) }), want)
			want.State, want.OfframpID, want.OfframpStatus = payment.StatePayinCompleted, "offr_9", "processing"
			want.TrackingNumber, want.UpdatedAt = "TRK9", b.now.Add(2*time.Minute)
			b.exec(t, func(tx *store.Tx) error { return tx.UpdatePaymentProgress(b.ctx, want, payment.RailReference{}) })
			equal(t, "after progress", must(t, b, func(tx *store.Tx) (payment.Record, error) { return tx.Payment(b.ctx, want.ID) }), want)
			// A pay-in belongs to one payment.
			other := newPaymentWith(t, b, nil)
			other.record.PartnerPayinID = payin
			err := b.db.Tx(b.ctx, func(tx *store.Tx) error { return tx.SetPayinInstructions(b.ctx, other.record) })
			requireIs(t, "reused pay-in id", err, store.ErrConflict)
		})
		t.Run("EventsInOrder", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			p := newPaymentWith(t, b, nil)
			// Same timestamp on purpose: the order is the order of insertion.
			want := []payment.Change{
				{State: payment.StateCreated, Source: "api", OccurredAt: b.now},
				{State: payment.StateAwaitingPayin, Source: "api", OccurredAt: b.now},
				{State: payment.StatePayinProcessing, Source: "webhook:evt_1", OccurredAt: b.now},
			}
			for _, e := range want {
				b.exec(t, func(tx *store.Tx) error { return tx.AddPaymentEvent(b.ctx, p.record.ID, e) })
			}
			got := must(t, b, func(tx *store.Tx) ([]payment.Change, error) { return tx.PaymentEvents(b.ctx, p.record.ID) })
			equal(t, "events", got, want)
			none := must(t, b, func(tx *store.Tx) ([]payment.Change, error) { return tx.PaymentEvents(b.ctx, "txn_missing") })
			equal(t, "events of an unknown payment", len(none), 0)

			// The history with its sequence: the latest row's id, which
			// grows with every state entered (the live stream's event id).
			type history struct {
				events []payment.Change
				seq    int64
			}
			readHistory := func() history {
				return must(t, b, func(tx *store.Tx) (history, error) {
					ev, seq, err := tx.PaymentHistory(b.ctx, p.record.ID)
					return history{ev, seq}, err
				})
			}
			h := readHistory()
			equal(t, "history", h.events, want)
			if h.seq <= 0 {
				t.Fatalf("seq of a payment with history: %d", h.seq)
			}
			b.exec(t, func(tx *store.Tx) error {
				return tx.AddPaymentEvent(b.ctx, p.record.ID, payment.Change{State: payment.StatePayinCompleted, Source: "webhook:evt_2", OccurredAt: b.now})
			})
			if next := readHistory(); next.seq <= h.seq || len(next.events) != 4 {
				t.Fatalf("after one more state: seq %d (was %d), %d events", next.seq, h.seq, len(next.events))
			}
			empty := must(t, b, func(tx *store.Tx) (history, error) {
				ev, seq, err := tx.PaymentHistory(b.ctx, "txn_missing")
				return history{ev, seq}, err
			})
			equal(t, "history of an unknown payment", empty, history{})
		})
		t.Run("PaymentWithRailReference", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			p := newPaymentWith(t, b, nil)
			type withRail struct {
				id   string
				rail payment.RailReference
			}
			read := func() withRail {
				return must(t, b, func(tx *store.Tx) (withRail, error) {
					got, rail, err := tx.PaymentWithRail(b.ctx, p.record.ID)
					return withRail{got.ID, rail}, err
				})
			}
			equal(t, "before the pay-in", read(), withRail{id: p.record.ID})
			ref := payment.RailReference{Kind: "pix_end_to_end_id", Value: "E12345678202611231504abcdefghijk"}
			b.exec(t, func(tx *store.Tx) error { return tx.SetPaymentRailReference(b.ctx, p.record.ID, ref) })
			equal(t, "after it", read(), withRail{id: p.record.ID, rail: ref})
			// The first reference stays, whatever the kind of a later one.
			for _, later := range []payment.RailReference{{Kind: ref.Kind, Value: "E87654321202611231504abcdefghijk"},
				{Kind: "spei_tracking_key", Value: "MBAN01202611230123456789"}} {
				b.exec(t, func(tx *store.Tx) error { return tx.SetPaymentRailReference(b.ctx, p.record.ID, later) })
			}
			equal(t, "after a later one", read(), withRail{id: p.record.ID, rail: ref})
			err := b.db.Tx(b.ctx, func(tx *store.Tx) error { _, _, err := tx.PaymentWithRail(b.ctx, "txn_missing"); return err })
			requireIs(t, "unknown payment", err, store.ErrNotFound)
		})
		t.Run("PaymentViewInOneStatement", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			p := newPaymentWith(t, b, nil)
			// What the status read shows, from the reads it replaces.
			want := func() viewstore.PaymentView {
				return must(t, b, func(tx *store.Tx) (viewstore.PaymentView, error) {
					var v viewstore.PaymentView
					var err error
					if v.Payment, v.Rail, err = tx.PaymentWithRail(b.ctx, p.record.ID); err != nil {
						return v, err
					}
					if v.History, v.Seq, err = tx.PaymentHistory(b.ctx, p.record.ID); err != nil {
						return v, err
					}
					_, err = holdstore.OpenHold(b.ctx, tx, p.record.ID)
					v.OnHold = err == nil
					rs, err := returnstore.ReturnsOf(b.ctx, tx, p.record.ID)
					v.HasReturns = len(rs) > 0
					return v, err
				})
			}
			// Read alone (DB.ReadOne), as the status read does.
			view := func() viewstore.PaymentView {
				var v viewstore.PaymentView
				if err := b.db.ReadOne(b.ctx, func(tx *store.Tx) (err error) { v, err = viewstore.Payment(b.ctx, tx, p.record.ID); return err }); err != nil {
					t.Fatal(err)
				}
				return v
			}
			equal(t, "a payment without history", view(), want())
			for _, st := range []payment.State{payment.StateCreated, payment.StateAwaitingPayin} {
				b.exec(t, func(tx *store.Tx) error {
					return tx.AddPaymentEvent(b.ctx, p.record.ID, payment.Change{State: st, Source: "api", OccurredAt: b.now})
				})
			}
			b.exec(t, func(tx *store.Tx) error {
				return tx.SetPaymentRailReference(b.ctx, p.record.ID, payment.RailReference{Kind: "pix_end_to_end_id", Value: "E12345678202611231504abcdefghijk"})
			})
			got := view()
			equal(t, "with history and a rail reference", got, want())
			if len(got.History) != 2 || got.Seq <= 0 || got.OnHold || got.HasReturns {
				t.Fatalf("view: %+v", got)
			}
			b.exec(t, func(tx *store.Tx) error {
				return holdstore.HoldPayment(b.ctx, tx, holdstore.PaymentHold{ID: randid.New("hold"), PaymentID: p.record.ID, HeldAt: b.now,
					HeldBy: "acc_o", HeldByEmail: "o@example.com", Reason: "look"})
			})
			b.exec(t, func(tx *store.Tx) error {
				_, err := returnstore.OpenReturn(b.ctx, tx, returnstore.PaymentReturn{ID: randid.New("ret"), PaymentID: p.record.ID, Kind: "payin",
					Amount: p.record.AmountLocal, Cause: "test", OpenedAt: b.now})
				return err
			})
			if got = view(); !got.OnHold || !got.HasReturns {
				t.Fatalf("held, money owed back: %+v", got)
			}
			equal(t, "held, money owed back", got, want())
			b.exec(t, func(tx *store.Tx) error {
				return holdstore.ReleaseHold(b.ctx, tx, p.record.ID, b.now, "acc_o", "o@example.com", "fine")
			})
			if got = view(); got.OnHold {
				t.Fatal("released, still held")
			}
			err := b.db.ReadOne(b.ctx, func(tx *store.Tx) error { _, err := viewstore.Payment(b.ctx, tx, "txn_missing"); return err })
			requireIs(t, "unknown payment", err, store.ErrNotFound)
		})
		t.Run("AuthorizationRoundTrip", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			p := newPaymentWith(t, b, nil)
			a := payment.Authorization{PaymentID: p.record.ID, AcceptedAt: b.now, ClientSignedAt: "11/23/2026, 3:04 PM",
				IP: "203.0.113.7", UserAgent: "Mozilla/5.0", SignerName: "Maria Silva", SchoolName: "MIT",
				AmountUSD: p.record.AmountUSD, AmountLocal: money.Amount{Minor: 5_422_300, Currency: money.BRL},
				Delivery: payment.DeliveryCheck, OnRampQuoteID: p.quote.OnRampID, OffRampQuoteID: p.quote.OffRampID, Lang: "pt-BR"}
			b.exec(t, func(tx *store.Tx) error { return tx.CreateAuthorization(b.ctx, a) })
			equal(t, "authorization", must(t, b, func(tx *store.Tx) (payment.Authorization, error) { return tx.AuthorizationFor(b.ctx, a.PaymentID) }), a)
			err := b.db.Tx(b.ctx, func(tx *store.Tx) error { return tx.CreateAuthorization(b.ctx, a) })
			requireIs(t, "second authorization", err, store.ErrConflict)
		})
	})
}
