package bpsandbox

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"net/url"
	"time"

	"github.com/crebit/crebit/internal/bpsandbox/bphook"
	"github.com/crebit/crebit/internal/bpsandbox/bpstore"
	"github.com/crebit/crebit/internal/bpsandbox/bpwire"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/pix"
	"github.com/crebit/crebit/internal/rail"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/taxid"
)

// Kinds of object that move by steps, and the dev instance's sentinel
// amounts [docs/BLINDPAY.md §13].
const (
	kindCustomer = "customer"
	kindPayin    = "payin"
	kindPayout   = "payout"

	sentinelFailed   = 66600
	sentinelRefunded = 77700
)

// Payin and payout statuses, and the sandbox's steps between them.
const (
	statusProcessing = "processing"
	statusOnHold     = "on_hold"
	statusCompleted  = "completed"
	statusFailed     = "failed"
	statusRefunded   = "refunded"

	stageAwaiting = "awaiting" // payin: waiting for the deposit
	stageReceived = "received" // payin: deposit arrived, converting
	stageCaptured = "captured" // payout: tokens taken from the wallet
	stageHeld     = "on_hold"  // payout: compliance review
	stageSent     = "sent"     // payout: fiat sent to the bank
)

// SPEI deposits go to STP (bank 646) in Mexico City, as in today's sandbox;
// Pix payers send from Nu Pagamentos, SPEI payers from BBVA México.
const (
	speiBank        = "646"
	speiPlaza       = "180"
	pixMerchant     = "BLINDPAY SANDBOX"
	pixCity         = "SAO PAULO"
	payerISPB       = "18236120"
	payerSPEIBank   = "40012"
	payerSPEIPrefix = "MBAN01"
)

// payin is PayinOut as the sandbox serves it (CreatePayinOut and the payin
// webhooks are subsets of it).
type payin struct {
	ID                   string          `json:"id"`
	PixCode              *string         `json:"pix_code"`
	MemoCode             *string         `json:"memo_code"`
	CLABE                *string         `json:"clabe"`
	Status               string          `json:"status"`
	PayinQuoteID         string          `json:"payin_quote_id"`
	InstanceID           string          `json:"instance_id"`
	CustomerID           string          `json:"customer_id"`
	PartnerFee           int64           `json:"partner_fee"`
	TrackingTransaction  map[string]any  `json:"tracking_transaction"`
	TrackingPayment      map[string]any  `json:"tracking_payment"`
	TrackingComplete     map[string]any  `json:"tracking_complete"`
	CreatedAt            string          `json:"created_at"`
	UpdatedAt            string          `json:"updated_at"`
	FirstName            *string         `json:"first_name"`
	LastName             *string         `json:"last_name"`
	Type                 string          `json:"type"`
	PaymentMethod        string          `json:"payment_method"`
	SenderAmount         int64           `json:"sender_amount"`
	ReceiverAmount       int64           `json:"receiver_amount"`
	Token                string          `json:"token"`
	PartnerFeeAmount     int64           `json:"partner_fee_amount"`
	TotalFeeAmount       int64           `json:"total_fee_amount"`
	CommercialQuotation  json.Number     `json:"commercial_quotation"`
	BlindpayQuotation    json.Number     `json:"blindpay_quotation"`
	Currency             string          `json:"currency"`
	BillingFeeAmount     int64           `json:"billing_fee_amount"`
	TransactionFeeAmount int64           `json:"transaction_fee_amount"`
	IsOTC                bool            `json:"is_otc"`
	PayerRules           map[string]any  `json:"payer_rules"`
	Name                 string          `json:"name"`
	Address              string          `json:"address"`
	Network              string          `json:"network"`
	BlindpayBankDetails  json.RawMessage `json:"blindpay_bank_details"`
}

// payinEventFields are the fields of the payin webhooks' schemas.
var payinEventFields = []string{"id", "status", "pix_code", "memo_code", "clabe", "partner_fee", "tracking_complete",
	"tracking_payment", "tracking_transaction", "billing_fee_amount", "transaction_fee_amount", "blindpay_bank_details",
	"customer_id", "receiver_amount", "payment_method", "sender_amount"}

