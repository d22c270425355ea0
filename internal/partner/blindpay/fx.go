package blindpay

import (
	"context"
	"net/http"
)

// FXRequest asks for an indicative rate, without creating a quote.
// RequestAmount is in hundredths (ToCents).
type FXRequest struct {
	From          string `json:"from"`
	To            string `json:"to"`
	RequestAmount int64  `json:"request_amount"`
	CurrencyType  string `json:"currency_type"`
}

// FXRate is the answer of both FX endpoints. ResultAmount is in hundredths
// of the other side; InstancePercentageFee is in basis points (0-10000).
type FXRate struct {
	CommercialQuotation   Number `json:"commercial_quotation"`
	BlindpayQuotation     Number `json:"blindpay_quotation"`
	ResultAmount          Number `json:"result_amount"`
	InstanceFlatFee       Number `json:"instance_flat_fee"`
	InstancePercentageFee Number `json:"instance_percentage_fee"`
}

// PayinFXRate is the indicative rate for a payin (POST payin-quotes/fx),
// e.g. From BRL To USDC. Each call sends a fresh Idempotency-Key, kept
// across its own retries: a fixed one would replay a stale rate for 24 h.
func (c *Client) PayinFXRate(ctx context.Context, req FXRequest) (FXRate, error) {
	var out FXRate
	return out, c.do(ctx, call{method: http.MethodPost, path: c.instancePath("payin-quotes", "fx"), idemKey: c.randomKeys(), in: req, out: &out})
}

// PayoutFXRate is the indicative rate for a payout (POST quotes/fx), From a
// token To a fiat currency.
func (c *Client) PayoutFXRate(ctx context.Context, req FXRequest) (FXRate, error) {
	var out FXRate
	return out, c.do(ctx, call{method: http.MethodPost, path: c.instancePath("quotes", "fx"), idemKey: c.randomKeys(), in: req, out: &out})
}
