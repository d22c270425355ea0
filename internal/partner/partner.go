// Package partner is the boundary to the payment provider that verifies
// identity (KYC), holds USDC wallets, quotes the on-ramp (local currency to
// USDC) and off-ramp (USDC to USD), opens Pix and SPEI pay-ins, pays out USD
// and reports progress by signed webhooks. Crebit talks to it only through
// the Partner interface; Client is its HTTP implementation, used both for the
// embedded sandbox and for a real provider.
package partner

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Partner is everything Crebit asks of the provider.
type Partner interface {
	CreateCustomer(ctx context.Context, idemKey string, req CustomerRequest) (Customer, error)
	CreateWallet(ctx context.Context, idemKey, customerID string) (Wallet, error)
	CreateExternalAccount(ctx context.Context, idemKey string, req ExternalAccountRequest) (ExternalAccount, error)
	CreateQuote(ctx context.Context, idemKey string, req QuoteRequest) (Quote, error)
	CreatePayin(ctx context.Context, idemKey string, req PayinRequest) (Payin, error)
	// RefundPayin sends money of a received pay-in back to its sender: all
	// of it, or (req.Excess) the part above the quoted amount.
	RefundPayin(ctx context.Context, idemKey, payinID string, req RefundRequest) error
	// FindPayin returns the pay-in opened under idemKey (Crebit uses the
	// payment's id), or found false when the partner never opened one, so
	// a payment whose process died mid-way can be recovered.
	FindPayin(ctx context.Context, idemKey string) (p Payin, found bool, err error)
	// CancelPayin closes a pay-in that has not been paid, so the payer can
	// no longer send money to it.
	CancelPayin(ctx context.Context, idemKey, payinID string) error
	RegisterWebhook(ctx context.Context, idemKey, url, secret string) error
}

// Simulator is the sandbox-only ability to make a pay-in move, so a person or
// a test can finish a payment without real money.
type Simulator interface {
	Simulate(ctx context.Context, idemKey, payinID, event string) error
}

