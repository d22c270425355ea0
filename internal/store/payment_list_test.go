package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

// TestPaymentsFilter lists payments by owner, state and time, newest first,
// with paging, on both engines.
func TestPaymentsFilter(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		base := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
		brl := func(m int64) money.Amount { return money.Amount{Minor: m, Currency: money.BRL} }
		usd := func(m int64) money.Amount { return money.Amount{Minor: m, Currency: money.USD} }
		// 25 payments of account A (made in session s1), 3 guest payments of s2.
		err := db.Tx(ctx, func(tx *store.Tx) error {
			c := customer.Customer{ID: "cus_list", PartnerCustomerID: "p1", SessionID: "s1", AccountID: "acc_a", Country: "brazil",
				FirstName: "Maria", LastName: "Silva", Email: "m@example.org", Phone: "5511999999999", DateOfBirth: "1990-01-01",
				TaxIDType: "cpf", TaxIDHash: "h", TaxIDSealed: "x", Street: "Rua 1", City: "SP", State: "SP", PostalCode: "01000",
				AddressCountry: "BR", KYCStatus: "approved", CreatedAt: base, UpdatedAt: base}
			if err := tx.CreateCustomer(ctx, c); err != nil {
				return err
			}
			for i := range 28 {
				at := base.Add(time.Duration(i) * time.Hour)
				q := payment.Quote{ID: fmt.Sprintf("quo_%02d", i), SessionID: "s1", Symbol: "USDC/BRL", AmountUSD: usd(10000),
					TotalLocal: brl(54223), TotalFeesUSD: usd(500), USDC: usd(10500), GrossUSD: usd(10500), EffectiveRate: "5.4223",
					OnRampID: fmt.Sprintf("on_%02d", i), OnRampQuotation: "5.16", OffRampID: fmt.Sprintf("off_%02d", i),
					OffRampQuotation: "1", CreatedAt: at, ExpiresAt: at.Add(5 * time.Minute)}
				if err := tx.CreateQuote(ctx, q); err != nil {
					return err
				}
				p := payment.Record{ID: fmt.Sprintf("txn_%02d", i), SessionID: "s1", AccountID: "acc_a", QuoteID: q.ID,
					CustomerID: c.ID, Method: "pix", Delivery: payment.DeliveryBankTransfer, State: payment.StateAwaitingPayin,
					AmountLocal: q.TotalLocal, AmountUSD: q.AmountUSD, TotalFeesUSD: q.TotalFeesUSD, USDC: q.USDC, GrossUSD: q.GrossUSD,
					EffectiveRate: q.EffectiveRate, SenderName: "Maria Silva", RequestHash: "r", ExpiresAt: at.Add(5 * time.Minute),
					CreatedAt: at, UpdatedAt: at}
				if i >= 25 {
					p.SessionID, p.AccountID = "s2", ""
				}
				if i%5 == 0 {
					p.State = payment.StateCompleted
				}
				if err := tx.CreatePayment(ctx, p); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		list := func(f store.PaymentFilter) ([]payment.Record, int) {
			t.Helper()
			var ps []payment.Record
			var n int
			err := db.Tx(ctx, func(tx *store.Tx) (err error) { ps, n, err = tx.Payments(ctx, f); return })
			if err != nil {
				t.Fatal(err)
			}
			return ps, n
		}
		t.Run("account, first page newest first", func(t *testing.T) {
			ps, n := list(store.PaymentFilter{AccountID: "acc_a"})
			if n != 25 || len(ps) != 20 || ps[0].ID != "txn_24" || ps[19].ID != "txn_05" {
				t.Fatalf("total %d, page %d, first %s", n, len(ps), ps[0].ID)
			}
		})
		t.Run("account, second page", func(t *testing.T) {
			ps, n := list(store.PaymentFilter{AccountID: "acc_a", Offset: 20})
			if n != 25 || len(ps) != 5 || ps[0].ID != "txn_04" || ps[4].ID != "txn_00" {
				t.Fatalf("total %d, page %d", n, len(ps))
			}
		})
		t.Run("guest session only", func(t *testing.T) {
			ps, n := list(store.PaymentFilter{SessionID: "s2"})
			if n != 3 || len(ps) != 3 || ps[0].AccountID != "" {
				t.Fatalf("total %d %+v", n, ps)
			}
		})
		t.Run("states", func(t *testing.T) {
			ps, n := list(store.PaymentFilter{AccountID: "acc_a", States: []payment.State{payment.StateCompleted}})
			if n != 5 || ps[0].ID != "txn_20" {
				t.Fatalf("total %d", n)
			}
		})
		t.Run("time range", func(t *testing.T) {
			_, n := list(store.PaymentFilter{AccountID: "acc_a", CreatedFrom: base.Add(10 * time.Hour), CreatedTo: base.Add(12 * time.Hour)})
			if n != 2 {
				t.Fatalf("total %d, want 2", n)
			}
		})
		t.Run("limit is capped", func(t *testing.T) {
			ps, _ := list(store.PaymentFilter{Limit: 1000})
			if len(ps) != 28 {
				t.Fatalf("got %d", len(ps))
			}
		})
		t.Run("no match", func(t *testing.T) {
			ps, n := list(store.PaymentFilter{AccountID: "acc_b"})
			if n != 0 || len(ps) != 0 {
				t.Fatalf("total %d", n)
			}
		})
	})
}