// bankDetails is the instance's receiving bank as the payin schemas require
// it (a US account; for Pix and SPEI the code or CLABE is what is paid).
var bankDetails = json.RawMessage(`{"routing_number":"121145349","account_number":"621327727210181","account_type":"Business checking",` +
	`"swift_bic_code":"CHASUS33","ach":{"routing_number":"121145349","account_number":"621327727210181"},` +
	`"wire":{"routing_number":"121145349","account_number":"621327727210181"},"rtp":null,` +
	`"beneficiary":{"name":"BlindPay Sandbox","address_line_1":"8 The Green","address_line_2":"Dover, DE 19901"},` +
	`"receiving_bank":{"name":"Sandbox Bank","address_line_1":"1 Sandbox Plaza","address_line_2":"New York, NY 10001"}}`)

// createPayin answers POST …/payins/evm (every method's path [docs/BLINDPAY.md §2]):
// the quote is used once; a Pix payin gets a dynamic BR Code for the
// sender amount, a SPEI payin its own CLABE at STP. payin.new is sent and
// the deposit is scheduled (or the failure, for the 66600 sentinel).
func (s *Sandbox) createPayin(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	var req struct {
		PayinQuoteID string `json:"payin_quote_id"`
	}
	if err := bpwire.Decode(body, &req); err != nil {
		return 0, nil, err
	}
	if req.PayinQuoteID == "" {
		return 0, nil, bpwire.Fail("VALIDATION_MISSING_REQUIRED_FIELDS", "payin_quote_id")
	}
	id := bpwire.NewID("pi")
	q, err := s.useQuote(ctx, tx, req.PayinQuoteID, kindPayin, id)
	if err != nil {
		return 0, nil, err
	}
	var sq storedPayinQuote
	if err := json.Unmarshal([]byte(q.Body), &sq); err != nil {
		return 0, nil, err
	}
	c, err := requireApproved(ctx, tx, q.CustomerID)
	if err != nil {
		return 0, nil, err
	}
	_, w, err := loadWallet(ctx, tx, q.CustomerID, sq.Internal.WalletID)
	if err != nil {
		return 0, nil, err
	}
	now := s.now().UTC()
	p := payin{ID: id, Status: statusProcessing, PayinQuoteID: q.ID, InstanceID: s.cfg.InstanceID, CustomerID: c.ID,
		TrackingTransaction: map[string]any{"step": "processing"}, TrackingPayment: map[string]any{"step": "processing"},
		TrackingComplete: map[string]any{"step": "processing"}, CreatedAt: bpwire.ISOTime(now), UpdatedAt: bpwire.ISOTime(now),
		FirstName: c.FirstName, LastName: c.LastName, Type: "individual", PaymentMethod: sq.Internal.Method,
		SenderAmount: sq.Out.SenderAmount, ReceiverAmount: sq.Out.ReceiverAmount, Token: sq.Internal.Token,
		TotalFeeAmount: sq.Internal.TotalFee, CommercialQuotation: sq.Out.CommercialQuotation, BlindpayQuotation: sq.Out.BlindpayQuotation,
		Currency: sq.Internal.Currency, Name: w.Name, Address: w.Address, Network: w.Network, BlindpayBankDetails: bankDetails}
	if len(sq.Internal.PixTaxIDs) > 0 {
		p.PayerRules = map[string]any{"pix_allowed_tax_ids": sq.Internal.PixTaxIDs}
	}
	var clabe string
	switch sq.Internal.Method {
	case "pix":
		code, err := s.brCode(p)
		if err != nil {
			return 0, nil, err
		}
		p.PixCode = &code
	case "spei":
		if clabe, err = newCLABE(ctx, tx); err != nil {
			return 0, nil, err
		}
		p.CLABE = &clabe
	}
	b, err := json.Marshal(p)
	if err != nil {
		return 0, nil, err
	}
	rec := bpstore.BPRecord{ID: id, CustomerID: c.ID, Status: statusProcessing, Stage: stageAwaiting, Body: string(b), CreatedAt: now}
	if err := bpstore.CreatePayin(ctx, tx, rec, q.ID, clabe); err != nil {
		return 0, nil, err
	}
	if err := s.hooks.Emit(ctx, tx, "payin.new", id, bphook.WithEvent("payin.new", p, payinEventFields)); err != nil {
		return 0, nil, err
	}
	action := "receive"
	if q.RequestAmount == sentinelFailed {
		action = "fail"
	}
	if err := s.schedule(ctx, tx, advanceArgs{Object: kindPayin, ID: id, From: stageAwaiting, Action: action}, s.cfg.PayinDelay); err != nil {
		return 0, nil, err
	}
	return http.StatusOK, p, nil
}

