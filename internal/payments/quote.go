package payments

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/pricing"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
)

// ParseSymbol checks a quote symbol (a corridor's, corridor.BySymbol).
func ParseSymbol(symbol string) (money.Currency, error) {
	c, ok := corridor.BySymbol(symbol)
	if !ok {
		return "", apperr.E(apperr.Invalid, "symbol").On("symbol")
	}
	return c.Currency, nil
}

// ParseAmountUSD applies the amount rules every payment shares: a number
// greater than 0 with at most 2 decimals, within the configured maximum;
// the Brazil minimum is checked by CheckAmount when a payment is made.
func (s *Service) ParseAmountUSD(raw string) (money.Amount, error) {
	invalid := apperr.E(apperr.AmountInvalid, "").On("amount_usd")
	if raw == "" {
		return money.Amount{}, apperr.E(apperr.AmountInvalid, "required").On("amount_usd")
	}
	a, err := money.Parse(raw, money.USD)
	tooLarge := apperr.E(apperr.AmountTooLarge, "max",
		"max", s.cfg.MaxPaymentUSD).On("amount_usd")
	switch {
	case errors.Is(err, money.ErrRange):
		return money.Amount{}, tooLarge
	case errors.Is(err, money.ErrPrecision):
		return money.Amount{}, apperr.E(apperr.AmountInvalid, "decimals").On("amount_usd")
	case err != nil:
		return money.Amount{}, invalid
	case !a.IsPositive():
		return money.Amount{}, apperr.E(apperr.AmountInvalid, "positive").On("amount_usd")
	}
	if a.Cmp(s.cfg.MaxPaymentUSD) > 0 {
		return money.Amount{}, tooLarge
	}
	return a, nil
}

// CheckAmount applies the corridor's minimum (corridor.Corridor.MinimumUSD,
// which says why Mexico's is USD 5.00) to a payment.
func CheckAmount(local money.Currency, a money.Amount) error {
	if c, ok := corridor.ByCurrency(local); ok && a.Cmp(c.MinimumUSD) < 0 {
		return minimumError(c)
	}
	return nil
}

// CheckPartnerMinimums refuses what the partner cannot carry, before a
// quote is shown or a payment made: a USD amount below its payout minimum
// (corridor.PayoutMinimum) or a local total below its pay-in minimum on
// the corridor's rail (corridor.Corridor.PayinMinimum). Such a payment
// would be paid in and never finish, or not be taken at all. The answer
// names the corridor's own minimum, which is never below either. A zero
// total checks the USD amount only (before pricing). The rest of a
// corridor's minimum (Brazil's USD 16) guards payments, not quotes.
func CheckPartnerMinimums(local money.Currency, usd, total money.Amount) error {
	c, ok := corridor.ByCurrency(local)
	if !ok {
		return nil
	}
	if usd.Cmp(corridor.PayoutMinimum) < 0 {
		return minimumError(c)
	}
	if total.IsPositive() && total.Currency == c.PayinMinimum.Currency && total.Cmp(c.PayinMinimum) < 0 {
		return apperr.E(apperr.MinimumAmount, "payin", "country", c.NameIn("en"), "currency", c.PayinMinimum.Currency,
			"amount", c.PayinMinimum).On("amount_usd")
	}
	return nil
}

// minimumError is the corridor's "Minimum Transfer Amount" refusal, in the
// corridor's own wording (minimum_amount.<name>) where the catalog has one.
func minimumError(c corridor.Corridor) error {
	return apperr.Specific(apperr.E(apperr.MinimumAmount, "corridor", "country", c.NameIn("en"),
		"amount", c.MinimumUSD).On("amount_usd"), c.Name)
}

