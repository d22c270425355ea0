// Package partner is the boundary to the payment provider that verifies
// identity (KYC), holds USDC wallets, quotes the on-ramp (local currency to
// USDC) and off-ramp (USDC to USD), opens Pix and SPEI pay-ins, pays out USD
// and reports progress by signed webhooks. Crebit talks to it only through
// the Partner interface; bpadapter is its implementation for BlindPay's API
// v1, used both for BlindPay and for the embedded sandbox (bpsandbox).
package partner

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/crebit/crebit/internal/apperr"
)

// Partner is everything Crebit asks of the provider. It works in stages
// (BlindPay's model, issue 28): the payer accepts the partner's terms
// before being registered; identity is verified after the customer is made
// (its outcome comes later, by webhook or by asking); a wallet opens only
// for an approved customer; the pay-in settles into that wallet and Crebit
// then asks for the payout; webhooks are the partner's own (verified and
// translated by Receive), and a lost one is recovered by asking for the
// object's events. A pay-in can be neither cancelled nor refunded through
// it (docs/BLINDPAY.md §17.6 says what Crebit does instead).
type Partner interface {
	// StartTerms returns the page at which the payer accepts the
	// partner's terms; the acceptance comes back as a Terms translation
	// whose Key is the session's.
	StartTerms(ctx context.Context, lang, returnURL, customerID string) (TermsSession, error)
	// CreateCustomerWithTerms registers a person who accepted the terms
	// (tosID); the verdict is usually under_review.
	CreateCustomerWithTerms(ctx context.Context, idemKey string, req CustomerRequest, tosID string) (Customer, error)
	// GetCustomer is a customer's current verdict.
	GetCustomer(ctx context.Context, customerID string) (Customer, error)
	// EnsureWallet returns the approved customer's wallet walletID, else
	// one on the partner's network, else a new one.
	EnsureWallet(ctx context.Context, idemKey, customerID, walletID string) (Wallet, error)
	CreateExternalAccount(ctx context.Context, idemKey string, req ExternalAccountRequest) (ExternalAccount, error)
	CreateQuote(ctx context.Context, idemKey string, req QuoteRequest) (Quote, error)
	CreatePayin(ctx context.Context, idemKey string, req PayinRequest) (Payin, error)
	// CreatePayout pays the settled stablecoin out to the payer's bank
	// account; the key is the payment's, so a retry never pays twice.
	CreatePayout(ctx context.Context, idemKey string, req PayoutRequest) (Offramp, error)
	// PayinEvents and PayoutEvents are the events the object's current
	// state means, for a payment whose webhooks were lost.
	PayinEvents(ctx context.Context, payinID string) ([]Event, error)
	PayoutEvents(ctx context.Context, payoutID string) ([]Event, error)
	// EnsureWebhook registers url unless it already is and returns the
	// endpoint's signing secret, which the partner makes.
	EnsureWebhook(ctx context.Context, idemKey, url string) (id, secret string, err error)
	// Receive verifies a delivery with the endpoint's secret and
	// translates it; Translate translates a stored, verified one again.
	Receive(secret string, h http.Header, body []byte, now time.Time) (Translation, error)
	Translate(deliveryID string, body []byte) (Translation, error)
	// DeliveryID is the id a delivery's headers give it.
	DeliveryID(h http.Header) string
	// MapError turns the partner's refusal into what the payer can act on
	// (an *apperr.Error), or nil; temporary is the answer to a temporary
	// failure (nil: the general partner_unavailable).
	MapError(err error, temporary *apperr.Error) error
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

// ErrUnreadableDelivery is a webhook delivery whose signature verified but
// whose body is not an event the partner sends (Receive wraps it).
var ErrUnreadableDelivery = errors.New("partner: the delivery is not an event")

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
