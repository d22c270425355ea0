// Package seed fills a database with many realistic-looking payments for
// tests and measurements of the operations console's search (issue 30):
// payers with and without accounts, Pix and SPEI, every state, a year of
// dates. It writes through the store's own insert methods, a thousand rows
// per transaction; the data are made up and deterministic for a seed.
package seed

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
)

// States in the proportions a year of payments might end in.
var states = []payment.State{
	payment.StateCompleted, payment.StateCompleted, payment.StateCompleted, payment.StateCompleted,
	payment.StateCompleted, payment.StateCompleted, payment.StateExpired, payment.StateExpired,
	payment.StateAwaitingPayin, payment.StateFailed, payment.StateRefunded, payment.StatePayinCompleted,
}

// Payer is one made-up payer: what a search by e-mail or last 4 finds.
type Payer struct {
	CustomerID, AccountID, Email, TaxLast4, BankLast4 string
}

// Payments writes n payments by n/3 payers (a fifth of them guests),
// created over the year before end, and returns the payers.
func Payments(ctx context.Context, db *store.DB, n int, end time.Time, seed uint64) ([]Payer, error) {
	r := rand.New(rand.NewPCG(seed, seed^0x5eed))
	payers := make([]Payer, max(n/3, 1))
	const batch = 1000
	for start := 0; start < len(payers); start += batch {
		err := db.Tx(ctx, func(tx *store.Tx) error {
			for i := start; i < min(start+batch, len(payers)); i++ {
				p := Payer{CustomerID: fmt.Sprintf("cus_seed%07d", i), Email: fmt.Sprintf("payer%07d@example.org", i),
					TaxLast4: fmt.Sprintf("%04d", r.IntN(10000)), BankLast4: fmt.Sprintf("%04d", r.IntN(10000))}
				at := end.Add(-365 * 24 * time.Hour)
				if i%5 != 0 {
					p.AccountID = fmt.Sprintf("acc_seed%07d", i)
					if err := accountstore.CreateAccount(ctx, tx, accountstore.Account{ID: p.AccountID, Email: p.Email, PasswordHash: "x", CreatedAt: at, UpdatedAt: at}); err != nil {
						return err
					}
				}
				cor := corridor.Brazil
				if i%5 >= 3 {
					cor = corridor.Mexico
				}
				country, addr := cor.Name, cor.Country
				c := customer.Customer{ID: p.CustomerID, PartnerCustomerID: "pc_" + p.CustomerID, SessionID: "ses_seed", AccountID: p.AccountID,
					Country: country, FirstName: "Payer", LastName: fmt.Sprint(i), Email: p.Email, Phone: "5511999999999",
					DateOfBirth: "1980-01-01", TaxIDType: "cpf", TaxIDHash: "h" + p.CustomerID, TaxIDSealed: "x", TaxIDLast4: p.TaxLast4,
					Street: "Rua 1", City: "São Paulo", State: "SP", PostalCode: "01000-000", AddressCountry: addr, KYCStatus: "approved",
					CreatedAt: at, UpdatedAt: at}
				if err := tx.CreateCustomer(ctx, c); err != nil {
					return err
				}
				if err := tx.CreateExternalAccount(ctx, customer.BankAccount{ID: "ext_" + p.CustomerID, PartnerAccountID: "pa_" + p.CustomerID,
					CustomerID: c.ID, AccountName: "Checking", BeneficiaryName: "Payer", BankName: "Bank", RoutingNumber: "011000015",
					Last4: p.BankLast4, AccountSealed: "x", AccountHash: "h" + p.CustomerID, Street: "1 Main St", City: "Boston",
					State: "MA", PostalCode: "02110", Country: "US", CreatedAt: at}); err != nil {
					return err
				}
				payers[i] = p
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	for start := 0; start < n; start += batch {
		err := db.Tx(ctx, func(tx *store.Tx) error {
			for i := start; i < min(start+batch, n); i++ {
				if err := payment1(ctx, tx, r, i, payers[i%len(payers)], end); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return payers, nil
}

func payment1(ctx context.Context, tx *store.Tx, r *rand.Rand, i int, p Payer, end time.Time) error {
	at := end.Add(-time.Duration(r.Int64N(int64(365 * 24 * time.Hour)))).Truncate(time.Second)
	c, rate := corridor.Brazil, int64(542)
	if p.CustomerID[len(p.CustomerID)-1]%5 >= 3 {
		c, rate = corridor.Mexico, 1712
	}
	cur, method, symbol := c.Currency, c.Method, c.Symbol
	usd := 10_000 + r.Int64N(5_000_000) // US$100 to US$50,100
	local := usd * rate / 100
	if c.Method == corridor.Mexico.Method {
		local = local / 100 * 100 // whole pesos, as BlindPay takes SPEI amounts
	}
	q := payment.Quote{ID: fmt.Sprintf("quo_seed%08d", i), SessionID: "ses_seed", Symbol: symbol,
		AmountUSD: money.New(usd, money.USD), TotalLocal: money.New(local, cur), TotalFeesUSD: money.New(500, money.USD),
		USDC: money.New(usd*10000+5_000_000, money.USDC), GrossUSD: money.New(usd+500, money.USD), EffectiveRate: "5.42",
		OnRampID: fmt.Sprintf("on_seed%08d", i), OnRampQuotation: "5.4", OffRampID: fmt.Sprintf("off_seed%08d", i),
		OffRampQuotation: "1", CreatedAt: at, ExpiresAt: at.Add(5 * time.Minute)}
	if err := tx.CreateQuote(ctx, q); err != nil {
		return err
	}
	return tx.CreatePayment(ctx, payment.Record{ID: fmt.Sprintf("txn_seed%08d", i), SessionID: "ses_seed", AccountID: p.AccountID,
		QuoteID: q.ID, CustomerID: p.CustomerID, ExternalAccountID: "ext_" + p.CustomerID, Method: method,
		Delivery: payment.DeliveryBankTransfer, State: states[r.IntN(len(states))], AmountLocal: q.TotalLocal,
		AmountUSD: q.AmountUSD, TotalFeesUSD: q.TotalFeesUSD, USDC: q.USDC, GrossUSD: q.GrossUSD, EffectiveRate: q.EffectiveRate,
		SenderName: "Payer", RequestHash: "r", ExpiresAt: q.ExpiresAt, CreatedAt: at, UpdatedAt: at})
}
