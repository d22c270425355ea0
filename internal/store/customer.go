package store

import (
	"context"
	"database/sql"
	"time"
)

// Customer is a payer verified by the partner. The tax id is only present as
// a keyed hash and a sealed value.
type Customer struct {
	ID                string
	PartnerCustomerID string
	SessionID         string // the session that created it: the only one it is offered back to
	AccountID         string
	Country           string // brazil or mexico
	FirstName         string
	LastName          string
	Email             string
	Phone             string // digits only
	DateOfBirth       string // YYYY-MM-DD
	TaxIDType         string // cpf, cnpj or curp
	TaxIDHash         string
	TaxIDSealed       string
	Street            string
	City              string
	State             string
	PostalCode        string
	AddressCountry    string
	KYCStatus         string
	WalletID          string
	WalletAddress     string
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

const customerColumns = `id, partner_customer_id, session_id, account_id, country, first_name, last_name, email, phone,
	date_of_birth, tax_id_type, tax_id_hash, tax_id_sealed, street, city, state, postal_code, address_country,
	kyc_status, wallet_id, wallet_address, created_at, updated_at`

// CreateCustomer stores a customer.
func (tx *Tx) CreateCustomer(ctx context.Context, c Customer) error {
	_, err := tx.exec(ctx, `INSERT INTO customers (`+customerColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ID, c.PartnerCustomerID, c.SessionID, nullable(c.AccountID), c.Country, c.FirstName, c.LastName, c.Email,
		c.Phone, c.DateOfBirth, c.TaxIDType, c.TaxIDHash, c.TaxIDSealed, c.Street, c.City, c.State, c.PostalCode,
		c.AddressCountry, c.KYCStatus, nullable(c.WalletID), nullable(c.WalletAddress), utc(c.CreatedAt), utc(c.UpdatedAt))
	return err
}

// SetCustomerWallet records the customer's wallet.
func (tx *Tx) SetCustomerWallet(ctx context.Context, id, walletID, address string, now time.Time) error {
	_, err := tx.exec(ctx, `UPDATE customers SET wallet_id = ?, wallet_address = ?, updated_at = ? WHERE id = ?`,
		walletID, address, utc(now), id)
	return err
}

// Customer returns a customer by id, or ErrNotFound.
func (tx *Tx) Customer(ctx context.Context, id string) (Customer, error) {
	return scanCustomer(tx.queryRow(ctx, `SELECT `+customerColumns+` FROM customers WHERE id = ?`, id))
}

// CustomerByTaxID returns the newest customer with this tax id hash created
// by the session, or ErrNotFound. Other sessions' customers are never found.
func (tx *Tx) CustomerByTaxID(ctx context.Context, sessionID, taxIDHash string) (Customer, error) {
	return scanCustomer(tx.queryRow(ctx, `SELECT `+customerColumns+` FROM customers
		WHERE session_id = ? AND tax_id_hash = ? AND redacted_at IS NULL ORDER BY created_at DESC LIMIT 1`, sessionID, taxIDHash))
}

func scanCustomer(r row) (Customer, error) {
	var c Customer
	var account, walletID, walletAddress sql.NullString
	err := r.Scan(&c.ID, &c.PartnerCustomerID, &c.SessionID, &account, &c.Country, &c.FirstName, &c.LastName, &c.Email,
		&c.Phone, &c.DateOfBirth, &c.TaxIDType, &c.TaxIDHash, &c.TaxIDSealed, &c.Street, &c.City, &c.State,
		&c.PostalCode, &c.AddressCountry, &c.KYCStatus, &walletID, &walletAddress, &c.CreatedAt, &c.UpdatedAt)
	if err != nil {
		return Customer{}, err
	}
	c.AccountID, c.WalletID, c.WalletAddress = account.String, walletID.String, walletAddress.String
	c.CreatedAt, c.UpdatedAt = c.CreatedAt.UTC(), c.UpdatedAt.UTC()
	return c, nil
}

// ExternalAccount is a payer's US bank account. The account number is
// sealed; Last4 is all that is ever shown or logged.
type ExternalAccount struct {
	ID               string
	PartnerAccountID string
	CustomerID       string
	AccountName      string
	BeneficiaryName  string
	BankName         string
	RoutingNumber    string
	Last4            string
	AccountSealed    string
	AccountHash      string
	Street           string
	City             string
	State            string
	PostalCode       string
	Country          string
	CreatedAt        time.Time
}

const externalAccountColumns = `id, partner_account_id, customer_id, account_name, beneficiary_name, bank_name,
	routing_number, account_last4, account_sealed, account_hash, street, city, state, postal_code, country, created_at`

// CreateExternalAccount stores a bank account.
func (tx *Tx) CreateExternalAccount(ctx context.Context, a ExternalAccount) error {
	_, err := tx.exec(ctx, `INSERT INTO external_accounts (`+externalAccountColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.ID, a.PartnerAccountID, a.CustomerID, a.AccountName, a.BeneficiaryName, a.BankName, a.RoutingNumber,
		a.Last4, a.AccountSealed, a.AccountHash, a.Street, a.City, a.State, a.PostalCode, a.Country, utc(a.CreatedAt))
	return err
}

// ExternalAccount returns a bank account by id, or ErrNotFound.
func (tx *Tx) ExternalAccount(ctx context.Context, id string) (ExternalAccount, error) {
	return scanExternalAccount(tx.queryRow(ctx, `SELECT `+externalAccountColumns+` FROM external_accounts WHERE id = ?`, id))
}

// LatestExternalAccount returns the customer's newest bank account, or ErrNotFound.
func (tx *Tx) LatestExternalAccount(ctx context.Context, customerID string) (ExternalAccount, error) {
	return scanExternalAccount(tx.queryRow(ctx, `SELECT `+externalAccountColumns+` FROM external_accounts
		WHERE customer_id = ? ORDER BY created_at DESC LIMIT 1`, customerID))
}

// ExternalAccountByNumber finds the customer's account with the same routing
// number and account number hash, so adding it twice reuses it.
func (tx *Tx) ExternalAccountByNumber(ctx context.Context, customerID, routing, accountHash string) (ExternalAccount, error) {
	return scanExternalAccount(tx.queryRow(ctx, `SELECT `+externalAccountColumns+` FROM external_accounts
		WHERE customer_id = ? AND routing_number = ? AND account_hash = ? LIMIT 1`, customerID, routing, accountHash))
}

func scanExternalAccount(r row) (ExternalAccount, error) {
	var a ExternalAccount
	err := r.Scan(&a.ID, &a.PartnerAccountID, &a.CustomerID, &a.AccountName, &a.BeneficiaryName, &a.BankName,
		&a.RoutingNumber, &a.Last4, &a.AccountSealed, &a.AccountHash, &a.Street, &a.City, &a.State, &a.PostalCode,
		&a.Country, &a.CreatedAt)
	a.CreatedAt = a.CreatedAt.UTC()
	return a, err
}

// CustomerByPartnerID returns the session's own, unredacted customer for a
// partner customer id, or ErrNotFound.
func (tx *Tx) CustomerByPartnerID(ctx context.Context, sessionID, partnerID string) (Customer, error) {
	return scanCustomer(tx.queryRow(ctx, `SELECT `+customerColumns+` FROM customers
		WHERE session_id = ? AND partner_customer_id = ? AND redacted_at IS NULL LIMIT 1`, sessionID, partnerID))
}
