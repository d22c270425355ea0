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

// migratedWithPayments opens a database on engine e, migrates it, and
// stores n payments in state st made at now (one customer, a quote each),
// calling each on every payment in the same transaction; it returns the
// database and the payments' ids. The migration tests start from it.
func migratedWithPayments(t *testing.T, e store.Engine, now time.Time, n int, st payment.State,
	each func(ctx context.Context, tx *store.Tx, i int, id string) error) (*store.DB, []string) {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, storetest.Options(t, e))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	c := customer.Customer{ID: randid.New("cus"), PartnerCustomerID: randid.New("pcus"), SessionID: "ses_1",
		Country: "brazil", FirstName: "Maria", LastName: "Silva", Email: "maria@example.org", Phone: "5511999999999",
		DateOfBirth: "1990-01-31", TaxIDType: "cpf", TaxIDHash: randid.New("tax"), TaxIDSealed: "sealed", Street: "Rua 1",
		City: "São Paulo", State: "SP", PostalCode: "01000-000", AddressCountry: "BR", KYCStatus: "approved",
		CreatedAt: now, UpdatedAt: now}
	usd := func(m int64) money.Amount { return money.Amount{Minor: m, Currency: money.USD} }
	q := payment.Quote{SessionID: "ses_1", Symbol: "USDC/BRL", AmountUSD: usd(1_000_000),
		TotalLocal: money.Amount{Minor: 5_422_300, Currency: money.BRL}, TotalFeesUSD: usd(2_500),
		USDC: money.Amount{Minor: 1_002_500, Currency: money.USDC}, GrossUSD: usd(1_002_500), EffectiveRate: "5.4223",
		OnRampQuotation: "5.4088", OffRampQuotation: "0.9990", CreatedAt: now, ExpiresAt: now.Add(5 * time.Minute)}
	ids := make([]string, n)
	err = db.Tx(ctx, func(tx *store.Tx) error {
		if err := tx.CreateCustomer(ctx, c); err != nil {
			return err
		}
		for i := range ids {
			q.ID, q.OnRampID, q.OffRampID = randid.New("quo"), randid.New("on"), randid.New("off") // one payment per quote
			if err := tx.CreateQuote(ctx, q); err != nil {
				return err
			}
			ids[i] = randid.New("txn")
			err := tx.CreatePayment(ctx, payment.Record{ID: ids[i], SessionID: q.SessionID, IdempotencyKey: randid.New("idem"),
				RequestHash: "rhash", QuoteID: q.ID, CustomerID: c.ID, Method: "pix", Delivery: payment.DeliveryCheck,
				State: st, AmountLocal: q.TotalLocal, AmountUSD: q.AmountUSD, TotalFeesUSD: q.TotalFeesUSD,
				USDC: q.USDC, GrossUSD: q.GrossUSD, EffectiveRate: q.EffectiveRate, SenderName: "Maria Silva",
				CheckDetails: `{"school":"MIT"}`, ExpiresAt: now.Add(30 * time.Minute), CreatedAt: now, UpdatedAt: now})
			if err != nil {
				return err
			}
			if each != nil {
				if err := each(ctx, tx, i, ids[i]); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return db, ids
}
