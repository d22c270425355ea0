package httpapi_test

import (
	"strings"
	"testing"
	"time"
	"bytes"
	"net/http"
	"io"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/store"
)

func TestZZProbe(t *testing.T) {
	h := apptest.New(t, store.SQLite)
	p := h.NewBrazilPayer()
	show := func(r apptest.Response) { t.Logf("%d %s", r.Status, strings.TrimSpace(string(r.Body))) }
	q := p.Quote("USDC/BRL", "100")
	body := `{"amount_brl":` + string(q.Num("total_local_amount")) + `,"customer_id":"` + p.CustomerID + `","wallet_address":"` + p.WalletAddress + `","quote_id":"` + q.JSON["on_ramp"].(map[string]any)["id"].(string) + `","sender_name":"Maria Silva","sender_document":"` + apptest.CPF + `","authorization":{"accepted":false}}`
	show(p.Do("POST", "/api/create-pix-payment", body))
	c := apptest.CustomerBR(apptest.CPF2)
	c["date_of_birth"] = "1850-01-01"
	show(p.Do("POST", "/api/create-customer", c))
	c["date_of_birth"] = "1990-02-30"
	show(p.Do("POST", "/api/create-customer", c))
	show(h.Browser().Do("POST", "/api/create-wallet", `{}`))
	show(p.Do("POST", "/api/create-wallet", `{}`))
	show(h.Browser().Do("POST", "/api/create-wallet", `{"customer_id":"`+p.CustomerID+`"}`))
	b := h.Browser()
	b.Do("POST", "/api/subscribe", `{"email":"z@b.co"}`)
	show(b.Do("POST", "/api/create-wallet", `{"customer_id":"`+p.CustomerID+`"}`))
	show(b.Do("POST", "/api/create-quote", ``))
	show(b.Do("POST", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":16,"address":{"zip":1}}`))
	show(b.Do("POST", "/api/create-customer", `{"address":{"zip":1}}`))
	show(b.Do("POST", "/api/create-customer", `{"address":{"city":1}}`))
	show(b.Do("POST", "/api/create-customer", `{"identity_documents":[{"value":1}]}`))
	show(b.Do("POST", "/api/create-customer", `{"identity_documents":{}}`))
	// signed webhook
	key, err := config.DecodeWebhookSecret(h.Config.WebhookSecret.Reveal())
	if err != nil { t.Fatal(err) }
	ev := []byte(`{"type":"payin_processing","data":{"payin_id":"pi_nope"}}`)
	hd := partner.Sign(key, "evt_1", time.Now(), ev)
	req, _ := http.NewRequest("POST", h.URL+"/api/webhook/payout-events", bytes.NewReader(ev))
	req.Header = hd
	resp, err := http.DefaultClient.Do(req)
	if err != nil { t.Fatal(err) }
	bb, _ := io.ReadAll(resp.Body)
	t.Logf("%d %s %v", resp.StatusCode, bb, resp.Header)
	show(p.Do("GET", "/api/webhook-status/abc", nil))
	show(p.Do("GET", "/api/webhook-status/txn_aaaaaaaaaaaaaaaaaaaaaaaaaa", nil))
	show(p.Do("GET", "/api/transaction-status", nil))
	show(p.Do("HEAD", "/api/config", nil))
	show(p.Do("POST", "/api/config", nil))
	show(p.Do("GET", "/api/nope", nil))
	show(p.Do("POST", "/api/referrals", map[string]any{"customer_id": p.CustomerID, "emails": []string{"maria@example.com"}}))
	show(p.Do("POST", "/api/referrals", map[string]any{"customer_id": p.CustomerID, "emails": []string{"x@y.com"}}))
	show(p.Do("POST", "/api/payment-authorization", `null`))
	show(p.Do("POST", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":16}`, "Content-Type", "application/json; charset=utf-8"))
	show(p.Do("POST", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":16}`, "Content-Type", "application/merge-patch+json"))
	show(p.Do("POST", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":16}`, "Content-Type", "application/json;;"))
	show(p.Do("POST", "/api/create-quote", "\xef\xbb\xbf"+`{"symbol":"USDC/BRL","amount_usd":16}`))
}
