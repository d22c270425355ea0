package conformance

import (
	"testing"
	"time"

	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
)

func newCustomer(b *bundle) customer.Customer {
	return customer.Customer{ID: randid.New("cus"), PartnerCustomerID: randid.New("pcus"), SessionID: "ses_1",
		Country: "brazil", FirstName: "Maria", LastName: "Silva", Email: "maria@example.org", Phone: "5511999999999",
		DateOfBirth: "1990-01-31", TaxIDType: "cpf", TaxIDHash: randid.New("tax"), TaxIDSealed: "sealed", Street: "Rua 1",
		City: "São Paulo", State: "SP", PostalCode: "01000-000", AddressCountry: "BR", KYCStatus: "approved",
		CreatedAt: b.now, UpdatedAt: b.now}
}

func newBankAccount(b *bundle, customerID string) customer.BankAccount {
	return customer.BankAccount{ID: randid.New("ext"), PartnerAccountID: randid.New("pext"), CustomerID: customerID,
		AccountName: "Checking", BeneficiaryName: "Maria Silva", BankName: "Chase", RoutingNumber: "021000021",
		Last4: "6789", AccountSealed: "sealed", AccountHash: "ahash", Street: "1 Main St", City: "Boston", State: "MA",
		PostalCode: "02108", Country: "US", CreatedAt: b.now}
}

