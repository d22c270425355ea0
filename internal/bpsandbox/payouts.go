package bpsandbox

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/crebit/crebit/internal/bpsandbox/bphook"
	"github.com/crebit/crebit/internal/bpsandbox/bpstore"
	"github.com/crebit/crebit/internal/bpsandbox/bpwire"
	"github.com/crebit/crebit/internal/store"
)

// payout is PayoutOut for a payout to a US bank account, plus the
// bank_account_id the create answer and webhooks carry.
type payout struct {
	CustomerID           string         `json:"customer_id"`
	ID                   string         `json:"id"`
	Status               string         `json:"status"`
	SenderWalletAddress  string         `json:"sender_wallet_address"`
	QuoteID              string         `json:"quote_id"`
	InstanceID           string         `json:"instance_id"`
	PartnerFee           int64          `json:"partner_fee"`
	TrackingTransaction  map[string]any `json:"tracking_transaction"`
	TrackingPayment      map[string]any `json:"tracking_payment"`
	TrackingLiquidity    map[string]any `json:"tracking_liquidity"`
	TrackingComplete     map[string]any `json:"tracking_complete"`
	TrackingDocuments    map[string]any `json:"tracking_documents"`
	CreatedAt            string         `json:"created_at"`
	UpdatedAt            string         `json:"updated_at"`
	FirstName            *string        `json:"first_name"`
	LastName             *string        `json:"last_name"`
	Network              string         `json:"network"`
	Token                string         `json:"token"`
	Description          *string        `json:"description"`
	SenderAmount         int64          `json:"sender_amount"`
	ReceiverAmount       int64          `json:"receiver_amount"`
	PartnerFeeAmount     int64          `json:"partner_fee_amount"`
	CommercialQuotation  json.Number    `json:"commercial_quotation"`
	BlindpayQuotation    json.Number    `json:"blindpay_quotation"`
	TotalFeeAmount       int64          `json:"total_fee_amount"`
	Currency             string         `json:"currency"`
	TransactionFeeAmount int64          `json:"transaction_fee_amount"`
	BillingFeeAmount     int64          `json:"billing_fee_amount"`
	Name                 string         `json:"name"`
	Type                 string         `json:"type"`
	AccountNumber        *string        `json:"account_number"`
	RoutingNumber        *string        `json:"routing_number"`
	Country              *string        `json:"country"`
	AccountClass         *string        `json:"account_class"`
	AddressLine1         *string        `json:"address_line_1"`
	AddressLine2         *string        `json:"address_line_2"`
	City                 *string        `json:"city"`
	StateProvinceRegion  *string        `json:"state_province_region"`
	PostalCode           *string        `json:"postal_code"`
	AccountType          *string        `json:"account_type"`
	BeneficiaryName      *string        `json:"beneficiary_name"`
	BankAccountID        string         `json:"bank_account_id"`
	OfframpWalletID      *string        `json:"offramp_wallet_id"`
}

// payoutEventFields are the fields of the payout webhooks' schemas.
var payoutEventFields = []string{"id", "status", "sender_wallet_address", "billing_fee_amount", "transaction_fee_amount",
	"partner_fee", "tracking_complete", "tracking_payment", "tracking_transaction", "tracking_liquidity", "tracking_documents",
	"customer_id", "bank_account_id", "offramp_wallet_id"}

// etas are the rails' documented times to arrive [docs/BLINDPAY.md §8].
var etas = map[string]string{"ach": "2_business_days", "wire": "1_business_day", "rtp": "5_min"}

