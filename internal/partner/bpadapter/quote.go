package bpadapter

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/partner/blindpay"
)

// referenceLocal is the amount (hundredths: 1,000.00 of the local
// currency) an indicative rate is asked for. BlindPay's FX endpoints need
// an amount; one of a typical tuition payment's order keeps the flat fee's
// share realistic.
const referenceLocal = 100000

// referenceTokens is the stablecoin amount (hundredths: 1,000.00) an
// indicative payout rate is asked for.
const referenceTokens = 100000

// CreateQuote is partner.Partner's, answered with BlindPay's FX endpoints:
// an indicative rate that creates no BlindPay quote (BlindPay's firm payin
// quote needs the approved customer's wallet, which an anonymous visitor
// does not have; see QuotePayment for the firm quotes of the payment
// step). The on-ramp quotation (local currency per stablecoin) includes
// BlindPay's percentage and flat payin fees at the reference amount; the
// off-ramp one is USD per stablecoin with the payout's fees as FeeBps and
// FeeFixed. An off-ramp to a corridor's currency (USDC/BRL, USDC/MXN:
// the calculator's reverse rate) is the payout FX into that currency, its
// percentage fee as FeeBps. The ID starts "fx_": it names no BlindPay
// object.
func (a *Adapter) CreateQuote(ctx context.Context, idemKey string, req partner.QuoteRequest) (partner.Quote, error) {
	base, quote, ok := strings.Cut(req.Symbol, "/")
	if !ok || base != "USDC" {
		return partner.Quote{}, refusal(400, "invalid_symbol", nil, "symbol %q is not USDC/<currency>", req.Symbol)
	}
	out := partner.Quote{ID: "fx_" + randomHex(12), Symbol: req.Symbol, Side: req.Side, FeeFixed: "0.00", ExpiresAt: a.cfg.Now().Add(a.cfg.IndicativeTTL).UTC()}
	switch req.Side {
	case partner.OnRamp:
		if _, ok := corridor.BySymbol(req.Symbol); !ok {
			return partner.Quote{}, refusal(400, "invalid_symbol", nil, "on-ramp symbol %q is no corridor's", req.Symbol)
		}
		fx, err := a.c.PayinFXRate(ctx, blindpay.FXRequest{From: quote, To: a.cfg.Token, RequestAmount: referenceLocal, CurrencyType: blindpay.CurrencySender})
		if err != nil {
			return partner.Quote{}, wrap(err)
		}
		tokens, err := fx.ResultAmount.Rat()
		if err != nil || tokens.Sign() <= 0 {
			return partner.Quote{}, refusal(502, "fx_not_understood", nil, "payin FX result_amount %q", fx.ResultAmount)
		}
		// Local per token delivered after BlindPay's percentage fee; its
		// flat fee, which does not scale, is priced on the off-ramp side
		// (FeeFixed), so that small payments are not underpriced.
		net := new(big.Rat).Sub(tokens, pctOf(tokens, fx))
		if net.Sign() <= 0 {
			return partner.Quote{}, refusal(502, "fx_not_understood", nil, "payin FX fees exceed the reference amount")
		}
		out.Quotation = rate(new(big.Rat).Quo(big.NewRat(referenceLocal, 1), net))
	case partner.OffRamp:
		if quote != "USD" {
			// A corridor's reverse rate (the calculator's "they send me
			// USD"): what a payout of the token in the local currency
			// gives, BlindPay's percentage fee as FeeBps. Nothing is
			// locked or checked against it, so no cushion.
			if _, ok := corridor.BySymbol(req.Symbol); !ok {
				return partner.Quote{}, refusal(400, "invalid_symbol", nil, "off-ramp symbol %q: USD or a corridor's currency", req.Symbol)
			}
			fx, err := a.c.PayoutFXRate(ctx, blindpay.FXRequest{From: a.cfg.Token, To: quote, RequestAmount: referenceTokens, CurrencyType: blindpay.CurrencySender})
			if err != nil {
				return partner.Quote{}, wrap(err)
			}
			local, err := fx.ResultAmount.Rat()
			if err != nil || local.Sign() <= 0 {
				return partner.Quote{}, refusal(502, "fx_not_understood", nil, "payout FX result_amount %q", fx.ResultAmount)
			}
			out.Quotation = rate(new(big.Rat).Quo(local, big.NewRat(referenceTokens, 1)))
			if bps, err := fx.InstancePercentageFee.Int64(); err == nil && bps > 0 {
				out.FeeBps = bps
			}
			return out, nil
		}
		fx, err := a.c.PayoutFXRate(ctx, blindpay.FXRequest{From: a.cfg.Token, To: "USD", RequestAmount: referenceTokens, CurrencyType: blindpay.CurrencySender})
		if err != nil {
			return partner.Quote{}, wrap(err)
		}
		usd, err := fx.ResultAmount.Rat()
		if err != nil || usd.Sign() <= 0 {
			return partner.Quote{}, refusal(502, "fx_not_understood", nil, "payout FX result_amount %q", fx.ResultAmount)
		}
		out.Quotation = rate(new(big.Rat).Quo(usd, big.NewRat(referenceTokens, 1)))
		// The payout's percentage fee and the cushion the firm check wants
		// (QuotePayment), so that Crebit's price pays for both.
		out.FeeBps = a.cfg.PayoutCushionBps
		if bps, err := fx.InstancePercentageFee.Int64(); err == nil {
			out.FeeBps += bps
		}
		if flat, err := fx.InstanceFlatFee.Int64(); err == nil && flat > 0 {
			// The instance's flat fee is charged on each leg, the payin's
			// and the payout's: twice, in hundredths of the token taken as
			// USD (a token is worth a little less than a dollar, so this
			// errs on the payer's side by a fraction of a cent).
			out.FeeFixed = money.New(2*flat, money.USD).String()
		}
	default:
		return partner.Quote{}, refusal(400, "invalid_side", nil, "side %q: on_ramp or off_ramp", req.Side)
	}
	return out, nil
}

