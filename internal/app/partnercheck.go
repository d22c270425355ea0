package app

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/randid"
)

// partnerCheck is `crebit partner check` (CREBIT_PARTNER=blindpay): it
// says, line by line, whether the API key and instance are accepted, the
// webhook endpoint is registered at CREBIT_BASE_URL with the secret Crebit
// verifies with, and quotes can be made, and what to do about each that is
// not. It changes nothing at the partner and fails when anything is
// missing.
func partnerCheck(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	cfg, err := config.Load(args, getenv)
	if err != nil {
		return err
	}
	if cfg.Partner != config.PartnerBlindPay {
		return fmt.Errorf("crebit partner check: CREBIT_PARTNER is %q; the check is for CREBIT_PARTNER=blindpay", cfg.Partner)
	}
	a, err := blindPayAdapter(cfg, cfg.PartnerURL, cfg.PartnerAPIKey.Reveal(), cfg.BlindPayInstanceID, nil)
	if err != nil {
		return err
	}
	missing := 0
	report := func(ok bool, good, bad string) {
		if ok {
			fmt.Fprintf(stdout, "ok       %s\n", good)
			return
		}
		missing++
		fmt.Fprintf(stdout, "MISSING  %s\n", bad)
	}

	hook := cfg.BaseURL + "/api/webhook/payout-events"
	eps, err := a.Client().ListWebhookEndpoints(ctx)
	report(err == nil, fmt.Sprintf("API key and instance %s accepted by %s", cfg.BlindPayInstanceID, cfg.PartnerURL),
		fmt.Sprintf("BlindPay at %s did not accept the API key or instance %s (CREBIT_PARTNER_API_KEY, CREBIT_BLINDPAY_INSTANCE_ID): %v", cfg.PartnerURL, cfg.BlindPayInstanceID, err))
	if err == nil {
		id := ""
		for _, e := range eps {
			if e.URL == hook {
				id = e.ID
			}
		}
		report(id != "", "webhook endpoint "+id+" receives events at "+hook,
			"no webhook endpoint at "+hook+": run crebit setup-webhook and set CREBIT_WEBHOOK_SECRET to the secret it prints")
		if id != "" {
			secret, err := a.Client().WebhookEndpointSecret(ctx, id)
			report(err == nil && secret == cfg.WebhookSecret.Reveal(), "CREBIT_WEBHOOK_SECRET is the endpoint's signing secret",
				"CREBIT_WEBHOOK_SECRET is not the endpoint's signing secret: run crebit setup-webhook and set the secret it prints")
		}
	}
	for _, q := range []partner.QuoteRequest{{Symbol: "USDC/BRL", Side: partner.OnRamp}, {Symbol: "USDC/MXN", Side: partner.OnRamp}, {Symbol: "USDC/USD", Side: partner.OffRamp}} {
		_, err := a.CreateQuote(ctx, randid.New("idem"), q)
		report(err == nil, fmt.Sprintf("a %s %s rate can be quoted", q.Symbol, q.Side), fmt.Sprintf("no %s %s rate: %v", q.Symbol, q.Side, err))
	}
	fmt.Fprintf(stdout, "\nStill yours to arrange with BlindPay before real payments: KYB of your company, the partner fee (Crebit's revenue), "+
		"managed wallets in production, limits; and CREBIT_BLINDPAY_NETWORK=base, CREBIT_BLINDPAY_TOKEN=USDC on a production instance (now %s, %s).\n",
		cfg.BlindPayNetwork, cfg.BlindPayToken)
	if missing > 0 {
		return errors.New("crebit partner check: " + fmt.Sprint(missing) + " thing(s) missing (see above)")
	}
	return nil
}
