package bpadapter

import (
	"context"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/partner/blindpay"
)

// PayoutRequest pays stablecoin from the customer's managed wallet to
// their US bank account, after the payin completed (BlindPay does not
// chain the two).
type PayoutRequest = partner.PayoutRequest

// CreatePayout quotes and executes a payout. The quote and the payout
// carry Idempotency-Keys derived from idemKey and their bodies, so a retry
// of the same payment's payout replays rather than pays twice; should the
// quote have expired before the payout was made, one new quote is taken.
// Crebit stores the returned id with the payment: payout webhooks carry
// only the payout's id.
//
// Proposed Partner method: CreatePayout(ctx, key, PayoutRequest).
func (a *Adapter) CreatePayout(ctx context.Context, idemKey string, req PayoutRequest) (partner.Offramp, error) {
	amount, err := blindpay.ToCents(req.Amount)
	if err != nil {
		return partner.Offramp{}, refusal(400, "amount_not_accepted", nil, "%v", err)
	}
	q := blindpay.CreatePayoutQuoteRequest{BankAccountID: req.BankAccountID, RequestAmount: amount,
		Network: a.cfg.Network, Token: a.cfg.Token, Description: req.Reference}
	switch req.Amount.Currency {
	case money.USD:
		q.CurrencyType, q.CoverFees = blindpay.CurrencyReceiver, ptr(true)
	case money.USDC:
		q.CurrencyType, q.CoverFees = blindpay.CurrencySender, ptr(false)
	default:
		return partner.Offramp{}, refusal(400, "amount_not_accepted", nil, "a payout is in USD or USDC, not %s", req.Amount.Currency)
	}
	for attempt := 0; ; attempt++ {
		key := idemKey + "-quote"
		if attempt > 0 {
			key += "-" + randomHex(8)
		}
		pq, err := a.c.CreatePayoutQuote(ctx, key, q)
		if err != nil {
			return partner.Offramp{}, wrap(err)
		}
		p, err := a.c.CreatePayout(ctx, idemKey, blindpay.CreatePayoutRequest{QuoteID: pq.ID, SenderWalletAddress: req.WalletAddress})
		if Code(err) == "QUOTES_EXPIRED" && attempt == 0 {
			continue
		}
		if err != nil {
			return partner.Offramp{}, wrap(err)
		}
		out := OfframpOf(p)
		if out.Amount == "" {
			if usd, err := blindpay.FromCents(pq.ReceiverAmount, money.USD); err == nil {
				out.Amount, out.Currency = usd.String(), string(money.USD)
			}
		}
		return out, nil
	}
}

// GetPayout returns a payout as Crebit sees it, for reconciliation.
func (a *Adapter) GetPayout(ctx context.Context, payoutID string) (partner.Offramp, error) {
	p, err := a.c.GetPayout(ctx, payoutID)
	if err != nil {
		return partner.Offramp{}, wrap(err)
	}
	return OfframpOf(p), nil
}

// PayoutEvents reads a payout and returns the events its state implies
// (see PayinEvents).
//
// Proposed Partner method: PayoutEvents(ctx, payoutID).
func (a *Adapter) PayoutEvents(ctx context.Context, payoutID string) ([]partner.Event, error) {
	p, err := a.c.GetPayout(ctx, payoutID)
	if err != nil {
		return nil, wrap(err)
	}
	name := blindpay.EventPayoutUpdate
	if terminal(p.Status) {
		name = blindpay.EventPayoutComplete
	}
	return payoutEvents("poll:"+p.ID, name, &p, a.cfg.Now()), nil
}

// OfframpOf is Crebit's view of a BlindPay payout: USD, BlindPay's status.
func OfframpOf(p blindpay.Payout) partner.Offramp {
	out := partner.Offramp{ID: p.ID, Status: p.Status}
	if p.ReceiverAmount.Valid() {
		if usd, err := blindpay.FromCents(p.ReceiverAmount, money.USD); err == nil {
			out.Amount, out.Currency = usd.String(), string(money.USD)
		}
	}
	return out
}
