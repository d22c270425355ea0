// Package customer holds the payer records Crebit keeps: the customer the
// partner verified and their US bank accounts. Pure types; the store
// persists them and the service decides who may see them.
package customer

import "time"

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
	TaxIDLast4        string // the tax id's last 4 characters, for the console's search
	Street            string
	City              string
	State             string
	PostalCode        string
	AddressCountry    string
	KYCStatus         string
	WalletID          string
	WalletAddress     string
	Lang              string // the payer's language when the profile was made (e-mails about it)
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

// BankAccount is a payer's US bank account (an "external account" at the
// partner). The account number is
// sealed; Last4 is all that is ever shown or logged.
type BankAccount struct {
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
