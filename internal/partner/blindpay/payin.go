package blindpay

import (
	"context"
	"encoding/json"
	"net/http"
)

// Payin methods Crebit uses (payment_method).
const (
	MethodPix  = "pix"
	MethodSPEI = "spei"
)

// Sides of currency_type. On a payin quote, sender means request_amount
// is the fiat the payer sends and receiver the stablecoin delivered; on a
// payout quote, sender means the stablecoin and receiver the fiat.
const (
	CurrencySender   = "sender"
	CurrencyReceiver = "receiver"
)

// CreatePayinQuoteRequest prices a payin (CreatePayinQuoteIn). Exactly one
// of WalletID (a managed wallet, bl_) and BlockchainWalletID (bw_) says
// where the stablecoins go.
type CreatePayinQuoteRequest struct {
	BlockchainWalletID string `json:"blockchain_wallet_id,omitempty"`
	WalletID           string `json:"wallet_id,omitempty"`
	CurrencyType       string `json:"currency_type"`
	// CoverFees true: the payer pays the fees on top; false: they are taken
	// from what is delivered.
	CoverFees *bool `json:"cover_fees,omitempty"`
	// RequestAmount is in hundredths (ToCents); at least 500.
	RequestAmount int64       `json:"request_amount"`
	PaymentMethod string      `json:"payment_method"`
	Token         string      `json:"token"` // USDC, USDT; USDB on development
	PartnerFeeID  string      `json:"partner_fee_id,omitempty"`
	PayerRules    *PayerRules `json:"payer_rules,omitempty"`
	IsOTC         *bool       `json:"is_otc,omitempty"`
}

// PayerRules restricts who may pay. Pix needs the payer's CPF or CNPJ
// (else PAYINS_TAX_ID_REQUIRED); SPEI needs none.
type PayerRules struct {
	PixAllowedTaxIDs []string `json:"pix_allowed_tax_ids,omitempty"`
}

// PayinQuote is CreatePayinQuoteOut. Amounts are hundredths (FromCents).
// The scaling of the quotations is not settled (docs/BLINDPAY.md, open
// question 7): price from SenderAmount and ReceiverAmount instead.
type PayinQuote struct {
	ID                  string `json:"id"`
	ExpiresAt           Number `json:"expires_at"` // epoch; see Number.Time
	CommercialQuotation Number `json:"commercial_quotation"`
	BlindpayQuotation   Number `json:"blindpay_quotation"`
	SenderAmount        Number `json:"sender_amount"`
	ReceiverAmount      Number `json:"receiver_amount"`
	PartnerFeeAmount    Number `json:"partner_fee_amount"`
	FlatFee             Number `json:"flat_fee"`
	BillingFeeAmount    Number `json:"billing_fee_amount"`
	IsOTC               *bool  `json:"is_otc"`
}

// CreatePayinQuote prices a payin; the quote lasts a few minutes
// (ExpiresAt) and backs at most one payin.
func (c *Client) CreatePayinQuote(ctx context.Context, idemKey string, req CreatePayinQuoteRequest) (PayinQuote, error) {
	var out PayinQuote
	return out, c.do(ctx, call{method: http.MethodPost, path: c.instancePath("payin-quotes"), idemKey: idemKey, in: req, out: &out})
}

// CreatePayinRequest opens a payin from a quote (CreatePayinIn). Every
// method, Pix and SPEI included, is created at /payins/evm.
type CreatePayinRequest struct {
	PayinQuoteID string `json:"payin_quote_id"`
}

// Payin is a payin as BlindPay reports it: the answer to CreatePayin
// (CreatePayinOut), to GetPayin (PayinOut), and the body of payin.* events
// (which carry fewer fields). Only the deposit field of the quote's method
// is set: PixCode (the BR Code, "copia e cola") or Clabe.
type Payin struct {
	ID            string `json:"id"` // pi_...
	Status        string `json:"status"`
	PayinQuoteID  string `json:"payin_quote_id"`
	InstanceID    string `json:"instance_id"`
	CustomerID    string `json:"customer_id"`
	PaymentMethod string `json:"payment_method"`
	PixCode       string `json:"pix_code"`
	Clabe         string `json:"clabe"`
	MemoCode      string `json:"memo_code"`

	Currency             string      `json:"currency"` // BRL, MXN, ...
	Token                string      `json:"token"`
	Network              string      `json:"network"`
	Address              string      `json:"address"` // the wallet the tokens go to
	Name                 string      `json:"name"`    // that wallet's name
	SenderAmount         Number      `json:"sender_amount"`
	ReceiverAmount       Number      `json:"receiver_amount"`
	CommercialQuotation  Number      `json:"commercial_quotation"`
	BlindpayQuotation    Number      `json:"blindpay_quotation"`
	PartnerFee           Number      `json:"partner_fee"`
	PartnerFeeAmount     Number      `json:"partner_fee_amount"`
	TotalFeeAmount       Number      `json:"total_fee_amount"`
	BillingFeeAmount     Number      `json:"billing_fee_amount"`
	TransactionFeeAmount Number      `json:"transaction_fee_amount"`
	IsOTC                *bool       `json:"is_otc"`
	PayerRules           *PayerRules `json:"payer_rules"`

	Type      string `json:"type"` // individual or business
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`

	TrackingTransaction *Tracking `json:"tracking_transaction"` // the fiat arriving
	TrackingPayment     *Tracking `json:"tracking_payment"`
	TrackingComplete    *Tracking `json:"tracking_complete"` // tokens delivered on chain
	TrackingPartnerFee  *Tracking `json:"tracking_partner_fee"`

	// BlindpayBankDetails is where an ACH or wire payer sends money. Its
	// shape differs between the spec and the docs, and Crebit's methods do
	// not use it, so it is kept undecoded.
	BlindpayBankDetails json.RawMessage `json:"blindpay_bank_details"`

	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
}

// CreatePayin opens a payin from an unexpired quote. A payin cannot be
// cancelled: an unpaid one stays processing until BlindPay cleans it up.
func (c *Client) CreatePayin(ctx context.Context, idemKey string, req CreatePayinRequest) (Payin, error) {
	var out Payin
	return out, c.do(ctx, call{method: http.MethodPost, path: c.instancePath("payins", "evm"), idemKey: idemKey, in: req, out: &out})
}

// GetPayin returns a payin's current state, for reconciliation when a
// webhook did not come. A missing payin is an error matching ErrNotFound.
func (c *Client) GetPayin(ctx context.Context, id string) (Payin, error) {
	var out Payin
	return out, c.do(ctx, call{method: http.MethodGet, path: c.instancePath("payins", id), out: &out})
}
