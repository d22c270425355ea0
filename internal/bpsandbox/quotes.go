package bpsandbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"slices"

	"github.com/crebit/crebit/internal/bpsandbox/bpstore"
	"github.com/crebit/crebit/internal/bpsandbox/bpwire"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/taxid"
)

// Amounts are integers in minor units [docs/BLINDPAY.md §6]: centavos for
// BRL and MXN, cents for USD, and hundredths of the token (1000 = 10.00
// USDB). Quotations are local currency (or USD) per token unit, served as
// plain decimals.

// rates are the configured commercial quotations with the margins applied.
type rates struct {
	brl, mxn, usd *big.Rat // commercial
	spread        *big.Rat // SpreadBps as a fraction
}

func parseRates(cfg Config) (rates, error) {
	var r rates
	var err error
	for _, x := range []struct {
		dst **big.Rat
		s   string
	}{{&r.brl, cfg.BRLQuotation}, {&r.mxn, cfg.MXNQuotation}, {&r.usd, cfg.USDQuotation}} {
		if *x.dst, err = money.ParseRate(x.s); err != nil {
			return r, fmt.Errorf("bpsandbox: quotation: %w", err)
		}
	}
	r.spread = big.NewRat(cfg.SpreadBps, 10000)
	return r, nil
}

// payinRate is the local currency's commercial quotation and BlindPay's
// (the commercial one plus the spread: the payer pays more per token).
func (r rates) payinRate(currency string) (commercial, blindpay *big.Rat) {
	commercial = r.brl
	if currency == "MXN" {
		commercial = r.mxn
	}
	return commercial, new(big.Rat).Mul(commercial, new(big.Rat).Add(big.NewRat(1, 1), r.spread))
}

// payoutRate is the quotation of the payout's currency per token (the
// commercial one minus the spread).
func (r rates) payoutRate(currency string) (commercial, blindpay *big.Rat) {
	switch currency {
	case "BRL":
		commercial = r.brl
	case "MXN":
		commercial = r.mxn
	default:
		commercial = r.usd
	}
	return commercial, new(big.Rat).Mul(commercial, new(big.Rat).Sub(big.NewRat(1, 1), r.spread))
}

// decimal serves a quotation as a JSON number with up to 6 decimals.
func decimal(x *big.Rat) json.Number {
	return json.Number(money.FormatRat(x, 6, money.HalfUp))
}

func mul(a int64, x *big.Rat) *big.Rat { return new(big.Rat).Mul(big.NewRat(a, 1), x) }
func div(a int64, x *big.Rat) *big.Rat { return new(big.Rat).Quo(big.NewRat(a, 1), x) }
func floor(x *big.Rat) int64           { return money.Round(x, 0, money.Down).Int64() }
func ceil(x *big.Rat) int64            { return money.Round(x, 0, money.Up).Int64() }

// fee is the instance's fee on a token amount: flat plus FeeBps.
func (s *Sandbox) fee(token int64) int64 {
	return s.cfg.FlatFee + token*s.cfg.FeeBps/10000
}

// wholePesos rounds MXN centavos up to whole pesos (MXN is paid in whole
// pesos [docs/BLINDPAY.md §6]).
func wholePesos(centavos int64) int64 { return (centavos + 99) / 100 * 100 }

// payinMethods maps the payment methods the sandbox takes to their currency.
var payinMethods = map[string]string{"pix": "BRL", "spei": "MXN"}

// Local-currency range of a payin quote: 10.00 to 100,000 [docs/BLINDPAY.md §6].
const (
	minLocal = 1000
	maxLocal = 10_000_000
)