// brCode encodes the payin's dynamic BR Code: the sender amount in reais,
// a location under PixHost and the payin id as txid.
func (s *Sandbox) brCode(p payin) (string, error) {
	host := s.cfg.PixHost
	if host == "" {
		if u, err := url.Parse(s.cfg.PublicURL); err == nil {
			host = u.Host
		}
	}
	txid := make([]byte, 0, 25)
	for _, c := range []byte(p.ID) {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			txid = append(txid, c)
		}
	}
	amount := money.New(p.SenderAmount, money.Currency("BRL")).String()
	code, err := pix.Encode(pix.Code{PointOfInitiation: pix.DynamicInitiation, URL: host + "/pix/v2/" + p.ID, Amount: amount,
		MerchantName: pixMerchant, MerchantCity: pixCity, TxID: string(txid)})
	if err != nil {
		return "", fmt.Errorf("encode BR Code: %w", err)
	}
	return code, nil
}

// newCLABE returns an unused CLABE at STP with a valid check digit.
func newCLABE(ctx context.Context, tx *store.Tx) (string, error) {
	limit := big.NewInt(1e11)
	for range 10 {
		n, _ := rand.Int(rand.Reader, limit)
		c, err := taxid.NewCLABE(speiBank, speiPlaza, fmt.Sprintf("%011d", n))
		if err != nil {
			return "", err
		}
		used, err := bpstore.CLABEUsed(ctx, tx, c)
		if err != nil {
			return "", err
		}
		if !used {
			return c, nil
		}
	}
	return "", errors.New("no free CLABE after 10 tries")
}

// stepPayin takes one step of a payin: receive (the deposit arrives:
// payin.update with the sender's details and the rail's reference), then
// complete (tokens delivered to the wallet, which is credited:
// payin.complete), fail (nothing arrived) or refund (the deposit went back).
// It returns the next automatic step, if any.
func (s *Sandbox) stepPayin(ctx context.Context, tx *store.Tx, rec bpstore.BPRecord, action string) (next string, err error) {
	var p payin
	if err := json.Unmarshal([]byte(rec.Body), &p); err != nil {
		return "", err
	}
	now := s.now().UTC()
	stamp := bpwire.ISOTime(now)
	event := "payin.complete"
	switch {
	case action == "receive" && rec.Stage == stageAwaiting:
		rec.Stage, event = stageReceived, "payin.update"
		tt := map[string]any{"step": "completed", "status": "completed", "completed_at": stamp,
			"sender_name": str(p.FirstName) + " " + str(p.LastName), "external_id": hex.EncodeToString(randomBytes(8))}
		switch p.PaymentMethod {
		case "pix":
			e2e, err := rail.NewEndToEndID(payerISPB, now, rand.Reader)
			if err != nil {
				return "", err
			}
			tt["provider_name"], tt["end_to_end_id"], tt["sender_bank_code"] = "Stark Bank", e2e, payerISPB
			if ids, _ := p.PayerRules["pix_allowed_tax_ids"].([]any); len(ids) > 0 {
				tt["sender_tax_id"] = ids[0]
			}
		case "spei":
			key, err := rail.NewTrackingKey(payerSPEIPrefix, now.In(time.FixedZone("CST", -6*60*60)), rand.Reader)
			if err != nil {
				return "", err
			}
			tt["provider_name"], tt["trace_number"], tt["sender_bank_code"] = "Nvio Pagos", key, payerSPEIBank
		}
		p.TrackingTransaction = tt
		p.TrackingPayment = map[string]any{"step": "processing", "provider_name": tt["provider_name"]}
		next = "complete"
		if q, err := s.transferQuote(ctx, tx, kindPayin, rec.ID); err != nil {
			return "", err
		} else if q.RequestAmount == sentinelRefunded {
			next = "refund"
		}
	case action == "complete" && rec.Stage == stageReceived:
		rec.Stage, p.Status = statusCompleted, statusCompleted
		p.TrackingPayment = map[string]any{"step": "completed", "provider_name": p.TrackingTransaction["provider_name"], "completed_at": stamp}
		p.TrackingComplete = map[string]any{"step": "completed", "transaction_hash": "0x" + hex.EncodeToString(randomBytes(32)), "completed_at": stamp}
		wrec, err := bpstore.WalletByAddress(ctx, tx, p.Address)
		if err != nil {
			return "", err
		}
		if _, err := bpstore.MoveBalance(ctx, tx, wrec.ID, p.ReceiverAmount); err != nil {
			return "", err
		}
	case action == "fail" && (rec.Stage == stageAwaiting || rec.Stage == stageReceived):
		rec.Stage, p.Status = statusFailed, statusFailed
		p.TrackingTransaction["step"], p.TrackingTransaction["status"] = "completed", "failed"
		p.TrackingTransaction["completed_at"] = stamp
	case action == "refund" && rec.Stage == stageReceived:
		rec.Stage, p.Status = statusRefunded, statusRefunded
		p.TrackingPayment = map[string]any{"step": "completed", "provider_name": p.TrackingTransaction["provider_name"], "completed_at": stamp}
	default:
		return "", notNow(kindPayin, rec.Stage, action)
	}
	rec.Status, p.UpdatedAt = p.Status, stamp
	if err := s.saveTransfer(ctx, tx, kindPayin, rec, p); err != nil {
		return "", err
	}
	return next, s.hooks.Emit(ctx, tx, event, rec.ID, bphook.WithEvent(event, p, payinEventFields))
}