// CreateQuote locks a quote for the session: the partner's on-ramp and
// off-ramp legs, priced by package pricing, stored with their expiry, and
// remembered as the session's last quote.
func (s *Service) CreateQuote(ctx context.Context, who actor.Actor, symbol string, amountUSD money.Amount) (payment.Quote, error) {
	local, err := ParseSymbol(symbol)
	if err != nil {
		return payment.Quote{}, err
	}
	if err := CheckPartnerMinimums(local, amountUSD, money.Amount{}); err != nil {
		return payment.Quote{}, err
	}
	on, off, err := s.quoteLegs(ctx, symbol)
	if err != nil {
		return payment.Quote{}, err
	}
	onRate, err1 := money.ParseRate(on.Quotation)
	offRate, err2 := money.ParseRate(off.Quotation)
	feeFixed, err3 := money.Parse(off.FeeFixed, money.USD)
	if err := errors.Join(err1, err2, err3); err != nil {
		return payment.Quote{}, fmt.Errorf("partner quote not understood: %w", err)
	}
	b, err := pricing.Price(pricing.Input{AmountUSD: amountUSD, OnRampQuotation: onRate, OffRampQuotation: offRate,
		FeeBps: off.FeeBps, FeeFixed: feeFixed, Local: local,
		// BlindPay takes SPEI pay-ins in whole pesos: the payer is shown
		// (and pays) the amount rounded up, never one it would refuse.
		WholeUnits: local == money.MXN})
	if errors.Is(err, pricing.ErrTooSmall) {
		return payment.Quote{}, apperr.E(apperr.MinimumAmount, "too_small").On("amount_usd")
	}
	if err != nil {
		return payment.Quote{}, fmt.Errorf("price quote: %w", err)
	}
	if err := CheckPartnerMinimums(local, amountUSD, b.TotalLocal); err != nil {
		return payment.Quote{}, err
	}
	// What actually happens to the money: the payer sends TotalLocal, the
	// partner buys USDC with it (rounded down to 6 places) and sells that
	// USDC for USD (rounded down to cents). The ledger posts these amounts.
	legs, err := pricing.ComputeLegs(b, onRate, offRate)
	if errors.Is(err, pricing.ErrTooSmall) {
		return payment.Quote{}, apperr.E(apperr.MinimumAmount, "too_small").On("amount_usd")
	}
	if err != nil {
		return payment.Quote{}, err
	}
	usdc, gross := legs.USDC, legs.GrossUSD
	now := s.now().UTC().Truncate(time.Millisecond)
	q := payment.Quote{
		ID: randid.New("quo"), SessionID: who.SessionID, Symbol: symbol, AmountUSD: amountUSD, TotalLocal: b.TotalLocal,
		TotalFeesUSD: b.TotalFeesUSD, USDC: usdc, GrossUSD: gross, EffectiveRate: b.EffectiveRate,
		OnRampID: on.ID, OnRampQuotation: on.Quotation, OffRampID: off.ID, OffRampQuotation: off.Quotation,
		CreatedAt: now, ExpiresAt: now.Add(s.cfg.QuoteTTL),
	}
	// One statement, alone on PostgreSQL (store.CreateSessionQuote).
	err = s.db.WriteOne(ctx, func(tx *store.Tx) error { return tx.CreateSessionQuote(ctx, q) })
	return q, err
}

// quoteLegs asks the partner for the on-ramp (local -> USDC) and off-ramp
// (USDC -> USD) legs.
func (s *Service) quoteLegs(ctx context.Context, symbol string) (on, off partner.Quote, err error) {
	// The two legs are independent: ask for both at once.
	var offErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		off, offErr = s.partner.CreateQuote(ctx, randid.New("idem"), partner.QuoteRequest{Symbol: "USDC/USD", Side: partner.OffRamp})
	}()
	on, err = s.partner.CreateQuote(ctx, randid.New("idem"), partner.QuoteRequest{Symbol: symbol, Side: partner.OnRamp})
	<-done
	if err == nil {
		err = offErr
	}
	if err != nil {
		s.log.Warn("partner quote failed", "symbol", symbol, "err", err)
		return on, off, apperr.E(apperr.PartnerUnavailable, "quote")
	}
	return on, off, nil
}

// IndicativeRate is the calculator's live rate: local currency per USD
// all-in for on_ramp, or local currency received per USD for off_ramp. It
// locks nothing and stores nothing.
func (s *Service) IndicativeRate(ctx context.Context, symbol, quoteType string) (string, error) {
	if _, err := ParseSymbol(symbol); err != nil {
		return "", err
	}
	switch quoteType {
	case partner.OnRamp:
		on, off, err := s.quoteLegs(ctx, symbol)
		if err != nil {
			return "", err
		}
		onRate, err1 := money.ParseRate(on.Quotation)
		offRate, err2 := money.ParseRate(off.Quotation)
		if err := errors.Join(err1, err2, pricing.ValidateRates(onRate, offRate, off.FeeBps)); err != nil {
			return "", fmt.Errorf("partner quote not understood: %w", err)
		}
		return pricing.Indicative(onRate, offRate, off.FeeBps), nil
	case partner.OffRamp:
		q, err := s.partner.CreateQuote(ctx, randid.New("idem"), partner.QuoteRequest{Symbol: symbol, Side: partner.OffRamp})
		if err != nil {
			s.log.Warn("partner quote failed", "symbol", symbol, "err", err)
			return "", apperr.E(apperr.PartnerUnavailable, "rate")
		}
		rate, err := money.ParseRate(q.Quotation)
		if err != nil || q.FeeBps < 0 || q.FeeBps >= 10000 {
			return "", fmt.Errorf("partner quote not understood: %v", err)
		}
		return pricing.IndicativeReverse(rate, q.FeeBps), nil
	}
	return "", apperr.E(apperr.Invalid, "quote_type").On("quote_type")
}
