package store_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

// Migration 00101 moves a payment's rail reference from one column per
// rail (pix_end_to_end_id, spei_tracking_key) into two generic columns,
// its kind and its value, and back when undone: references written before
// it read the same after it.
func TestRailReferenceMigration(t *testing.T) {
	t.Parallel()
	for _, e := range storetest.Engines {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			db, err := store.Open(ctx, storetest.Options(t, e))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			if _, err := db.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			now := time.Date(2026, 11, 23, 15, 4, 5, 0, time.UTC)
			c := customer.Customer{ID: randid.New("cus"), PartnerCustomerID: randid.New("pcus"), SessionID: "ses_1",
				Country: "brazil", FirstName: "Maria", LastName: "Silva", Email: "maria@example.org", Phone: "5511999999999",
				DateOfBirth: "1990-01-31", TaxIDType: "cpf", TaxIDHash: randid.New("tax"), TaxIDSealed: "sealed", Street: "Rua 1",
				City: "São Paulo", State: "SP", PostalCode: "01000-000", AddressCountry: "BR", KYCStatus: "approved",
				CreatedAt: now, UpdatedAt: now}
			usd := func(m int64) money.Amount { return money.Amount{Minor: m, Currency: money.USD} }
			q := payment.Quote{ID: randid.New("quo"), SessionID: "ses_1", Symbol: "USDC/BRL", AmountUSD: usd(1_000_000),
				TotalLocal: money.Amount{Minor: 5_422_300, Currency: money.BRL}, TotalFeesUSD: usd(2_500),
				USDC: money.Amount{Minor: 1_002_500, Currency: money.USDC}, GrossUSD: usd(1_002_500), EffectiveRate: "5.4223",
				OnRampID: randid.New("on"), OnRampQuotation: "5.4088", OffRampID: randid.New("off"), OffRampQuotation: "0.9990",
				CreatedAt: now, ExpiresAt: now.Add(5 * time.Minute)}
			refs := []payment.RailReference{{Kind: "pix_end_to_end_id", Value: "E12345678202611231504abcdefghijk"},
				{Kind: "spei_tracking_key", Value: "MBAN01202611230123456789"}, {}}
			ids := make([]string, len(refs))
			err = db.Tx(ctx, func(tx *store.Tx) error {
				if err := tx.CreateCustomer(ctx, c); err != nil {
					return err
				}
				for i, ref := range refs {
					q.ID, q.OnRampID, q.OffRampID = randid.New("quo"), randid.New("on"), randid.New("off") // one payment per quote
					if err := tx.CreateQuote(ctx, q); err != nil {
						return err
					}
					ids[i] = randid.New("txn")
					err := tx.CreatePayment(ctx, payment.Record{ID: ids[i], SessionID: q.SessionID, IdempotencyKey: randid.New("idem"),
						RequestHash: "rhash", QuoteID: q.ID, CustomerID: c.ID, Method: "pix", Delivery: payment.DeliveryCheck,
						State: payment.StateCreated, AmountLocal: q.TotalLocal, AmountUSD: q.AmountUSD, TotalFeesUSD: q.TotalFeesUSD,
						USDC: q.USDC, GrossUSD: q.GrossUSD, EffectiveRate: q.EffectiveRate, SenderName: "Maria Silva",
						CheckDetails: `{"school":"MIT"}`, ExpiresAt: now.Add(30 * time.Minute), CreatedAt: now, UpdatedAt: now})
					if err != nil {
						return err
					}
					if err := tx.SetPaymentRailReference(ctx, ids[i], ref); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}

			if err := db.MigrateDownTo(ctx, 100); err != nil {
				t.Fatalf("down to 00100: %v", err)
			}
			want := [][2]string{{refs[0].Value, ""}, {"", refs[1].Value}, {"", ""}}
			err = db.Tx(ctx, func(tx *store.Tx) error {
				for i, id := range ids {
					var e2e, key sql.NullString
					if err := tx.QueryRow(ctx, `SELECT pix_end_to_end_id, spei_tracking_key FROM payments WHERE id = ?`, id).Scan(&e2e, &key); err != nil {
						return err
					}
					if got := [2]string{e2e.String, key.String}; got != want[i] {
						t.Errorf("before 00101, payment %d: end-to-end id and tracking key %q, want %q", i, got, want[i])
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}

			if _, err := db.Migrate(ctx); err != nil {
				t.Fatalf("up again: %v", err)
			}
			err = db.Tx(ctx, func(tx *store.Tx) error {
				for i, id := range ids {
					_, got, err := tx.PaymentWithRail(ctx, id)
					if err != nil {
						return err
					}
					if got != refs[i] {
						t.Errorf("after 00101, payment %d: %+v, want %+v", i, got, refs[i])
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
