package bpadapter

import (
	"context"

	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/partner/blindpay"
)

// Payin statuses as today's service reads them (service.recoverPayment).
const (
	PayinAwaiting   = "awaiting_payment" // opened, no money yet
	PayinProcessing = "processing"       // money arrived, or under review
	PayinCompleted  = "completed"        // stablecoin delivered to the wallet
	PayinFailed     = "failed"
	PayinRefunded   = "refunded"
)

// CreatePayin is partner.Partner's: it finds the customer's managed wallet
// by req.WalletAddress, makes the firm payin quote (QuotePayment, which
// checks it still pays for req.AmountUSD) and opens the payin (OpenPayin).
// The Idempotency-Keys derive from idemKey (Crebit's payment id) and the
// bodies, so a retry of the same payment replays rather than repeats.
// Because the payin quote id is not returned through this interface, a
// payment whose process died here cannot be recovered by FindPayin; the
// proposed interface splits this into QuotePayment + OpenPayin.
func (a *Adapter) CreatePayin(ctx context.Context, idemKey string, req partner.PayinRequest) (partner.Payin, error) {
	if req.Delivery != "" && req.Delivery != "usd-bank-transfer" {
		return partner.Payin{}, refusal(400, "delivery_not_supported", ErrNotSupported, "BlindPay pays out to a bank account only, not %q", req.Delivery)
	}
	local, err := money.Parse(req.Amount, money.Currency(req.Currency))
	if err != nil {
		return partner.Payin{}, refusal(400, "amount_not_accepted", nil, "amount %q %s: %v", req.Amount, req.Currency, err)
	}
	usd, err := money.Parse(req.AmountUSD, money.USD)
	if err != nil {
		return partner.Payin{}, refusal(400, "amount_not_accepted", nil, "amount_usd %q: %v", req.AmountUSD, err)
	}
	w, ok, err := a.walletOn(ctx, req.CustomerID, req.WalletAddress)
	if err != nil {
		return partner.Payin{}, err
	}
	if !ok {
		return partner.Payin{}, refusal(404, "wallet_not_found", nil, "customer %s has no managed wallet %s on %s", req.CustomerID, req.WalletAddress, a.cfg.Network)
	}
	q, err := a.QuotePayment(ctx, idemKey, PaymentQuoteRequest{WalletID: w.ID, Method: req.Method, AmountLocal: local, AmountUSD: usd, PayerTaxID: req.SenderDocument})
	if err != nil {
		return partner.Payin{}, err
	}
	return a.OpenPayin(ctx, idemKey, q.PayinQuoteID)
}

// OpenPayin opens the payin of a firm payin quote and returns its deposit
// instructions: the Pix BR Code ("copia e cola") or the SPEI CLABE.
//
// Proposed Partner method: OpenPayin(ctx, key, payinQuoteID).
func (a *Adapter) OpenPayin(ctx context.Context, idemKey, payinQuoteID string) (partner.Payin, error) {
	p, err := a.c.CreatePayin(ctx, idemKey, blindpay.CreatePayinRequest{PayinQuoteID: payinQuoteID})
	if err != nil {
		return partner.Payin{}, wrap(err)
	}
	return PayinOf(p), nil
}

// RecoverPayin finds the payin a payment opened (or did not) when the
// process died between the request and recording its answer: it sends
// OpenPayin's request again, with the same key and quote, so BlindPay
// replays the stored answer (for 24 hours). found is false when the quote
// can no longer open a payin (expired, unknown), which proves none was
// opened under it; a quote already used by another request is an error for
// an operator, since that payin cannot be named.
//
// Proposed Partner method, replacing FindPayin: RecoverPayin(ctx, key, payinQuoteID).
func (a *Adapter) RecoverPayin(ctx context.Context, idemKey, payinQuoteID string) (partner.Payin, bool, error) {
	p, err := a.OpenPayin(ctx, idemKey, payinQuoteID)
	switch Code(err) {
	case "":
	case "QUOTES_EXPIRED", "QUOTES_NOT_FOUND", "QUOTES_INVALID_STATE":
		return partner.Payin{}, false, nil
	}
	if err != nil {
		return partner.Payin{}, false, err
	}
	return p, true, nil
}