// createPayout answers POST …/payouts/evm from a payout quote and the
// address of the customer's managed wallet on the quote's network: the
// tokens are taken from the wallet at once (payout.new, "processing"), and
// the payout then moves by itself. An address that is not one of the
// customer's managed wallets would need an on-chain approval first, which
// the sandbox does not simulate: PAYOUTS_ALLOWANCE_NOT_CONFIRMED.
func (s *Sandbox) createPayout(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	var req struct {
		QuoteID             string `json:"quote_id"`
		SenderWalletAddress string `json:"sender_wallet_address"`
	}
	if err := bpwire.Decode(body, &req); err != nil {
		return 0, nil, err
	}
	if req.QuoteID == "" || req.SenderWalletAddress == "" {
		return 0, nil, bpwire.Fail("VALIDATION_MISSING_REQUIRED_FIELDS", "quote_id", "sender_wallet_address")
	}
	id := bpwire.NewID("pa")
	q, err := s.useQuote(ctx, tx, req.QuoteID, kindPayout, id)
	if err != nil {
		return 0, nil, err
	}
	var sq storedPayoutQuote
	if err := json.Unmarshal([]byte(q.Body), &sq); err != nil {
		return 0, nil, err
	}
	c, err := requireApproved(ctx, tx, q.CustomerID)
	if err != nil {
		return 0, nil, err
	}
	wrec, err := bpstore.WalletByAddress(ctx, tx, req.SenderWalletAddress)
	if errors.Is(err, store.ErrNotFound) || (err == nil && wrec.CustomerID != c.ID) {
		return 0, nil, bpwire.Fail("PAYOUTS_ALLOWANCE_NOT_CONFIRMED")
	}
	if err != nil {
		return 0, nil, err
	}
	var w wallet
	if err := json.Unmarshal([]byte(wrec.Body), &w); err != nil {
		return 0, nil, err
	}
	if w.Network != sq.Internal.Network {
		return 0, nil, bpwire.Fail("BLOCKCHAIN_NETWORK_NOT_SUPPORTED", "sender_wallet_address: the wallet is on "+w.Network+", the quote on "+sq.Internal.Network)
	}
	ok, err := bpstore.MoveBalance(ctx, tx, wrec.ID, -sq.Out.SenderAmount)
	if err != nil {
		return 0, nil, err
	}
	if !ok {
		return 0, nil, bpwire.Fail("PAYOUTS_INSUFFICIENT_BALANCE")
	}
	acct, _, err := loadBankAccount(ctx, tx, c.ID, sq.Internal.BankAccountID)
	if err != nil {
		return 0, nil, err
	}
	now := s.now().UTC()
	stamp := bpwire.ISOTime(now)
	p := payout{CustomerID: c.ID, ID: id, Status: statusProcessing, SenderWalletAddress: w.Address, QuoteID: q.ID, InstanceID: s.cfg.InstanceID,
		TrackingTransaction: map[string]any{"step": "completed", "status": "found", "completed_at": stamp,
			"transaction_hash": "0x" + hex.EncodeToString(randomBytes(32))},
		TrackingPayment:   map[string]any{"step": "processing", "estimated_time_of_arrival": etas[acct.Type]},
		TrackingLiquidity: map[string]any{"step": "processing"}, TrackingComplete: map[string]any{"step": "processing"},
		CreatedAt: stamp, UpdatedAt: stamp, FirstName: c.FirstName, LastName: c.LastName, Network: w.Network, Token: sq.Internal.Token,
		Description: sq.Out.Description, SenderAmount: sq.Out.SenderAmount, ReceiverAmount: sq.Out.ReceiverAmount,
		CommercialQuotation: sq.Out.CommercialQuotation, BlindpayQuotation: sq.Out.BlindpayQuotation, TotalFeeAmount: sq.Internal.TotalFee,
		Currency: sq.Internal.Currency, Name: acct.Name, Type: acct.Type, AccountNumber: acct.AccountNumber, RoutingNumber: acct.RoutingNumber,
		Country: acct.Country, AccountClass: acct.AccountClass, AddressLine1: acct.AddressLine1, AddressLine2: acct.AddressLine2,
		City: acct.City, StateProvinceRegion: acct.StateProvinceRegion, PostalCode: acct.PostalCode, AccountType: acct.AccountType,
		BeneficiaryName: acct.BeneficiaryName, BankAccountID: acct.ID}
	b, err := json.Marshal(p)
	if err != nil {
		return 0, nil, err
	}
	rec := bpstore.BPRecord{ID: id, CustomerID: c.ID, Status: statusProcessing, Stage: stageCaptured, Body: string(b), CreatedAt: now}
	if err := bpstore.CreatePayout(ctx, tx, rec, q.ID, wrec.ID); err != nil {
		return 0, nil, err
	}
	if err := s.hooks.Emit(ctx, tx, "payout.new", id, bphook.WithEvent("payout.new", p, payoutEventFields)); err != nil {
		return 0, nil, err
	}
	if err := s.schedule(ctx, tx, advanceArgs{Object: kindPayout, ID: id, From: stageCaptured, Action: "hold"}, s.cfg.PayoutDelay); err != nil {
		return 0, nil, err
	}
	return http.StatusOK, p, nil
}

