package bpadapter_test

import (
	"context"
	"testing"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/partner/bpadapter"
	"github.com/crebit/crebit/internal/pricing"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

// TestQuoteModel: a price Crebit locks from the indicative quotes with
// today's package pricing (MXN rounded up to whole pesos, as the design
// asks of pricing) passes the firm check at the payment step, from small
// payments to large ones, and leaves the payout's tokens in the wallet.
func TestQuoteModel(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := setup(t, db)
		ctx := context.Background()
		wallets := map[string]partner.Wallet{}
		_, _, wallets["pix"] = h.approved(brazilian)
		_, _, wallets["spei"] = h.approved(mexican)
		for _, c := range []struct {
			method, symbol string
			local          money.Currency
		}{{"pix", "USDC/BRL", money.BRL}, {"spei", "USDC/MXN", money.MXN}} {
			for _, amount := range []string{"20.00", "100.00", "440.00", "5000.00"} {
				on, err1 := h.a.CreateQuote(ctx, "on", partner.QuoteRequest{Symbol: c.symbol, Side: partner.OnRamp})
				off, err2 := h.a.CreateQuote(ctx, "off", partner.QuoteRequest{Symbol: "USDC/USD", Side: partner.OffRamp})
				if err1 != nil || err2 != nil {
					t.Fatal(err1, err2)
				}
				onRate, _ := money.ParseRate(on.Quotation)
				offRate, _ := money.ParseRate(off.Quotation)
				fixed, _ := money.Parse(off.FeeFixed, money.USD)
				b, err := pricing.Price(pricing.Input{AmountUSD: usd(amount), OnRampQuotation: onRate, OffRampQuotation: offRate,
					FeeBps: off.FeeBps, FeeFixed: fixed, Local: c.local})
				if err != nil {
					t.Fatal(err)
				}
				local := b.TotalLocal
				if c.local == money.MXN {
					pesos := money.Round(local.Rat(), 0, money.Up) // whole pesos, the payer's side
					local = money.New(pesos.Int64()*100, money.MXN)
				}
				q, err := h.a.QuotePayment(ctx, c.method+amount, bpadapter.PaymentQuoteRequest{WalletID: wallets[c.method].ID, Method: c.method,
					AmountLocal: local, AmountUSD: usd(amount), PayerTaxID: brazilian.taxID})
				if err != nil {
					t.Errorf("%s USD %s priced at %s %s: %v", c.method, amount, local, c.local, err)
					continue
				}
				if q.Tokens.Cmp(q.TokensNeeded) < 0 {
					t.Errorf("%s USD %s: %s tokens for a payout needing %s", c.method, amount, q.Tokens, q.TokensNeeded)
				}
			}
		}
	})
}

// TestReverseQuote: a corridor's reverse (off-ramp) rate, the calculator's
// "they send me USD", is BlindPay's payout FX into the local currency:
// local per token, fewer than a payer pays per token, with the payout's
// percentage fee; a currency that is no corridor's is refused.
func TestReverseQuote(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := setup(t, db)
		ctx := context.Background()
		for _, symbol := range []string{"USDC/BRL", "USDC/MXN"} {
			rev, err := h.a.CreateQuote(ctx, "rev", partner.QuoteRequest{Symbol: symbol, Side: partner.OffRamp})
			if err != nil {
				t.Fatalf("%s off-ramp: %v", symbol, err)
			}
			on, err := h.a.CreateQuote(ctx, "on", partner.QuoteRequest{Symbol: symbol, Side: partner.OnRamp})
			if err != nil {
				t.Fatal(err)
			}
			revRate, err1 := money.ParseRate(rev.Quotation)
			onRate, err2 := money.ParseRate(on.Quotation)
			if err1 != nil || err2 != nil || revRate.Sign() <= 0 || revRate.Cmp(onRate) >= 0 {
				t.Errorf("%s: reverse %q, on-ramp %q: the reverse rate must be positive and below the on-ramp's", symbol, rev.Quotation, on.Quotation)
			}
			if rev.FeeBps < 0 || rev.FeeBps >= 10000 || rev.Side != partner.OffRamp || rev.Symbol != symbol {
				t.Errorf("%s: reverse quote %+v", symbol, rev)
			}
		}
		if _, err := h.a.CreateQuote(ctx, "eur", partner.QuoteRequest{Symbol: "USDC/EUR", Side: partner.OffRamp}); partner.StatusOf(err) != 400 {
			t.Errorf("USDC/EUR off-ramp: %v, want a 400 refusal", err)
		}
	})
}