// payinQuote is CreatePayinQuoteOut.
type payinQuote struct {
	ID                  string      `json:"id"`
	ExpiresAt           int64       `json:"expires_at"`
	CommercialQuotation json.Number `json:"commercial_quotation"`
	BlindpayQuotation   json.Number `json:"blindpay_quotation"`
	ReceiverAmount      int64       `json:"receiver_amount"`
	SenderAmount        int64       `json:"sender_amount"`
	PartnerFeeAmount    int64       `json:"partner_fee_amount"`
	FlatFee             int64       `json:"flat_fee"`
	BillingFeeAmount    int64       `json:"billing_fee_amount"`
	IsOTC               bool        `json:"is_otc"`
}

// payinQuoteInternal is stored with the quote, never served.
type payinQuoteInternal struct {
	Method, Currency, Token, WalletID string
	TotalFee                          int64
	PixTaxIDs                         []string
	CoverFees                         bool
}

type storedPayinQuote struct {
	Out      payinQuote         `json:"out"`
	Internal payinQuoteInternal `json:"internal"`
}

// createPayinQuote prices a Pix (BRL) or SPEI (MXN) payin into a managed
// wallet. Pix needs the payer's CPF/CNPJ in payer_rules.pix_allowed_tax_ids;
// an SPEI amount given in MXN is whole pesos.
func (s *Sandbox) createPayinQuote(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	if s.cfg.FailQuotes {
		return 0, nil, bpwire.Fail("QUOTES_RATE_UNAVAILABLE")
	}
	var req struct {
		WalletID           *string `json:"wallet_id"`
		BlockchainWalletID *string `json:"blockchain_wallet_id"`
		CurrencyType       string  `json:"currency_type"`
		CoverFees          *bool   `json:"cover_fees"`
		RequestAmount      *int64  `json:"request_amount"`
		PaymentMethod      string  `json:"payment_method"`
		Token              string  `json:"token"`
		PayerRules         *struct {
			PixAllowedTaxIDs []string `json:"pix_allowed_tax_ids"`
		} `json:"payer_rules"`
	}
	if err := bpwire.Decode(body, &req); err != nil {
		return 0, nil, err
	}
	if req.CurrencyType == "" || req.RequestAmount == nil || req.PaymentMethod == "" || req.Token == "" {
		return 0, nil, bpwire.Fail("VALIDATION_MISSING_REQUIRED_FIELDS", "currency_type", "request_amount", "payment_method", "token")
	}
	if req.CurrencyType != "sender" && req.CurrencyType != "receiver" {
		return 0, nil, bpwire.Invalid("currency_type: sender or receiver")
	}
	if *req.RequestAmount < 500 {
		return 0, nil, bpwire.Invalid("request_amount: an integer of at least 500 (minor units)")
	}
	currency, ok := payinMethods[req.PaymentMethod]
	if !ok {
		return 0, nil, bpwire.Fail("PAYINS_METHOD_NOT_SUPPORTED", "payment_method: this sandbox takes pix and spei")
	}
	if req.Token != s.cfg.Token {
		return 0, nil, &bpwire.Error{Code: "BLOCKCHAIN_TOKEN_NOT_SUPPORTED", Status: http.StatusBadRequest,
			Description: "A development instance handles " + s.cfg.Token + " only."}
	}
	if str(req.BlockchainWalletID) != "" || str(req.WalletID) == "" {
		return 0, nil, bpwire.Invalid("wallet_id: this sandbox delivers to managed wallets (bl_) only")
	}
	wrec, _, err := loadWallet(ctx, tx, "", *req.WalletID)
	if err != nil {
		return 0, nil, err
	}
	if _, err := requireApproved(ctx, tx, wrec.CustomerID); err != nil {
		return 0, nil, err
	}
	var taxIDs []string
	if currency == "BRL" {
		if req.PayerRules != nil {
			taxIDs = req.PayerRules.PixAllowedTaxIDs
		}
		if len(taxIDs) == 0 {
			return 0, nil, bpwire.Fail("PAYINS_TAX_ID_REQUIRED")
		}
		for _, id := range taxIDs {
			if _, _, err := taxid.BrazilTaxID(id); err != nil {
				return 0, nil, bpwire.Fail("CUSTOMERS_INVALID_TAX_ID", "payer_rules.pix_allowed_tax_ids: "+id)
			}
		}
	}
	request := *req.RequestAmount
	if currency == "MXN" && req.CurrencyType == "sender" && request%100 != 0 {
		return 0, nil, bpwire.Invalid("request_amount: MXN amounts are whole pesos (a multiple of 100 centavos)")
	}
	cover := req.CoverFees != nil && *req.CoverFees
	commercial, bq := s.rates.payinRate(currency)
	var sender, receiver, fee int64
	if req.CurrencyType == "sender" {
		gross := floor(div(request, bq))
		fee = s.fee(gross)
		if cover {
			receiver, sender = gross, request+ceil(mul(fee, bq))
		} else {
			receiver, sender = gross-fee, request
		}
	} else {
		fee = s.fee(request)
		if cover {
			receiver, sender = request, ceil(mul(request+fee, bq))
		} else {
			receiver, sender = request-fee, ceil(mul(request, bq))
		}
	}
	if currency == "MXN" {
		sender = wholePesos(sender)
	}
	if sender < minLocal || sender > maxLocal || receiver <= 0 {
		return 0, nil, &bpwire.Error{Code: "LIMITS_AMOUNT_OUT_OF_RANGE", Message: fmt.Sprintf("limits_amount_out_of_range: %s 10.00 to 100000.00", currency)}
	}
	now := s.now().UTC()
	expires := now.Add(s.cfg.QuoteTTL)
	q := storedPayinQuote{
		Out: payinQuote{ID: bpwire.NewID("qu"), ExpiresAt: expires.UnixMilli(), CommercialQuotation: decimal(commercial),
			BlindpayQuotation: decimal(bq), ReceiverAmount: receiver, SenderAmount: sender, FlatFee: s.cfg.FlatFee},
		Internal: payinQuoteInternal{Method: req.PaymentMethod, Currency: currency, Token: req.Token, WalletID: wrec.ID,
			TotalFee: fee, PixTaxIDs: taxIDs, CoverFees: cover},
	}
	b, err := json.Marshal(q)
	if err != nil {
		return 0, nil, err
	}
	err = bpstore.CreateQuote(ctx, tx, bpstore.BPQuote{BPRecord: bpstore.BPRecord{ID: q.Out.ID, CustomerID: wrec.CustomerID, Body: string(b), CreatedAt: now},
		Kind: kindPayin, RequestAmount: request, ExpiresAt: expires})
	return http.StatusOK, q.Out, err
}