func exerciseCustomers(t *testing.T, s *suite) {
	t.Run("Customer", func(t *testing.T) {
		t.Parallel()
		t.Run("CreateAndGetRoundTrip", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			c := newCustomer(b)
			c.AccountID, c.WalletID, c.WalletAddress = "acc_1", "wal_1", "0xabc"
			c.UpdatedAt = b.now.Add(time.Second)
			b.exec(t, func(tx *store.Tx) error { return tx.CreateCustomer(b.ctx, c) })
			got := must(t, b, func(tx *store.Tx) (customer.Customer, error) { return tx.Customer(b.ctx, c.ID) })
			equal(t, "customer", got, c)
		})
		t.Run("SetWallet", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			c := newCustomer(b)
			later := b.now.Add(time.Minute)
			b.exec(t, func(tx *store.Tx) error {
				if err := tx.CreateCustomer(b.ctx, c); err != nil {
					return err
				}
				return tx.SetCustomerWallet(b.ctx, c.ID, "wal_9", "0x99", later)
			})
			got := must(t, b, func(tx *store.Tx) (customer.Customer, error) { return tx.Customer(b.ctx, c.ID) })
			c.WalletID, c.WalletAddress, c.UpdatedAt = "wal_9", "0x99", later
			equal(t, "customer", got, c)
		})
		t.Run("ByTaxIDNewestFirstWithoutRedacted", func(t *testing.T) {
			t.Parallel()
			b := s.fresh(t) // redaction sweeps the whole table
			older, newer, other, redacted := newCustomer(b), newCustomer(b), newCustomer(b), newCustomer(b)
			older.CreatedAt, newer.CreatedAt = b.now.Add(-time.Hour), b.now
			newer.TaxIDHash, redacted.TaxIDHash = older.TaxIDHash, older.TaxIDHash
			redacted.CreatedAt, redacted.UpdatedAt = b.now.Add(-72*time.Hour), b.now.Add(-72*time.Hour)
			b.exec(t, func(tx *store.Tx) error {
				for _, c := range []customer.Customer{older, newer, other, redacted} {
					if err := tx.CreateCustomer(b.ctx, c); err != nil {
						return err
					}
				}
				// Redaction clears the tax id hash too; the filter must not rely on that alone.
				_, err := accountstore.RedactIdleCustomers(b.ctx, tx, b.now.Add(-48*time.Hour), b.now)
				return err
			})
			got := must(t, b, func(tx *store.Tx) ([]customer.Customer, error) { return tx.CustomersByTaxID(b.ctx, older.TaxIDHash) })
			equal(t, "ids", ids(got), []string{newer.ID, older.ID})
			got = must(t, b, func(tx *store.Tx) ([]customer.Customer, error) {
				return tx.CustomersByPartnerID(b.ctx, other.PartnerCustomerID)
			})
			equal(t, "by partner id", ids(got), []string{other.ID})
			got = must(t, b, func(tx *store.Tx) ([]customer.Customer, error) {
				return tx.CustomersByPartnerID(b.ctx, redacted.PartnerCustomerID)
			})
			equal(t, "redacted by partner id", ids(got), []string(nil))
		})
		t.Run("MissingIsErrNotFoundDuplicateIsErrConflict", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			_, err := read(b, func(tx *store.Tx) (customer.Customer, error) { return tx.Customer(b.ctx, "cus_missing") })
			requireIs(t, "Customer", err, store.ErrNotFound)
			c := newCustomer(b)
			b.exec(t, func(tx *store.Tx) error { return tx.CreateCustomer(b.ctx, c) })
			err = b.db.Tx(b.ctx, func(tx *store.Tx) error { return tx.CreateCustomer(b.ctx, c) })
			requireIs(t, "second CreateCustomer", err, store.ErrConflict)
		})
	})

	t.Run("ExternalAccount", func(t *testing.T) {
		t.Parallel()
		t.Run("CreateGetLatestAndByNumber", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			c := newCustomer(b)
			first, second := newBankAccount(b, c.ID), newBankAccount(b, c.ID)
			first.CreatedAt, second.AccountHash, second.Last4 = b.now.Add(-time.Minute), "ahash_2", "1111"
			b.exec(t, func(tx *store.Tx) error {
				if err := tx.CreateCustomer(b.ctx, c); err != nil {
					return err
				}
				if err := tx.CreateExternalAccount(b.ctx, first); err != nil {
					return err
				}
				return tx.CreateExternalAccount(b.ctx, second)
			})
			got := must(t, b, func(tx *store.Tx) (customer.BankAccount, error) { return tx.ExternalAccount(b.ctx, first.ID) })
			equal(t, "by id", got, first)
			got = must(t, b, func(tx *store.Tx) (customer.BankAccount, error) { return tx.LatestExternalAccount(b.ctx, c.ID) })
			equal(t, "latest", got.ID, second.ID)
			got = must(t, b, func(tx *store.Tx) (customer.BankAccount, error) {
				return tx.ExternalAccountByNumber(b.ctx, c.ID, first.RoutingNumber, first.AccountHash)
			})
			equal(t, "by number", got.ID, first.ID)
			_, err := read(b, func(tx *store.Tx) (customer.BankAccount, error) {
				return tx.ExternalAccountByNumber(b.ctx, c.ID, "011000015", first.AccountHash)
			})
			requireIs(t, "other routing number", err, store.ErrNotFound)
			_, err = read(b, func(tx *store.Tx) (customer.BankAccount, error) { return tx.LatestExternalAccount(b.ctx, "cus_none") })
			requireIs(t, "latest of a customer without accounts", err, store.ErrNotFound)
		})
		t.Run("PartnerIDIsUniqueAndCustomerMustExist", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			c := newCustomer(b)
			a := newBankAccount(b, c.ID)
			b.exec(t, func(tx *store.Tx) error {
				if err := tx.CreateCustomer(b.ctx, c); err != nil {
					return err
				}
				return tx.CreateExternalAccount(b.ctx, a)
			})
			dup := newBankAccount(b, c.ID)
			dup.PartnerAccountID = a.PartnerAccountID
			err := b.db.Tx(b.ctx, func(tx *store.Tx) error { return tx.CreateExternalAccount(b.ctx, dup) })
			requireIs(t, "same partner account id", err, store.ErrConflict)
			orphan := newBankAccount(b, "cus_missing")
			if err := b.db.Tx(b.ctx, func(tx *store.Tx) error { return tx.CreateExternalAccount(b.ctx, orphan) }); err == nil {
				t.Fatal("an account of an unknown customer was stored (foreign keys off?)")
			}
		})
	})
}

func ids(cs []customer.Customer) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}