// GetPayin returns a payin as Crebit sees it, for reconciliation.
func (a *Adapter) GetPayin(ctx context.Context, payinID string) (partner.Payin, error) {
	p, err := a.c.GetPayin(ctx, payinID)
	if err != nil {
		return partner.Payin{}, wrap(err)
	}
	return PayinOf(p), nil
}

// PayinEvents reads a payin and returns the events its state implies, as
// TranslateEvent would for its latest webhook: reconciliation polls it for
// a payment with no webhook for N minutes and applies the events, which
// payment.Apply takes at most once. Their ids are "poll:<payin>:<type>",
// so a repeated poll is a duplicate.
//
// Proposed Partner method: PayinEvents(ctx, payinID).
func (a *Adapter) PayinEvents(ctx context.Context, payinID string) ([]partner.Event, error) {
	p, err := a.c.GetPayin(ctx, payinID)
	if err != nil {
		return nil, wrap(err)
	}
	name := blindpay.EventPayinUpdate
	switch {
	case terminal(p.Status):
		name = blindpay.EventPayinComplete
	case PayinStatus(&p) == PayinAwaiting:
		name = blindpay.EventPayinNew // opened, nothing happened yet
	}
	return payinEvents("poll:"+p.ID, name, &p, a.cfg.Now()), nil
}

func terminal(status string) bool {
	return status == blindpay.StatusCompleted || status == blindpay.StatusFailed || status == blindpay.StatusRefunded
}

// currencyOf is a payin's local currency: its own field, else its method's.
func currencyOf(p *blindpay.Payin) money.Currency {
	if p.Currency != "" {
		return money.Currency(p.Currency)
	}
	if c, ok := corridor.ByPartnerMethod(p.PaymentMethod); ok {
		return c.Currency
	}
	switch p.PaymentMethod {
	case "ach", "wire", "rtp":
		return money.USD // not Crebit's rails, but BlindPay's docs use them in examples
	}
	return ""
}

// arrived reports whether the payer's money reached BlindPay.
func arrived(p *blindpay.Payin) bool {
	t := p.TrackingTransaction
	return p.Status == blindpay.StatusCompleted || (t != nil && t.Step == "completed" && t.Status != "failed")
}

// PayinStatus maps a BlindPay payin to the statuses today's service reads.
func PayinStatus(p *blindpay.Payin) string {
	switch p.Status {
	case blindpay.StatusCompleted:
		return PayinCompleted
	case blindpay.StatusFailed:
		return PayinFailed
	case blindpay.StatusRefunded:
		return PayinRefunded
	case blindpay.StatusOnHold:
		return PayinProcessing
	}
	if arrived(p) {
		return PayinProcessing
	}
	return PayinAwaiting
}

// speiBanks names the bank of a CLABE by its first three digits (Banxico's
// codes), for the payer's instructions.
var speiBanks = map[string]string{"646": "STP", "002": "Banamex", "012": "BBVA México", "014": "Santander",
	"021": "HSBC", "072": "Banorte", "127": "Azteca", "137": "BanCoppel", "638": "Nu México", "710": "Nvio"}

// PayinOf is Crebit's view of a BlindPay payin.
func PayinOf(p blindpay.Payin) partner.Payin {
	out := partner.Payin{ID: p.ID, Status: PayinStatus(&p), Method: p.PaymentMethod, Currency: string(currencyOf(&p))}
	if cur := currencyOf(&p); cur.Valid() && p.SenderAmount.Valid() {
		if a, err := blindpay.FromCents(p.SenderAmount, cur); err == nil {
			out.Amount = a.String()
		}
	}
	if p.PixCode != "" {
		out.Pix = &partner.Pix{Code: p.PixCode, TxID: p.ID}
	}
	if p.Clabe != "" {
		bank := ""
		if len(p.Clabe) >= 3 {
			bank = speiBanks[p.Clabe[:3]]
		}
		out.SPEI = &partner.SPEI{CLABE: p.Clabe, BankName: bank, Beneficiary: "BlindPay"}
	}
	// BlindPay does not say how long a code can be paid
	// [docs/BLINDPAY.md, open question 5]: ExpiresAt stays zero, and
	// Crebit's payment window (its own ExpiresAt) decides.
	return out
}