// payoutQuote is QuoteOut.
type payoutQuote struct {
	ID                  string      `json:"id"`
	ExpiresAt           int64       `json:"expires_at"`
	CommercialQuotation json.Number `json:"commercial_quotation"`
	BlindpayQuotation   json.Number `json:"blindpay_quotation"`
	ReceiverAmount      int64       `json:"receiver_amount"`
	SenderAmount        int64       `json:"sender_amount"`
	PartnerFeeAmount    int64       `json:"partner_fee_amount"`
	FlatFee             int64       `json:"flat_fee"`
	BillingFeeAmount    *int64      `json:"billing_fee_amount"`
	Contract            any         `json:"contract"`
	Description         *string     `json:"description"`
}

type storedPayoutQuote struct {
	Out      payoutQuote `json:"out"`
	Internal struct {
		BankAccountID, Network, Token, Currency string
		TotalFee                                int64
	} `json:"internal"`
}

// createPayoutQuote prices a payout of tokens to an approved customer's
// approved US bank account (USD). With a managed wallet no on-chain
// approval is needed, so contract is null.
func (s *Sandbox) createPayoutQuote(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	if s.cfg.FailQuotes {
		return 0, nil, bpwire.Fail("QUOTES_RATE_UNAVAILABLE")
	}
	var req struct {
		BankAccountID string  `json:"bank_account_id"`
		CurrencyType  string  `json:"currency_type"`
		CoverFees     *bool   `json:"cover_fees"`
		RequestAmount *int64  `json:"request_amount"`
		Network       string  `json:"network"`
		Token         string  `json:"token"`
		Description   *string `json:"description"`
	}
	if err := bpwire.Decode(body, &req); err != nil {
		return 0, nil, err
	}
	if req.BankAccountID == "" || req.CurrencyType == "" || req.RequestAmount == nil || req.Network == "" || req.Token == "" {
		return 0, nil, bpwire.Fail("VALIDATION_MISSING_REQUIRED_FIELDS", "bank_account_id", "currency_type", "request_amount", "network", "token")
	}
	if req.CurrencyType != "sender" && req.CurrencyType != "receiver" {
		return 0, nil, bpwire.Invalid("currency_type: sender or receiver")
	}
	if *req.RequestAmount < 500 {
		return 0, nil, bpwire.Invalid("request_amount: an integer of at least 500 (minor units)")
	}
	if !slices.Contains(s.cfg.Networks, req.Network) {
		return 0, nil, bpwire.Fail("BLOCKCHAIN_NETWORK_NOT_SUPPORTED")
	}
	if req.Token != s.cfg.Token {
		return 0, nil, &bpwire.Error{Code: "BLOCKCHAIN_TOKEN_NOT_SUPPORTED", Status: http.StatusBadRequest,
			Description: "A development instance handles " + s.cfg.Token + " only."}
	}
	acct, customerID, err := loadBankAccount(ctx, tx, "", req.BankAccountID)
	if err != nil {
		return 0, nil, err
	}
	if acct.Status != "approved" {
		return 0, nil, bpwire.Fail("BANK_ACCOUNTS_NOT_APPROVED")
	}
	if _, err := requireApproved(ctx, tx, customerID); err != nil {
		return 0, nil, err
	}
	request := *req.RequestAmount
	cover := req.CoverFees != nil && *req.CoverFees
	commercial, bq := s.rates.payoutRate("USD")
	var sender, receiver, fee int64
	if req.CurrencyType == "sender" {
		fee = s.fee(request)
		if cover {
			sender, receiver = request+fee, floor(mul(request, bq))
		} else {
			sender, receiver = request, floor(mul(request-fee, bq))
		}
	} else {
		needed := ceil(div(request, bq))
		fee = s.fee(needed)
		if cover {
			sender, receiver = needed+fee, request
		} else {
			sender, receiver = needed, floor(mul(needed-fee, bq))
		}
	}
	if receiver <= 0 {
		return 0, nil, bpwire.Fail("LIMITS_AMOUNT_OUT_OF_RANGE")
	}
	now := s.now().UTC()
	expires := now.Add(s.cfg.QuoteTTL)
	var q storedPayoutQuote
	q.Out = payoutQuote{ID: bpwire.NewID("qu"), ExpiresAt: expires.UnixMilli(), CommercialQuotation: decimal(commercial),
		BlindpayQuotation: decimal(bq), ReceiverAmount: receiver, SenderAmount: sender, FlatFee: s.cfg.FlatFee, Description: req.Description}
	q.Internal.BankAccountID, q.Internal.Network, q.Internal.Token, q.Internal.Currency, q.Internal.TotalFee =
		req.BankAccountID, req.Network, req.Token, "USD", fee
	b, err := json.Marshal(q)
	if err != nil {
		return 0, nil, err
	}
	err = bpstore.CreateQuote(ctx, tx, bpstore.BPQuote{BPRecord: bpstore.BPRecord{ID: q.Out.ID, CustomerID: customerID, Body: string(b), CreatedAt: now},
		Kind: kindPayout, RequestAmount: request, ExpiresAt: expires})
	return http.StatusOK, q.Out, err
}