// pctOf is BlindPay's instance percentage fee on an amount of tokens.
func pctOf(tokens *big.Rat, fx blindpay.FXRate) *big.Rat {
	bps, err := fx.InstancePercentageFee.Rat()
	if err != nil {
		return new(big.Rat)
	}
	return new(big.Rat).Mul(tokens, new(big.Rat).Quo(bps, big.NewRat(10000, 1)))
}

// feeOf is BlindPay's instance fees on an amount of tokens (hundredths):
// instance_percentage_fee in basis points plus instance_flat_fee.
func feeOf(tokens *big.Rat, fx blindpay.FXRate) *big.Rat {
	fee := new(big.Rat)
	if bps, err := fx.InstancePercentageFee.Rat(); err == nil {
		fee.Add(fee, new(big.Rat).Mul(tokens, new(big.Rat).Quo(bps, big.NewRat(10000, 1))))
	}
	if flat, err := fx.InstanceFlatFee.Rat(); err == nil {
		fee.Add(fee, flat)
	}
	return fee
}

// rate formats a quotation with 8 decimals, trailing zeros dropped.
func rate(r *big.Rat) string {
	s := r.FloatString(8)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// PaymentQuoteRequest asks for the firm quotes of the payment step.
type PaymentQuoteRequest struct {
	WalletID string // the customer's managed wallet (bl_…), from EnsureWallet
	Method   string // pix or spei
	// AmountLocal is what the payer will send, from Crebit's locked quote
	// (BRL, or MXN in whole pesos: BlindPay refuses centavos, and which
	// way to round is Crebit's pricing decision, not the adapter's).
	AmountLocal money.Amount
	// AmountUSD is what Crebit promised to deliver.
	AmountUSD money.Amount
	// PayerTaxID is the CPF or CNPJ allowed to pay by Pix (required for
	// Pix, ignored for SPEI).
	PayerTaxID string
}

// PaymentQuote is the firm payin quote of a payment, checked against the
// payout it must fund.
type PaymentQuote struct {
	PayinQuoteID string // store it: OpenPayin and RecoverPayin take it
	ExpiresAt    time.Time
	Local        money.Amount // what the payer sends (sender_amount)
	Tokens       money.Amount // stablecoin the payin delivers to the wallet (USDC scale)
	// TokensNeeded is what a payout of AmountUSD takes at today's rate
	// with BlindPay's payout fees; Tokens covers it with the cushion.
	TokensNeeded money.Amount
}

// QuotePayment makes the firm payin quote for a payment whose price
// Crebit locked earlier from indicative rates, and checks that it still
// pays for the promise: the stablecoin it delivers must cover a payout of
// AmountUSD (BlindPay's payout FX, fees included) plus half of
// PayoutCushionBps (CreateQuote prices the whole cushion in).
// If it does not, nothing is opened and the answer is ErrRatesMoved (code
// quote_expired, so today's service tells the payer to get a new quote);
// the surplus, when there is one, is Crebit's margin and stays with the
// payment (see the design's quote model).
//
// Proposed Partner method: QuotePayment(ctx, key, PaymentQuoteRequest).
func (a *Adapter) QuotePayment(ctx context.Context, idemKey string, req PaymentQuoteRequest) (PaymentQuote, error) {
	request, err := blindpay.ToCents(req.AmountLocal)
	if err != nil {
		return PaymentQuote{}, refusal(400, "amount_not_accepted", nil, "%v", err)
	}
	usd, err := blindpay.ToCents(req.AmountUSD)
	if err != nil || req.AmountUSD.Currency != money.USD {
		return PaymentQuote{}, refusal(400, "amount_not_accepted", nil, "amount_usd %s %s", req.AmountUSD, req.AmountUSD.Currency)
	}
	q := blindpay.CreatePayinQuoteRequest{WalletID: req.WalletID, CurrencyType: blindpay.CurrencySender, CoverFees: ptr(false),
		RequestAmount: request, PaymentMethod: req.Method, Token: a.cfg.Token}
	c, ok := corridor.ByPartnerMethod(req.Method)
	if !ok {
		return PaymentQuote{}, refusal(400, "method_not_supported", nil, "payin method %q is no corridor's", req.Method)
	}
	if req.AmountLocal.Currency != c.Currency {
		return PaymentQuote{}, refusal(400, "currency_mismatch", nil, "a %s payin is in %s, not %s", c.MethodName, c.Currency, req.AmountLocal.Currency)
	}
	// BlindPay accepts a Pix transfer only from the tax ids its quote
	// allows (payer_rules); other methods take no rule.
	if req.Method == blindpay.MethodPix {
		doc := digits(req.PayerTaxID)
		if doc == "" {
			return PaymentQuote{}, refusal(400, "tax_id_required", nil, "a %s payin needs the payer's %s", c.MethodName, c.TaxID.Name)
		}
		q.PayerRules = &blindpay.PayerRules{PixAllowedTaxIDs: []string{doc}}
	}
	pq, err := a.c.CreatePayinQuote(ctx, idemKey, q)
	if err != nil {
		return PaymentQuote{}, wrap(err)
	}
	out := PaymentQuote{PayinQuoteID: pq.ID}
	if t, err := pq.ExpiresAt.Time(); err == nil {
		out.ExpiresAt = t
	}
	if out.Local, err = blindpay.FromCents(pq.SenderAmount, req.AmountLocal.Currency); err != nil {
		return PaymentQuote{}, refusal(502, "quote_not_understood", nil, "payin quote sender_amount: %v", err)
	}
	if out.Tokens, err = blindpay.FromCents(pq.ReceiverAmount, money.USDC); err != nil {
		return PaymentQuote{}, refusal(502, "quote_not_understood", nil, "payin quote receiver_amount: %v", err)
	}
	fx, err := a.c.PayoutFXRate(ctx, blindpay.FXRequest{From: a.cfg.Token, To: "USD", RequestAmount: usd, CurrencyType: blindpay.CurrencyReceiver})
	if err != nil {
		return PaymentQuote{}, wrap(err)
	}
	need, err := fx.ResultAmount.Rat()
	if err != nil {
		return PaymentQuote{}, refusal(502, "fx_not_understood", nil, "payout FX result_amount %q", fx.ResultAmount)
	}
	need.Add(need, feeOf(need, fx))
	if out.TokensNeeded, err = money.RoundAmount(new(big.Rat).Quo(need, big.NewRat(100, 1)), money.USDC, money.Up); err != nil {
		return PaymentQuote{}, err
	}
	// Half the cushion priced into the indicative quote must be left: the
	// other half absorbs rounding and the rate's move since the payer
	// locked the price.
	withCushion := new(big.Rat).Mul(out.TokensNeeded.Rat(), big.NewRat(20000+a.cfg.PayoutCushionBps, 20000))
	if out.Tokens.Rat().Cmp(withCushion) < 0 {
		return out, refusal(409, "quote_expired", ErrRatesMoved,
			"the payin delivers %s %s, a payout of USD %s needs %s plus a %d bps cushion",
			out.Tokens, a.cfg.Token, req.AmountUSD, out.TokensNeeded, a.cfg.PayoutCushionBps/2)
	}
	if out.Local.Cmp(req.AmountLocal) != 0 {
		// BlindPay changed the amount (SPEI rounds to whole pesos): the
		// payer would be shown another figure than the one they accepted.
		return out, refusal(409, "quote_expired", ErrRatesMoved, "the payin quote asks %s %s, not the locked %s",
			out.Local, out.Local.Currency, req.AmountLocal)
	}
	return out, nil
}

func ptr[T any](v T) *T { return &v }

// digits keeps the digits of a tax id ("123.456.789-09" → "12345678909");
// a CNPJ's letters (the 2026 alphanumeric CNPJ) are kept too.
func digits(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func randomHex(n int) string {
	b := make([]byte, (n+1)/2)
	rand.Read(b)
	return hex.EncodeToString(b)[:n]
}

// newUUID returns a random (version 4) UUID, the shape the terms
// initiation requires of its idempotency_key.
func newUUID() string {
	b := make([]byte, 16)
	rand.Read(b)
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}
