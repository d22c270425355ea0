package blindpay

import (
	"context"
	"encoding/json"
	"net/http"
)

// CreatePayoutQuoteRequest prices a payout to a bank account (QuoteIn).
// Network and Token are those of the wallet that funds the payout.
type CreatePayoutQuoteRequest struct {
	BankAccountID string `json:"bank_account_id"`
	CurrencyType  string `json:"currency_type"`
	CoverFees     *bool  `json:"cover_fees,omitempty"`
	// RequestAmount is in hundredths (ToCents); at least 500.
	RequestAmount int64  `json:"request_amount"`
	Network       string `json:"network"`
	Token         string `json:"token"`
	Description   string `json:"description,omitempty"`
	PartnerFeeID  string `json:"partner_fee_id,omitempty"`
	// RefundWalletAddress receives the tokens if the payout is refunded;
	// by default they go back to the funding wallet.
	RefundWalletAddress string `json:"refund_wallet_address,omitempty"`
}

// PayoutQuote is QuoteOut. Amounts are hundredths (FromCents).
type PayoutQuote struct {
	ID                  string `json:"id"` // qu_...
	ExpiresAt           Number `json:"expires_at"`
	CommercialQuotation Number `json:"commercial_quotation"`
	BlindpayQuotation   Number `json:"blindpay_quotation"`
	SenderAmount        Number `json:"sender_amount"`
	ReceiverAmount      Number `json:"receiver_amount"`
	PartnerFeeAmount    Number `json:"partner_fee_amount"`
	FlatFee             Number `json:"flat_fee"`
	BillingFeeAmount    Number `json:"billing_fee_amount"`
	CustomerLocalAmount Number `json:"customer_local_amount"`
	Description         string `json:"description"`
	// Contract is the ERC-20 approval an external EVM wallet must sign
	// first. Payouts funded from a managed wallet need none, so it is kept
	// undecoded.
	Contract json.RawMessage `json:"contract"`
}

// CreatePayoutQuote prices a payout. Quotes are single-use and expire.
func (c *Client) CreatePayoutQuote(ctx context.Context, idemKey string, req CreatePayoutQuoteRequest) (PayoutQuote, error) {
	var out PayoutQuote
	return out, c.do(ctx, call{method: http.MethodPost, path: c.instancePath("quotes"), idemKey: idemKey, in: req, out: &out})
}

// CreatePayoutRequest executes a payout quote (PayoutOnEvmIn). With a
// managed wallet, SenderWalletAddress is the wallet's address and BlindPay
// moves the funds itself.
type CreatePayoutRequest struct {
	QuoteID             string `json:"quote_id"`
	SenderWalletAddress string `json:"sender_wallet_address"`
}

// Payout is a payout as BlindPay reports it: the answer to CreatePayout
// (PayoutOnEvmOut), to GetPayout (PayoutOut, which also echoes the bank
// account; those fields are not kept), and the body of payout.* events.
type Payout struct {
	ID                  string `json:"id"` // po_... (the spec's examples say pa_)
	Status              string `json:"status"`
	QuoteID             string `json:"quote_id"`
	InstanceID          string `json:"instance_id"`
	CustomerID          string `json:"customer_id"`
	BankAccountID       string `json:"bank_account_id"`
	OfframpWalletID     string `json:"offramp_wallet_id"`
	SenderWalletAddress string `json:"sender_wallet_address"`
	Network             string `json:"network"`
	Token               string `json:"token"`
	Currency            string `json:"currency"`
	Description         string `json:"description"`

	SenderAmount         Number `json:"sender_amount"`
	ReceiverAmount       Number `json:"receiver_amount"`
	CustomerLocalAmount  Number `json:"customer_local_amount"`
	CommercialQuotation  Number `json:"commercial_quotation"`
	BlindpayQuotation    Number `json:"blindpay_quotation"`
	PartnerFee           Number `json:"partner_fee"`
	PartnerFeeAmount     Number `json:"partner_fee_amount"`
	TotalFeeAmount       Number `json:"total_fee_amount"`
	BillingFeeAmount     Number `json:"billing_fee_amount"`
	TransactionFeeAmount Number `json:"transaction_fee_amount"`

	TrackingTransaction *Tracking `json:"tracking_transaction"` // tokens pulled
	TrackingLiquidity   *Tracking `json:"tracking_liquidity"`
	TrackingPayment     *Tracking `json:"tracking_payment"` // the fiat leg
	TrackingComplete    *Tracking `json:"tracking_complete"`
	TrackingDocuments   *Tracking `json:"tracking_documents"`
	TrackingPartnerFee  *Tracking `json:"tracking_partner_fee"`

	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
}

// CreatePayout executes a payout quote. A payout cannot be cancelled.
func (c *Client) CreatePayout(ctx context.Context, idemKey string, req CreatePayoutRequest) (Payout, error) {
	var out Payout
	return out, c.do(ctx, call{method: http.MethodPost, path: c.instancePath("payouts", "evm"), idemKey: idemKey, in: req, out: &out})
}

// GetPayout returns a payout's current state.
func (c *Client) GetPayout(ctx context.Context, id string) (Payout, error) {
	var out Payout
	return out, c.do(ctx, call{method: http.MethodGet, path: c.instancePath("payouts", id), out: &out})
}
