package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/crebit/crebit/internal/customer"
)

const customerColumns = `id, partner_customer_id, session_id, account_id, country, first_name, last_name, email, phone,
	date_of_birth, tax_id_type, tax_id_hash, tax_id_sealed, street, city, state, postal_code, address_country,
	kyc_status, wallet_id, wallet_address, created_at, updated_at, tax_id_last4, lang`

// CreateCustomer stores a customer.
func (tx *Tx) CreateCustomer(ctx context.Context, c customer.Customer) error {
	_, err := tx.exec(ctx, `INSERT INTO customers (`+customerColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ID, c.PartnerCustomerID, c.SessionID, nullable(c.AccountID), c.Country, c.FirstName, c.LastName, c.Email,
		c.Phone, c.DateOfBirth, c.TaxIDType, c.TaxIDHash, c.TaxIDSealed, c.Street, c.City, c.State, c.PostalCode,
		c.AddressCountry, c.KYCStatus, nullable(c.WalletID), nullable(c.WalletAddress), utc(c.CreatedAt), utc(c.UpdatedAt), c.TaxIDLast4, c.Lang)
	return err
}

// SetCustomerWallet records the customer's wallet.
func (tx *Tx) SetCustomerWallet(ctx context.Context, id, walletID, address string, now time.Time) error {
	_, err := tx.exec(ctx, `UPDATE customers SET wallet_id = ?, wallet_address = ?, updated_at = ? WHERE id = ?`,
		walletID, address, utc(now), id)
	return err
}

// Customer returns a customer by id, or ErrNotFound.
func (tx *Tx) Customer(ctx context.Context, id string) (customer.Customer, error) {
	return scanCustomer(tx.queryRow(ctx, `SELECT `+customerColumns+` FROM customers WHERE id = ?`, id))
}

// CustomersByTaxID returns the customers with this tax id hash, newest
// first. The use case keeps only the caller's own (actor.Actor.Owns).
func (tx *Tx) CustomersByTaxID(ctx context.Context, taxIDHash string) ([]customer.Customer, error) {
	return tx.customers(ctx, `SELECT `+customerColumns+` FROM customers
		WHERE tax_id_hash = ? AND redacted_at IS NULL ORDER BY created_at DESC LIMIT 100`, taxIDHash)
}

// customers runs a query for customer rows.
func (tx *Tx) customers(ctx context.Context, q string, args ...any) ([]customer.Customer, error) {
	rs, err := tx.query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []customer.Customer
	for rs.Next() {
		c, err := scanCustomer(rs)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rs.Err()
}

func scanCustomer(r row) (customer.Customer, error) {
	var c customer.Customer
	var account, walletID, walletAddress sql.NullString
	err := r.Scan(&c.ID, &c.PartnerCustomerID, &c.SessionID, &account, &c.Country, &c.FirstName, &c.LastName, &c.Email,
		&c.Phone, &c.DateOfBirth, &c.TaxIDType, &c.TaxIDHash, &c.TaxIDSealed, &c.Street, &c.City, &c.State,
		&c.PostalCode, &c.AddressCountry, &c.KYCStatus, &walletID, &walletAddress, &c.CreatedAt, &c.UpdatedAt, &c.TaxIDLast4, &c.Lang)
	if err != nil {
		return customer.Customer{}, err
	}
	c.AccountID, c.WalletID, c.WalletAddress = account.String, walletID.String, walletAddress.String
	c.CreatedAt, c.UpdatedAt = c.CreatedAt.UTC(), c.UpdatedAt.UTC()
	return c, nil
}

const externalAccountColumns = `id, partner_account_id, customer_id, account_name, beneficiary_name, bank_name,
	routing_number, account_last4, account_sealed, account_hash, street, city, state, postal_code, country, created_at`

// CreateExternalAccount stores a bank account.
func (tx *Tx) CreateExternalAccount(ctx context.Context, a customer.BankAccount) error {
	_, err := tx.exec(ctx, `INSERT INTO external_accounts (`+externalAccountColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.ID, a.PartnerAccountID, a.CustomerID, a.AccountName, a.BeneficiaryName, a.BankName, a.RoutingNumber,
		a.Last4, a.AccountSealed, a.AccountHash, a.Street, a.City, a.State, a.PostalCode, a.Country, utc(a.CreatedAt))
	return err
}

// ExternalAccount returns a bank account by id, or ErrNotFound.
func (tx *Tx) ExternalAccount(ctx context.Context, id string) (customer.BankAccount, error) {
	return scanExternalAccount(tx.queryRow(ctx, `SELECT `+externalAccountColumns+` FROM external_accounts WHERE id = ?`, id))
}

// LatestExternalAccount returns the customer's newest bank account, or ErrNotFound.
func (tx *Tx) LatestExternalAccount(ctx context.Context, customerID string) (customer.BankAccount, error) {
	return scanExternalAccount(tx.queryRow(ctx, `SELECT `+externalAccountColumns+` FROM external_accounts
		WHERE customer_id = ? AND removed_at IS NULL ORDER BY created_at DESC LIMIT 1`, customerID))
}

// ExternalAccountByNumber finds the customer's account with the same routing
// number and account number hash, so adding it twice reuses it.
func (tx *Tx) ExternalAccountByNumber(ctx context.Context, customerID, routing, accountHash string) (customer.BankAccount, error) {
	return scanExternalAccount(tx.queryRow(ctx, `SELECT `+externalAccountColumns+` FROM external_accounts
		WHERE customer_id = ? AND routing_number = ? AND account_hash = ? AND removed_at IS NULL LIMIT 1`, customerID, routing, accountHash))
}

func scanExternalAccount(r row) (customer.BankAccount, error) {
	var a customer.BankAccount
	err := r.Scan(&a.ID, &a.PartnerAccountID, &a.CustomerID, &a.AccountName, &a.BeneficiaryName, &a.BankName,
		&a.RoutingNumber, &a.Last4, &a.AccountSealed, &a.AccountHash, &a.Street, &a.City, &a.State, &a.PostalCode,
		&a.Country, &a.CreatedAt)
	a.CreatedAt = a.CreatedAt.UTC()
	return a, err
}

// CustomersByPartnerID returns the unredacted customers for a partner
// customer id, newest first; the service keeps only the caller's own.
func (tx *Tx) CustomersByPartnerID(ctx context.Context, partnerID string) ([]customer.Customer, error) {
	return tx.customers(ctx, `SELECT `+customerColumns+` FROM customers
		WHERE partner_customer_id = ? AND redacted_at IS NULL ORDER BY created_at DESC LIMIT 100`, partnerID)
}
