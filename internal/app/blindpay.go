package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/crebit/crebit/internal/bpsandbox"
	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/partner/blindpay"
	"github.com/crebit/crebit/internal/partner/bpadapter"
	"github.com/crebit/crebit/internal/store"
)

// blindPayAdapter is BlindPay's API at baseURL behind partner.Partner.
func blindPayAdapter(cfg config.Config, baseURL, apiKey, instance string, hc *http.Client) (*bpadapter.Adapter, error) {
	rpm := cfg.BlindPayRPM
	if hc != nil {
		rpm = 0 // the embedded sandbox, in process: no limit to respect
	}
	c, err := blindpay.New(blindpay.Config{BaseURL: baseURL, APIKey: apiKey, InstanceID: instance, HTTPClient: hc, RequestsPerMinute: rpm, Burst: min(rpm, 20)})
	if err != nil {
		return nil, err
	}
	return bpadapter.New(c, bpadapter.Config{Network: cfg.BlindPayNetwork, Token: cfg.BlindPayToken})
}

// embeddedBlindPay starts the BlindPay-compatible sandbox on sdb and
// squeue, served at /bpsandbox/ on this site, and returns it with an
// adapter that calls it in process.
func embeddedBlindPay(cfg config.Config, sdb *store.DB, squeue *jobs.Queue, now func() time.Time, log *slog.Logger) (*bpsandbox.Sandbox, *bpadapter.Adapter, error) {
	sc := bpsandbox.DefaultConfig()
	sc.InstanceID, sc.APIKey, sc.PublicURL = config.BlindPaySandboxInstance, cfg.PartnerAPIKey.Reveal(), cfg.BaseURL+"/bpsandbox"
	sc.Token = cfg.BlindPayToken
	// The commercial quotations, fee and failure switch of CREBIT_SANDBOX_*.
	sc.BRLQuotation, sc.MXNQuotation, sc.USDQuotation = cfg.Sandbox.BRLQuotation, cfg.Sandbox.MXNQuotation, cfg.Sandbox.USDQuotation
	sc.FeeBps, sc.FailQuotes = cfg.Sandbox.FeeBps, cfg.Sandbox.FailQuotes
	// Identity is decided by itself, as on a development instance; the
	// payer's deposit waits for the Simulate panel; what follows it moves by
	// itself when CREBIT_SANDBOX_AUTO_ADVANCE is on.
	sc.KYCDelay, sc.PayinDelay = time.Second, 0
	sc.PayoutDelay, sc.StepDelay = cfg.Sandbox.AutoAdvance, cfg.Sandbox.AutoAdvance
	if cfg.Sandbox.AutoAdvance == 0 {
		sc.StepDelay = 0
	}
	sb, err := bpsandbox.New(sdb, squeue, sc, now, log)
	if err != nil {
		return nil, nil, err
	}
	h := http.StripPrefix("/bpsandbox", sb.Handler())
	a, err := blindPayAdapter(cfg, "http://bpsandbox.internal/bpsandbox", sc.APIKey, sc.InstanceID,
		&http.Client{Transport: partner.InProcess(h)})
	if err != nil {
		return nil, nil, err
	}
	return sb, a, nil
}

// bpSimulator is the Simulate panel over the embedded BlindPay sandbox:
// Crebit's event names become the sandbox's actions on the payin or the
// payout.
type bpSimulator struct{ sb *bpsandbox.Sandbox }

func (b bpSimulator) Simulate(ctx context.Context, _ string, payinID, event string) error {
	action, ok := map[string]string{
		partner.EventPayinProcessing: "receive",
		partner.EventPayinCompleted:  "complete",
		partner.EventPayinFailed:     "fail",
	}[event]
	if !ok {
		return &partner.Error{Status: http.StatusConflict, Code: "not_simulated",
			Message: fmt.Sprintf("%s follows by itself once the pay-in completed (SimulatePayout moves the payout)", event)}
	}
	return b.sb.Simulate(ctx, "payin", payinID, action)
}

// SimulatePayout moves a payout: offramp_created sends it, offramp_completed completes it.
func (b bpSimulator) SimulatePayout(ctx context.Context, payoutID, event string) error {
	action, ok := map[string]string{partner.EventOfframpCreated: "send", partner.EventOfframpCompleted: "complete"}[event]
	if !ok {
		return &partner.Error{Status: http.StatusConflict, Code: "not_simulated", Message: event + " is not a payout event"}
	}
	return b.sb.Simulate(ctx, "payout", payoutID, action)
}