// useQuote checks that a quote of kind exists, is live and unused, and
// marks it used by usedBy [docs/BLINDPAY.md §6: one quote, one payin or payout].
func (s *Sandbox) useQuote(ctx context.Context, tx *store.Tx, id, kind, usedBy string) (bpstore.BPQuote, error) {
	q, err := bpstore.Quote(ctx, tx, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && q.Kind != kind) {
		return q, bpwire.Fail("QUOTES_NOT_FOUND")
	}
	if err != nil {
		return q, err
	}
	if q.UsedBy != "" {
		return q, bpwire.Fail("QUOTES_ALREADY_USED")
	}
	if !s.now().Before(q.ExpiresAt) {
		return q, bpwire.Fail("QUOTES_EXPIRED")
	}
	ok, err := bpstore.UseQuote(ctx, tx, id, usedBy)
	if err == nil && !ok {
		return q, bpwire.Fail("QUOTES_ALREADY_USED")
	}
	return q, err
}

// fxRequest is the body of both FX endpoints.
type fxRequest struct {
	From          string `json:"from"`
	To            string `json:"to"`
	RequestAmount *int64 `json:"request_amount"`
	CurrencyType  string `json:"currency_type"`
}

func (s *Sandbox) readFX(body []byte) (fxRequest, error) {
	var req fxRequest
	if s.cfg.FailQuotes {
		return req, bpwire.Fail("QUOTES_RATE_UNAVAILABLE")
	}
	if err := bpwire.Decode(body, &req); err != nil {
		return req, err
	}
	if req.From == "" || req.To == "" || req.RequestAmount == nil || req.CurrencyType == "" {
		return req, bpwire.Fail("VALIDATION_MISSING_REQUIRED_FIELDS", "from", "to", "request_amount", "currency_type")
	}
	if *req.RequestAmount < 500 {
		return req, bpwire.Invalid("request_amount: an integer of at least 500 (minor units)")
	}
	return req, nil
}