// stepPayout takes one step of a payout: hold (compliance review, a
// standard step for US rails: "on_hold"), send (back to "processing", the
// fiat sent), then complete (paid), fail, or refund (the tokens go back to
// the wallet). It returns the next automatic step, if any.
func (s *Sandbox) stepPayout(ctx context.Context, tx *store.Tx, rec bpstore.BPRecord, action string) (next string, err error) {
	var p payout
	if err := json.Unmarshal([]byte(rec.Body), &p); err != nil {
		return "", err
	}
	stamp := bpwire.ISOTime(s.now())
	event := "payout.update"
	live := rec.Stage == stageCaptured || rec.Stage == stageHeld || rec.Stage == stageSent
	switch {
	case action == "hold" && rec.Stage == stageCaptured:
		rec.Stage, p.Status = stageHeld, statusOnHold
		p.TrackingPayment["step"] = "on_hold"
		next = "send"
	case action == "send" && (rec.Stage == stageCaptured || rec.Stage == stageHeld):
		rec.Stage, p.Status = stageSent, statusProcessing
		p.TrackingLiquidity = map[string]any{"step": "completed", "provider_status": "withdrawn", "completed_at": stamp}
		p.TrackingPayment["step"], p.TrackingPayment["provider_status"] = "processing", "sent"
		p.TrackingPayment["provider_name"], p.TrackingPayment["provider_transaction_id"] = "JPMorgan Chase", strings.ToUpper(hex.EncodeToString(randomBytes(8)))
		if p.Type == "wire" {
			p.TrackingPayment["provider_imad"] = "20261126MMQFMP" + strings.ToUpper(hex.EncodeToString(randomBytes(3)))
		}
		next = "complete"
		if q, err := s.transferQuote(ctx, tx, kindPayout, rec.ID); err != nil {
			return "", err
		} else if q.RequestAmount == sentinelFailed {
			next = "fail"
		} else if q.RequestAmount == sentinelRefunded {
			next = "refund"
		}
	case action == "complete" && rec.Stage == stageSent:
		rec.Stage, p.Status, event = statusCompleted, statusCompleted, "payout.complete"
		p.TrackingPayment["step"], p.TrackingPayment["completed_at"] = "completed", stamp
		p.TrackingComplete = map[string]any{"step": "completed", "status": "paid", "completed_at": stamp}
	case action == "fail" && live:
		rec.Stage, p.Status, event = statusFailed, statusFailed, "payout.complete"
		p.TrackingPayment["step"], p.TrackingPayment["provider_status"] = "completed", "failed"
		p.TrackingPayment["provider_error_reason"] = "sandbox: failed on request (amount 66600 or Simulate)"
		p.TrackingComplete = map[string]any{"step": "completed", "completed_at": stamp}
	case action == "refund" && live:
		rec.Stage, p.Status, event = statusRefunded, statusRefunded, "payout.complete"
		p.TrackingPayment["step"], p.TrackingPayment["provider_status"] = "completed", "returned"
		p.TrackingComplete = map[string]any{"step": "completed", "status": "tokens_refunded", "refund_reason": "fiat_payment_failed",
			"transaction_hash": "0x" + hex.EncodeToString(randomBytes(32)), "completed_at": stamp}
		_, walletID, err := bpstore.TransferQuote(ctx, tx, kindPayout, rec.ID)
		if err != nil {
			return "", err
		}
		if _, err := bpstore.MoveBalance(ctx, tx, walletID, p.SenderAmount); err != nil {
			return "", err
		}
	default:
		return "", notNow(kindPayout, rec.Stage, action)
	}
	rec.Status, p.UpdatedAt = p.Status, stamp
	if err := s.saveTransfer(ctx, tx, kindPayout, rec, p); err != nil {
		return "", err
	}
	return next, s.hooks.Emit(ctx, tx, event, rec.ID, bphook.WithEvent(event, p, payoutEventFields))
}
