package sandbox_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// call posts to the sandbox API as Crebit's partner client would.
func call(h *apptest.Harness, path, key string, body any, auth ...string) apptest.Response {
	token := "Bearer " + h.Config.PartnerAPIKey.Reveal()
	if len(auth) > 0 {
		token = auth[0]
	}
	return h.Browser().Do("POST", "/sandbox/v1"+path, body, "Authorization", token, "Idempotency-Key", key)
}

var customer = map[string]any{"first_name": "Ana", "last_name": "Souza", "email": "ana@example.com", "phone_number": "5511912345678",
	"date_of_birth": "1992-01-02", "tax_id_type": "cpf", "tax_id": "52998224725", "country": "BR",
	"address": map[string]any{"street_line_1": "Rua 1", "city": "Rio", "state": "RJ", "postal_code": "20000-000", "country": "brazil"}}

func TestSandboxIdempotencyAndAuth(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, store.SQLite)
	a := call(h, "/customers", "k1", customer)
	b := call(h, "/customers", "k1", customer)
	if a.Status != http.StatusCreated || b.Status != http.StatusCreated || a.Str("id") != b.Str("id") {
		t.Fatalf("a retry with the same key made a second customer:\n%s\n%s", a.Body, b.Body)
	}
	other := map[string]any{}
	for k, v := range customer {
		other[k] = v
	}
	other["first_name"] = "Bruna"
	if r := call(h, "/customers", "k1", other); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("same key, different body: %d %s", r.Status, r.Body)
	}
	if r := call(h, "/customers", "k2", customer); r.Str("id") == a.Str("id") {
		t.Fatal("a new key returned the old customer")
	}
	if r := call(h, "/customers", "k3", customer, "Bearer wrong"); r.Status != http.StatusUnauthorized {
		t.Fatalf("wrong API key: %d", r.Status)
	}
	if r := h.Browser().Do("POST", "/sandbox/v1/customers", customer, "Authorization", "Bearer "+h.Config.PartnerAPIKey.Reveal()); r.Status != http.StatusBadRequest {
		t.Fatalf("missing Idempotency-Key: %d", r.Status)
	}
}

func TestSandboxKYCTestValues(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, store.SQLite)
	rejected := apptest.CustomerBR(apptest.CPF)
	rejected["last_name"] = "Rejected"
	r := h.Browser().Do("POST", "/api/create-customer", rejected)
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(r.Error(), "could not verify your identity") {
		t.Fatalf("rejected KYC: %d %s", r.Status, r.Body)
	}

	review := apptest.CustomerBR(apptest.CPF2)
	review["last_name"] = "Review"
	b := h.Browser()
	c := b.MustOK("POST", "/api/create-customer", review)
	if c.Str("kyc_status") != "under_review" {
		t.Fatalf("review: %s", c.Body)
	}
	b.MustOK("POST", "/api/create-external-account", apptest.BankAccount(c.Str("customer_id")))
	q := b.MustOK("POST", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":100}`)
	on, _ := q.JSON["on_ramp"].(map[string]any)
	p := b.Do("POST", "/api/create-pix-payment", map[string]any{"amount_brl": q.JSON["total_local_amount"], "customer_id": c.Str("customer_id"),
		"wallet_address": c.Str("wallet_address"), "quote_id": on["id"], "sender_name": "Maria Review", "sender_document": apptest.CPF2})
	if p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Error(), "still under review") {
		t.Fatalf("payment while under review: %d %s", p.Status, p.Body)
	}
}

func TestSandboxQuotesFailOnDemand(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, store.SQLite, apptest.Env("CREBIT_SANDBOX_FAIL_QUOTES", "true"))
	b := h.Browser()
	r := b.Do("POST", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":100}`)
	if r.Status != http.StatusBadGateway || !strings.HasPrefix(r.Error(), "Failed to create quote") {
		t.Fatalf("create-quote: %d %s", r.Status, r.Body)
	}
	r = b.Do("POST", "/api/create-quote-new", `{"symbol":"USDC/BRL","quote_type":"on_ramp"}`)
	if r.Status != http.StatusBadGateway || !strings.HasPrefix(r.Error(), "Failed to") {
		t.Fatalf("create-quote-new: %d %s", r.Status, r.Body)
	}
}
