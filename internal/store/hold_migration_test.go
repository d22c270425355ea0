package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

// Migration 00102 puts whether an operator holds a payment on the
// payment's row (payments.on_hold), set from the holds open when it runs,
// and drops the column when undone: a payment whose hold was open before
// it reads held after it; one never held, or whose holds were all
// released, does not.
func TestOnHoldMigration(t *testing.T) {
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
			now := time.Date(2026, 11, 27, 9, 4, 5, 0, time.UTC)
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
			// Held (after an earlier hold was released), released, never held.
			holds := [][]bool{{false, true}, {false}, nil} // each hold: open?
			want := []bool{true, false, false}
			ids := make([]string, len(holds))
			err = db.Tx(ctx, func(tx *store.Tx) error {
				if err := tx.CreateCustomer(ctx, c); err != nil {
					return err
				}
				for i := range holds {
					q.ID, q.OnRampID, q.OffRampID = randid.New("quo"), randid.New("on"), randid.New("off") // one payment per quote
					if err := tx.CreateQuote(ctx, q); err != nil {
						return err
					}
					ids[i] = randid.New("txn")
					err := tx.CreatePayment(ctx, payment.Record{ID: ids[i], SessionID: q.SessionID, IdempotencyKey: randid.New("idem"),
						RequestHash: "rhash", QuoteID: q.ID, CustomerID: c.ID, Method: "pix", Delivery: payment.DeliveryCheck,
						State: payment.StateAwaitingPayin, AmountLocal: q.TotalLocal, AmountUSD: q.AmountUSD, TotalFeesUSD: q.TotalFeesUSD,
						USDC: q.USDC, GrossUSD: q.GrossUSD, EffectiveRate: q.EffectiveRate, SenderName: "Maria Silva",
						CheckDetails: `{"school":"MIT"}`, ExpiresAt: now.Add(30 * time.Minute), CreatedAt: now, UpdatedAt: now})
					if err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}

			if err := db.MigrateDownTo(ctx, 101); err != nil {
				t.Fatalf("down to 00101: %v", err)
			}
			// Before 00102 a hold is only its row in payment_holds.
			err = db.Tx(ctx, func(tx *store.Tx) error {
				for i, hs := range holds {
					for j, open := range hs {
						at := now.Add(time.Duration(j) * time.Hour)
						var released any
						if !open {
							released = store.UTC(at.Add(time.Minute))
						}
						if _, err := tx.Exec(ctx, `INSERT INTO payment_holds (id, payment_id, held_at, held_by, held_by_email, reason,
							released_at) VALUES (?, ?, ?, 'acc_o', 'o@example.com', 'look', ?)`, randid.New("hold"), ids[i], store.UTC(at), released); err != nil {
							return err
						}
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
					p, err := tx.PaymentForUpdate(ctx, id)
					if err != nil {
						return err
					}
					if p.OnHold != want[i] {
						t.Errorf("after 00102, payment %d: OnHold %v, want %v", i, p.OnHold, want[i])
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}

			// Undone, the column is gone and payment_holds is as it was.
			if err := db.MigrateDownTo(ctx, 101); err != nil {
				t.Fatalf("down to 00101 again: %v", err)
			}
			err = db.Tx(ctx, func(tx *store.Tx) error {
				var n int64
				if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM payment_holds WHERE released_at IS NULL`).Scan(&n); err != nil {
					return err
				}
				if n != 1 {
					t.Errorf("open holds after 00102 undone: %d, want 1", n)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if err := db.Tx(ctx, func(tx *store.Tx) error {
				_, err := tx.Exec(ctx, `UPDATE payments SET on_hold = false`)
				return err
			}); err == nil {
				t.Error("payments.on_hold still there after 00102 undone")
			}
		})
	}
}