// payinFX answers POST …/payin-quotes/fx: BRL or MXN against the token, in
// either direction, at BlindPay's payin quotation (no quote is made).
func (s *Sandbox) payinFX(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	req, err := s.readFX(body)
	if err != nil {
		return 0, nil, err
	}
	var local string
	var toToken bool
	switch {
	case (req.From == "BRL" || req.From == "MXN") && req.To == s.cfg.Token:
		local, toToken = req.From, true
	case req.From == s.cfg.Token && (req.To == "BRL" || req.To == "MXN"):
		local = req.To
	default:
		return 0, nil, bpwire.Fail("PAYINS_METHOD_NOT_SUPPORTED", "from/to: BRL or MXN and "+s.cfg.Token)
	}
	commercial, bq := s.rates.payinRate(local)
	result := ceil(mul(*req.RequestAmount, bq))
	if toToken {
		result = floor(div(*req.RequestAmount, bq))
	}
	return http.StatusOK, fxOut(commercial, bq, max(result, 1), s.cfg), nil
}

// payoutFX answers POST …/quotes/fx: the token into USD (or BRL, MXN).
func (s *Sandbox) payoutFX(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	req, err := s.readFX(body)
	if err != nil {
		return 0, nil, err
	}
	if req.From != s.cfg.Token || !slices.Contains([]string{"USD", "BRL", "MXN"}, req.To) {
		return 0, nil, bpwire.Invalid("from/to: " + s.cfg.Token + " to USD, BRL or MXN")
	}
	commercial, bq := s.rates.payoutRate(req.To)
	result := floor(mul(*req.RequestAmount, bq))
	if req.CurrencyType == "receiver" { // request_amount is what should arrive: the tokens needed
		result = ceil(div(*req.RequestAmount, bq))
	}
	return http.StatusOK, fxOut(commercial, bq, max(result, 1), s.cfg), nil
}

func fxOut(commercial, bq *big.Rat, result int64, cfg Config) map[string]any {
	return map[string]any{"commercial_quotation": decimal(commercial), "blindpay_quotation": decimal(bq),
		"result_amount": result, "instance_flat_fee": cfg.FlatFee, "instance_percentage_fee": cfg.FeeBps}
}