// notNow refuses a step the object's current stage does not allow.
func notNow(kind, stage, action string) error {
	code := "PAYINS_ALREADY_TERMINAL"
	if kind == kindPayout {
		code = "VALIDATION_INVALID_REQUEST"
	}
	return &bpwire.Error{Code: code, Status: http.StatusConflict,
		Description: fmt.Sprintf("A %s at step %q cannot %s.", kind, stage, action)}
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	rand.Read(b)
	return b
}

// transferQuote returns the quote a payin or payout was made from.
func (s *Sandbox) transferQuote(ctx context.Context, tx *store.Tx, kind, id string) (bpstore.BPQuote, error) {
	quoteID, _, err := bpstore.TransferQuote(ctx, tx, kind, id)
	if err != nil {
		return bpstore.BPQuote{}, err
	}
	return bpstore.Quote(ctx, tx, quoteID)
}

// saveTransfer stores a payin's or payout's new state and JSON.
func (s *Sandbox) saveTransfer(ctx context.Context, tx *store.Tx, kind string, rec bpstore.BPRecord, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	rec.Body = string(b)
	return bpstore.UpdateTransfer(ctx, tx, kind, rec, s.now().UTC())
}

// getTransfer answers GET …/payins/{id} and …/payouts/{id} (and their
// public /v1/e/ twins).
func (s *Sandbox) getTransfer(kind string) apiFunc {
	return func(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
		rec, err := bpstore.Transfer(ctx, tx, kind, r.PathValue("id"))
		if errors.Is(err, store.ErrNotFound) {
			if kind == kindPayout {
				return 0, nil, bpwire.Fail("PAYOUTS_NOT_FOUND")
			}
			return 0, nil, bpwire.Fail("PAYINS_NOT_FOUND")
		}
		if err != nil {
			return 0, nil, err
		}
		return http.StatusOK, json.RawMessage(rec.Body), nil
	}
}

// listTransfers answers GET …/payins and …/payouts with {data, pagination},
// filtered by customer_id and status.
func (s *Sandbox) listTransfers(kind string) apiFunc {
	return func(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
		limit := limitParam(r)
		q := r.URL.Query()
		recs, err := bpstore.Transfers(ctx, tx, kind, q.Get("customer_id"), q.Get("status"), limit+1)
		if err != nil {
			return 0, nil, err
		}
		return http.StatusOK, page(recs, limit), nil
	}
}