// Address is a postal address.
type Address struct {
	Street     string `json:"street_line_1"`
	City       string `json:"city"`
	State      string `json:"state"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
}

// CustomerRequest asks the partner to verify and register a person.
type CustomerRequest struct {
	FirstName   string  `json:"first_name"`
	LastName    string  `json:"last_name"`
	Email       string  `json:"email"`
	Phone       string  `json:"phone_number"`
	DateOfBirth string  `json:"date_of_birth"` // YYYY-MM-DD
	TaxIDType   string  `json:"tax_id_type"`   // cpf, cnpj or curp
	TaxID       string  `json:"tax_id"`
	Country     string  `json:"country"` // ISO 3166 alpha-2 of citizenship: BR or MX
	Address     Address `json:"address"`
}

// KYC outcomes.
const (
	KYCApproved    = "approved"
	KYCUnderReview = "under_review"
	KYCRejected    = "rejected"
)

// Customer is the partner's verdict on a person.
type Customer struct {
	ID        string `json:"id"`
	KYCStatus string `json:"kyc_status"`
	KYCReason string `json:"kyc_reason,omitempty"`
}

// Wallet is a USDC wallet the partner keeps for a customer.
type Wallet struct {
	ID      string `json:"id"`
	Address string `json:"address"`
	Chain   string `json:"chain"`
}

// ExternalAccountRequest registers the customer's US bank account.
type ExternalAccountRequest struct {
	CustomerID      string  `json:"customer_id"`
	AccountName     string  `json:"account_name"`
	BeneficiaryName string  `json:"beneficiary_name"`
	BankName        string  `json:"bank_name"`
	AccountNumber   string  `json:"account_number"`
	RoutingNumber   string  `json:"routing_number"`
	Address         Address `json:"address"`
}

// ExternalAccount is a registered bank account.
type ExternalAccount struct {
	ID    string `json:"id"`
	Last4 string `json:"last4"`
}

// Quote sides.
const (
	OnRamp  = "on_ramp"  // local currency -> USDC
	OffRamp = "off_ramp" // USDC -> USD (or local currency)
)

// QuoteRequest asks for a firm rate on one leg.
type QuoteRequest struct {
	Symbol string `json:"symbol"` // USDC/BRL, USDC/MXN or USDC/USD
	Side   string `json:"side"`
}

// Quote is a firm rate for one leg until ExpiresAt.
type Quote struct {
	ID        string    `json:"id"`
	Symbol    string    `json:"symbol"`
	Side      string    `json:"side"`
	Quotation string    `json:"quotation"` // exact decimal: quote currency per USDC
	FeeBps    int64     `json:"fee_bps"`   // off-ramp fee in basis points of the USD delivered
	FeeFixed  string    `json:"fee_fixed"` // off-ramp fixed fee in USD
	ExpiresAt time.Time `json:"expires_at"`
}

// PayinRequest opens a local pay-in for a pair of quotes.
type PayinRequest struct {
	CustomerID        string `json:"customer_id"`
	WalletAddress     string `json:"wallet_address"`
	OnRampQuoteID     string `json:"onramp_quote_id"`
	OffRampQuoteID    string `json:"offramp_quote_id"`
	ExternalAccountID string `json:"external_account_id,omitempty"` // empty for a mailed check
	Method            string `json:"method"`                        // pix or spei
	Amount            string `json:"amount"`                        // local currency, exact decimal
	Currency          string `json:"currency"`                      // BRL or MXN
	AmountUSD         string `json:"amount_usd"`
	Delivery          string `json:"delivery"`  // usd-bank-transfer or check-to-school
	Reference         string `json:"reference"` // Crebit's transaction id, echoed in events
	SenderName        string `json:"sender_name"`
	SenderDocument    string `json:"sender_document"`
}

// Payin is an open pay-in with its deposit instructions.
type Payin struct {
	ID        string    `json:"id"`
	Status    string    `json:"status"`
	Method    string    `json:"method"`
	Amount    string    `json:"amount"`
	Currency  string    `json:"currency"`
	Pix       *Pix      `json:"pix,omitempty"`
	SPEI      *SPEI     `json:"spei,omitempty"`
	ExpiresAt time.Time `json:"expires_at"`
}

// RefundRequest says how much of a pay-in goes back.
type RefundRequest struct {
	Amount   string `json:"amount"`   // exact decimal
	Currency string `json:"currency"` // the currency it arrived in
	Excess   bool   `json:"excess"`   // only the part above the quoted amount; the pay-in proceeds
}

// Pix holds a dynamic BR Code.
type Pix struct {
	Code     string `json:"code"`     // the BR Code (copia e cola)
	Location string `json:"location"` // the payload URL without scheme
	TxID     string `json:"txid"`
}

// SPEI holds bank-transfer instructions to a CLABE.
type SPEI struct {
	CLABE       string `json:"clabe"`
	BankName    string `json:"bank_name"`
	Beneficiary string `json:"beneficiary"`
}

// Error is a refusal or failure reported by the partner.
type Error struct {
	Status  int    // HTTP status, 0 for a network failure
	Code    string // the partner's machine code
	Message string // the partner's text; never shown verbatim to payers
	// RetryAfter is how long the partner asked us to wait (429 or 503 with
	// a Retry-After header in seconds), 0 when it did not say.
	RetryAfter time.Duration
}

func (e *Error) Error() string {
	return fmt.Sprintf("partner: %d %s: %s", e.Status, e.Code, e.Message)
}

// Temporary reports whether retrying later may succeed.
func (e *Error) Temporary() bool { return e.Status == 0 || e.Status == 429 || e.Status >= 500 }

// StatusOf returns the partner's HTTP status for err, or 0.
func StatusOf(err error) int {
	var pe *Error
	if errors.As(err, &pe) {
		return pe.Status
	}
	return 0
}
