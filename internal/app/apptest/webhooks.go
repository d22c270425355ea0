package apptest

import (
	"context"
	"encoding/json"
	"time"

	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/partner/blindpay"
	"github.com/crebit/crebit/internal/partner/bpadapter"
)

// WebhookSecret is the whsec_ secret the embedded BlindPay sandbox made
// for this server's webhook endpoint, asked of the sandbox's API as an
// operator would (the endpoint is registered at start-up).
func (h *Harness) WebhookSecret() string {
	h.T.Helper()
	c, err := blindpay.New(blindpay.Config{BaseURL: h.URL + "/bpsandbox", APIKey: h.Config.PartnerAPIKey.Reveal(),
		InstanceID: config.BlindPaySandboxInstance})
	if err != nil {
		h.T.Fatal(err)
	}
	a, err := bpadapter.New(c, bpadapter.Config{Network: h.Config.BlindPayNetwork, Token: h.Config.BlindPayToken})
	if err != nil {
		h.T.Fatal(err)
	}
	_, secret, err := a.EnsureWebhook(context.Background(), "webhook-endpoint", h.Stack.Server.WebhookURL())
	if err != nil {
		h.T.Fatal(err)
	}
	return secret
}

// PayinUpdate is the body of a BlindPay payin webhook (fields as BlindPay
// sends them, flat beside webhook_event) for the pay-in payinID of a
// payment in currency: event is "payin.update" or "payin.complete";
// status the payin's; arrived says the fiat deposit arrived (its
// tracking_transaction completed), with received as the sender_amount.
func PayinUpdate(event, payinID, status string, arrived bool, received money.Amount) []byte {
	body := map[string]any{"webhook_event": event, "id": payinID, "status": status,
		"currency": string(received.Currency), "sender_amount": received.Minor,
		"updated_at": time.Now().UTC().Format(time.RFC3339Nano)}
	if arrived {
		body["tracking_transaction"] = map[string]any{"step": "completed", "status": "completed"}
	}
	b, _ := json.Marshal(body)
	return b
}

// PostWebhook delivers body to the server's webhook endpoint as BlindPay
// (Svix) does: svix-id msgID, svix-timestamp at, signed with secret.
func (h *Harness) PostWebhook(msgID string, at time.Time, secret string, body []byte) Response {
	h.T.Helper()
	hdr, err := blindpay.Sign(secret, msgID, at, body)
	if err != nil {
		h.T.Fatal(err)
	}
	return h.Browser().Do("POST", "/api/webhook/payout-events", body,
		"svix-id", hdr.Get("svix-id"), "svix-timestamp", hdr.Get("svix-timestamp"), "svix-signature", hdr.Get("svix-signature"))
}

// CompleteUnannounced completes the payment's pay-in at the partner (the
// deposit arrived, the tokens are in the wallet) but loses the partner's
// webhooks about it, so that a test delivers its own copies (duplicates,
// out of order, another amount) to a sandbox in the state they describe.
func (p *Payer) CompleteUnannounced(txn string) {
	p.h.T.Helper()
	p.h.Stack.BlindPaySandbox.LoseWebhooks(1000)
	defer p.h.Stack.BlindPaySandbox.LoseWebhooks(0)
	p.Simulate(txn, "payin_completed")
}
