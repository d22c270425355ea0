package blindpay

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// decodeStrict decodes an example into v, refusing unknown fields.
func decodeStrict(t *testing.T, file string, v any) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(readExample(t, file)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
}

// sameJSON reports whether a and b hold the same JSON value.
func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("unmarshal %s: %v", a, err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatalf("unmarshal %s: %v", b, err)
	}
	return reflect.DeepEqual(x, y)
}

// TestContract makes every call the client offers against the fake, with
// the vendor's example request where there is one. The fake validates each
// request against the spec; here we check that the body is byte for byte
// the example's JSON value (so field names are the spec's and nothing is
// added), that every non-GET carries an Idempotency-Key (but the
// terms-of-service call, whose body carries its own), and what was decoded.
func TestContract(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		op      string
		reqFile string // the request body must equal this example
		call    func(ctx context.Context, c *Client, t *testing.T)
	}{
		{"InitiateTos", "POST /v1/e/instances/{instance_id}/tos", "tos_initiate.request.json",
			func(ctx context.Context, c *Client, t *testing.T) {
				var req InitiateTosRequest
				decodeStrict(t, "tos_initiate.request.json", &req)
				got, err := c.InitiateTos(ctx, req)
				must(t, err)
				if !strings.HasPrefix(got.URL, "https://app.blindpay.com/e/terms-of-service?") {
					t.Errorf("url %q", got.URL)
				}
			}},
		{"CreateCustomer", "POST /v1/instances/{instance_id}/customers", "customer_create_individual.request.json",
			func(ctx context.Context, c *Client, t *testing.T) {
				var req CreateCustomerRequest
				decodeStrict(t, "customer_create_individual.request.json", &req)
				got, err := c.CreateCustomer(ctx, "pay-1:kyc", req)
				must(t, err)
				if got.ID != "re_000000000000" || got.CustomerID != "re_000000000000" {
					t.Errorf("got %+v", got)
				}
			}},
		{"GetCustomer", "GET /v1/instances/{instance_id}/customers/{id}", "",
			func(ctx context.Context, c *Client, t *testing.T) {
				got, err := c.GetCustomer(ctx, "re_000000000000")
				must(t, err)
				if got.KYCStatus != KYCVerifying || len(got.KYCWarnings) != 1 || got.KYCWarnings[0].Code != "BIRTH_DATE_MISMATCH" {
					t.Errorf("got %+v", got)
				}
			}},
		{"UpdateCustomer", "PUT /v1/instances/{instance_id}/customers/{id}", "customer_update.request.json",
			func(ctx context.Context, c *Client, t *testing.T) {
				var req UpdateCustomerRequest
				decodeStrict(t, "customer_update.request.json", &req)
				must(t, c.UpdateCustomer(ctx, "pay-1:tos", "re_000000000000", req))
			}},
		{"CreateBankAccount", "POST /v1/instances/{instance_id}/customers/{customer_id}/bank-accounts", "bank_account_ach.request.json",
			func(ctx context.Context, c *Client, t *testing.T) {
				var req CreateBankAccountRequest
				decodeStrict(t, "bank_account_ach.request.json", &req)
				got, err := c.CreateBankAccount(ctx, "pay-1:bank", "re_000000000000", req)
				must(t, err)
				if got.ID != "ba_000000000000" {
					t.Errorf("got %+v", got)
				}
			}},
		{"CreateBankAccountWire", "POST /v1/instances/{instance_id}/customers/{customer_id}/bank-accounts", "bank_account_wire.request.json",
			func(ctx context.Context, c *Client, t *testing.T) {
				var req CreateBankAccountRequest
				decodeStrict(t, "bank_account_wire.request.json", &req)
				_, err := c.CreateBankAccount(ctx, "pay-1:bank", "re_000000000000", req)
				must(t, err)
			}},
		{"GetBankAccount", "GET /v1/instances/{instance_id}/customers/{customer_id}/bank-accounts/{id}", "",
			func(ctx context.Context, c *Client, t *testing.T) {
				got, err := c.GetBankAccount(ctx, "re_000000000000", "ba_000000000000")
				must(t, err)
				if got.RoutingNumber != "012345678" {
					t.Errorf("got %+v", got)
				}
			}},
		{"CreateWallet", "POST /v1/instances/{instance_id}/customers/{customer_id}/wallets", "wallet_create.request.json",
			func(ctx context.Context, c *Client, t *testing.T) {
				var req CreateWalletRequest
				decodeStrict(t, "wallet_create.request.json", &req)
				got, err := c.CreateWallet(ctx, "pay-1:wallet", "re_000000000000", req)
				must(t, err)
				if got.ID != "bl_000000000000" || got.Address == "" {
					t.Errorf("got %+v", got)
				}
			}},
		{"GetWallet", "GET /v1/instances/{instance_id}/customers/{customer_id}/wallets/{id}", "",
			func(ctx context.Context, c *Client, t *testing.T) {
				_, err := c.GetWallet(ctx, "re_000000000000", "bl_000000000000")
				must(t, err)
			}},
		{"CreateBlockchainWallet", "POST /v1/instances/{instance_id}/customers/{customer_id}/blockchain-wallets", "blockchain_wallet_create.request.json",
			func(ctx context.Context, c *Client, t *testing.T) {
				var req CreateBlockchainWalletRequest
				decodeStrict(t, "blockchain_wallet_create.request.json", &req)
				got, err := c.CreateBlockchainWallet(ctx, "pay-1:bw", "re_000000000000", req)
				must(t, err)
				if !strings.HasPrefix(got.ID, "bw_") {
					t.Errorf("got %+v", got)
				}
			}},
		{"GetBlockchainWallet", "GET /v1/instances/{instance_id}/customers/{customer_id}/blockchain-wallets/{id}", "",
			func(ctx context.Context, c *Client, t *testing.T) {
				_, err := c.GetBlockchainWallet(ctx, "re_000000000000", "bw_000000000000")
				must(t, err)
			}},
		{"CreatePayinQuotePix", "POST /v1/instances/{instance_id}/payin-quotes", "payin_quote_pix.request.json",
			func(ctx context.Context, c *Client, t *testing.T) {
				var req CreatePayinQuoteRequest
				decodeStrict(t, "payin_quote_pix.request.json", &req)
				got, err := c.CreatePayinQuote(ctx, "pay-1:payin-quote", req)
				must(t, err)
				if got.ID == "" || got.SenderAmount != "5240" || got.ReceiverAmount != "1010" {
					t.Errorf("got %+v", got)
				}
			}},
		{"CreatePayinQuoteSPEI", "POST /v1/instances/{instance_id}/payin-quotes", "payin_quote_spei.request.json",
			func(ctx context.Context, c *Client, t *testing.T) {
				var req CreatePayinQuoteRequest
				decodeStrict(t, "payin_quote_spei.request.json", &req)
				_, err := c.CreatePayinQuote(ctx, "pay-2:payin-quote", req)
				must(t, err)
			}},
		{"CreatePayinQuoteManagedWallet", "POST /v1/instances/{instance_id}/payin-quotes", "payin_quote_managed_wallet.request.json",
			func(ctx context.Context, c *Client, t *testing.T) {
				var req CreatePayinQuoteRequest
				decodeStrict(t, "payin_quote_managed_wallet.request.json", &req)
				_, err := c.CreatePayinQuote(ctx, "pay-3:payin-quote", req)
				must(t, err)
			}},
		{"PayinFXRate", "POST /v1/instances/{instance_id}/payin-quotes/fx", "fx_payin.request.json",
			func(ctx context.Context, c *Client, t *testing.T) {
				var req FXRequest
				decodeStrict(t, "fx_payin.request.json", &req)
				got, err := c.PayinFXRate(ctx, req)
				must(t, err)
				if got.BlindpayQuotation != "505" {
					t.Errorf("got %+v", got)
				}
			}},
		{"CreatePayin", "POST /v1/instances/{instance_id}/payins/evm", "payin_create.request.json",
			func(ctx context.Context, c *Client, t *testing.T) {
				var req CreatePayinRequest
				decodeStrict(t, "payin_create.request.json", &req)
				got, err := c.CreatePayin(ctx, "pay-1:payin", req)
				must(t, err)
				if got.Status != StatusProcessing || !strings.HasPrefix(got.PixCode, "000201") {
					t.Errorf("got %+v", got)
				}
			}},
		{"GetPayin", "GET /v1/instances/{instance_id}/payins/{id}", "",
			func(ctx context.Context, c *Client, t *testing.T) {
				got, err := c.GetPayin(ctx, "pi_000000000000")
				must(t, err)
				if got.Currency != "BRL" || got.TrackingTransaction == nil {
					t.Errorf("got %+v", got)
				}
			}},
		{"ListPayins", "GET /v1/instances/{instance_id}/payins", "",
			func(ctx context.Context, c *Client, t *testing.T) {
				got, err := c.ListPayins(ctx, ListOptions{Limit: 50, StartingAfter: "pi_000000000000", Status: StatusProcessing, PaymentMethod: MethodPix})
				must(t, err)
				if len(got.Data) != 1 || !got.Pagination.HasMore || got.Pagination.NextPage != "pi_123" {
					t.Errorf("got %+v", got)
				}
			}},
		{"CreatePayoutQuote", "POST /v1/instances/{instance_id}/quotes", "payout_quote.request.json",
			func(ctx context.Context, c *Client, t *testing.T) {
				var req CreatePayoutQuoteRequest
				decodeStrict(t, "payout_quote.request.json", &req)
				got, err := c.CreatePayoutQuote(ctx, "pay-1:payout-quote", req)
				must(t, err)
				if got.BlindpayQuotation != "0.998" || got.ExpiresAt != "1712958191000" {
					t.Errorf("got %+v", got)
				}
			}},
		{"PayoutFXRate", "POST /v1/instances/{instance_id}/quotes/fx", "fx_payout.request.json",
			func(ctx context.Context, c *Client, t *testing.T) {
				var req FXRequest
				decodeStrict(t, "fx_payout.request.json", &req)
				_, err := c.PayoutFXRate(ctx, req)
				must(t, err)
			}},
		{"CreatePayout", "POST /v1/instances/{instance_id}/payouts/evm", "payout_create.request.json",
			func(ctx context.Context, c *Client, t *testing.T) {
				var req CreatePayoutRequest
				decodeStrict(t, "payout_create.request.json", &req)
				got, err := c.CreatePayout(ctx, "pay-1:payout", req)
				must(t, err)
				if got.ID != "po_000000000000" || got.BankAccountID != "ba_000000000000" {
					t.Errorf("got %+v", got)
				}
			}},
		{"GetPayout", "GET /v1/instances/{instance_id}/payouts/{id}", "",
			func(ctx context.Context, c *Client, t *testing.T) {
				got, err := c.GetPayout(ctx, "po_000000000000")
				must(t, err)
				if got.TrackingComplete == nil || got.TrackingPayment.ProviderStatus == "" {
					t.Errorf("got %+v", got)
				}
			}},
		{"CreateWebhookEndpoint", "POST /v1/instances/{instance_id}/webhook-endpoints", "webhook_endpoint_create.request.json",
			func(ctx context.Context, c *Client, t *testing.T) {
				id, err := c.CreateWebhookEndpoint(ctx, "setup-webhook", CreateWebhookEndpointRequest{URL: "https://example.com/webhook"})
				must(t, err)
				if !strings.HasPrefix(id, "we_") {
					t.Errorf("id %q", id)
				}
			}},
		{"ListWebhookEndpoints", "GET /v1/instances/{instance_id}/webhook-endpoints", "",
			func(ctx context.Context, c *Client, t *testing.T) {
				got, err := c.ListWebhookEndpoints(ctx)
				must(t, err)
				if len(got) != 1 || got[0].URL != "https://example.com/webhook" {
					t.Errorf("got %+v", got)
				}
			}},
		{"WebhookEndpointSecret", "GET /v1/instances/{instance_id}/webhook-endpoints/{id}/secret", "",
			func(ctx context.Context, c *Client, t *testing.T) {
				got, err := c.WebhookEndpointSecret(ctx, "we_000000000000")
				must(t, err)
				if !strings.HasPrefix(got, "whsec_") {
					t.Errorf("secret %q", got)
				}
			}},
		{"DeleteWebhookEndpoint", "DELETE /v1/instances/{instance_id}/webhook-endpoints/{id}", "",
			func(ctx context.Context, c *Client, t *testing.T) {
				must(t, c.DeleteWebhookEndpoint(ctx, "teardown", "we_000000000000"))
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := setup(t)
			tt.call(t.Context(), f.client, t)
			got := f.requests()
			if len(got) != 1 {
				t.Fatalf("%d requests, want 1", len(got))
			}
			r := got[0]
			if r.Op != tt.op {
				t.Errorf("operation %s, want %s", r.Op, tt.op)
			}
			if !strings.HasPrefix(r.Path, "/v1/instances/"+testInstance+"/") && !strings.HasPrefix(r.Path, "/v1/e/instances/"+testInstance+"/") {
				t.Errorf("path %s is not scoped to the instance", r.Path)
			}
			if tt.reqFile != "" && !sameJSON(t, r.Body, readExample(t, tt.reqFile)) {
				t.Errorf("body\n%s\nis not the example %s", r.Body, tt.reqFile)
			}
			key := r.Header.Get("Idempotency-Key")
			switch {
			case strings.HasPrefix(r.Op, "GET "):
				if key != "" {
					t.Errorf("GET with Idempotency-Key %q", key)
				}
			case strings.Contains(r.Op, "/v1/e/"):
				if key != "" {
					t.Errorf("terms-of-service call with Idempotency-Key %q", key)
				}
			default:
				if key == "" || len(key) > 255 {
					t.Errorf("Idempotency-Key %q", key)
				}
			}
		})
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
