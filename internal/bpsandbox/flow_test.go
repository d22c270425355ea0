package bpsandbox_test

import (
	"crypto/rand"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/pix"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
	"github.com/crebit/crebit/internal/taxid"
)

func uuid() string {
	b := make([]byte, 16)
	rand.Read(b)
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// acceptTos runs the terms of service as the payer's browser would: the
// server asks for the URL, the browser opens it and accepts, and lands on
// redirect_url?tos_id=…; the tos.accept event carries the same tos_id and
// the initiation's idempotency_key.
func (h *harness) acceptTos() string {
	h.t.Helper()
	key := uuid()
	r := h.call("POST", "/v1/e/instances/"+testInstance+"/tos",
		map[string]any{"idempotency_key": key, "redirect_url": "https://crebit.example/terms-done"})
	if r.Status != http.StatusOK {
		h.t.Fatalf("tos initiation: %d %s", r.Status, r.Body)
	}
	page, err := url.Parse(r.str("url"))
	if err != nil || !strings.HasPrefix(r.str("url"), h.srv.URL+"/bpsandbox/e/terms-of-service?") || page.Query().Get("idempotency_key") != key {
		h.t.Fatalf("tos url: %s", r.str("url"))
	}
	get, err := http.Get(r.str("url"))
	if err != nil {
		h.t.Fatal(err)
	}
	html, _ := io.ReadAll(get.Body)
	get.Body.Close()
	if get.StatusCode != http.StatusOK || !strings.Contains(string(html), "Accept terms of service") {
		h.t.Fatalf("terms page: %d %s", get.StatusCode, html)
	}
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	post, err := noRedirect.PostForm(r.str("url"), url.Values{"session_token": {page.Query().Get("session_token")}})
	if err != nil {
		h.t.Fatal(err)
	}
	post.Body.Close()
	loc, _ := url.Parse(post.Header.Get("Location"))
	tosID := loc.Query().Get("tos_id")
	if post.StatusCode != http.StatusSeeOther || !strings.HasPrefix(post.Header.Get("Location"), "https://crebit.example/terms-done?") ||
		!regexp.MustCompile(`^to_[0-9A-Za-z]{12}$`).MatchString(tosID) {
		h.t.Fatalf("accept: %d, Location %q", post.StatusCode, post.Header.Get("Location"))
	}
	ev := h.hooks.wait("tos.accept", tosID, nil)
	if ev.Payload["idempotency_key"] != key {
		h.t.Fatalf("tos.accept: %s", ev.Raw)
	}
	return tosID
}

// payer is a customer of the flows.
type payer struct {
	country, first, last, taxID string
}

var (
	brazilian = payer{"BR", "Ana", "Souza", "52998224725"}
	mexican   = payer{"MX", "Luis", "Pérez", "PEGL850101HDFRRS09"}
)

// createCustomer accepts the terms and creates an individual; it returns the id.
func (h *harness) createCustomer(p payer) string {
	h.t.Helper()
	tos := h.acceptTos()
	r := h.call("POST", in("/customers"), map[string]any{"tos_id": tos, "type": "individual", "kyc_type": "standard",
		"email": strings.ToLower(p.first) + "@example.com", "tax_id": p.taxID, "address_line_1": "Rua 1", "city": "Cidade",
		"state_province_region": "SP", "country": p.country, "postal_code": "01000-000", "phone_number": "+5511912345678",
		"first_name": p.first, "last_name": p.last, "date_of_birth": "1990-01-02T00:00:00Z", "id_doc_country": p.country,
		"id_doc_type": "PASSPORT", "id_doc_front_file": "https://example.com/doc.jpg"},
		"Idempotency-Key", uuid())
	id := r.str("id")
	if r.Status != http.StatusOK || !regexp.MustCompile(`^re_[0-9A-Za-z]{12}$`).MatchString(id) || r.str("customer_id") != id {
		h.t.Fatalf("create customer: %d %s", r.Status, r.Body)
	}
	return id
}

// approvedCustomer creates a customer and waits for KYC to approve it.
func (h *harness) approvedCustomer(p payer) string {
	h.t.Helper()
	id := h.createCustomer(p)
	h.hooks.wait("customer.update", id, status("approved"))
	if c := h.call("GET", in("/customers/"+id), nil); c.str("kyc_status") != "approved" || c.JSON["is_tos_accepted"] != true {
		h.t.Fatalf("customer after approval: %s", c.Body)
	}
	return id
}

func (h *harness) bankAccount(customerID string) string {
	h.t.Helper()
	r := h.call("POST", in("/customers/"+customerID+"/bank-accounts"), map[string]any{"type": "ach", "name": "College fund",
		"beneficiary_name": "Ana Souza", "routing_number": "121000358", "account_number": "3211237578", "account_type": "checking",
		"account_class": "individual", "address_line_1": "1 Main St", "city": "Dover", "state_province_region": "DE",
		"country": "US", "postal_code": "19901", "recipient_relationship": "first_party"}, "Idempotency-Key", uuid())
	if r.Status != http.StatusOK || !strings.HasPrefix(r.str("id"), "ba_") || r.str("account_number") != "******7578" || r.str("status") != "approved" {
		h.t.Fatalf("bank account: %d %s", r.Status, r.Body)
	}
	return r.str("id")
}

// wallet opens a managed wallet and returns its id and address.
func (h *harness) wallet(customerID string) (string, string) {
	h.t.Helper()
	r := h.call("POST", in("/customers/"+customerID+"/wallets"), map[string]any{"network": "base_sepolia", "name": "Tuition"},
		"Idempotency-Key", uuid())
	if r.Status != http.StatusOK || !strings.HasPrefix(r.str("id"), "bl_") || !strings.HasPrefix(r.str("address"), "0x") {
		h.t.Fatalf("wallet: %d %s", r.Status, r.Body)
	}
	return r.str("id"), r.str("address")
}

func (h *harness) balance(customerID, walletID string) float64 {
	h.t.Helper()
	r := h.call("GET", in("/customers/"+customerID+"/wallets/"+walletID+"/balance"), nil)
	usdb, _ := r.JSON["USDB"].(map[string]any)
	f, _ := usdb["amount"].(float64)
	return f
}

// payinQuote quotes a payin of amount (minor units of the local currency).
func (h *harness) payinQuote(method, walletID string, amount int64, payerTaxID string) response {
	h.t.Helper()
	body := map[string]any{"wallet_id": walletID, "currency_type": "sender", "cover_fees": false, "request_amount": amount,
		"payment_method": method, "token": "USDB"}
	if payerTaxID != "" {
		body["payer_rules"] = map[string]any{"pix_allowed_tax_ids": []string{payerTaxID}}
	}
	return h.call("POST", in("/payin-quotes"), body, "Idempotency-Key", uuid())
}

// fund runs a payin to completion and returns the tokens it delivered.
func (h *harness) fund(method, walletID string, amount int64, taxID string) (payinID string, tokens int64) {
	h.t.Helper()
	q := h.payinQuote(method, walletID, amount, taxID)
	if q.Status != http.StatusOK {
		h.t.Fatalf("payin quote: %d %s", q.Status, q.Body)
	}
	p := h.call("POST", in("/payins/evm"), map[string]any{"payin_quote_id": q.str("id")}, "Idempotency-Key", uuid())
	if p.Status != http.StatusOK {
		h.t.Fatalf("payin: %d %s", p.Status, p.Body)
	}
	h.hooks.wait("payin.complete", p.str("id"), status("completed"))
	return p.str("id"), q.num("receiver_amount")
}

// TestPixAndSPEIFlows: terms → customer → bank account → wallet → quote →
// payin → completed → payout → completed, on both engines, every answer and
// every webhook checked against the vendor's document and every delivery
// verified by the test's own svix verification.
func TestPixAndSPEIFlows(t *testing.T) {
	t.Parallel()
	for _, method := range []string{"pix", "spei"} {
		t.Run(method, func(t *testing.T) {
			t.Parallel()
			storetest.Each(t, func(t *testing.T, db *store.DB) {
				h := setup(t, db)
				h.register()
				p := brazilian
				amount := int64(250000) // BRL 2,500.00
				if method == "spei" {
					p, amount = mexican, 900000 // MXN 9,000: whole pesos
				}
				customerID := h.approvedCustomer(p)
				accountID := h.bankAccount(customerID)
				walletID, address := h.wallet(customerID)

				q := h.payinQuote(method, walletID, amount, map[string]string{"pix": p.taxID}[method])
				if q.Status != http.StatusOK || !strings.HasPrefix(q.str("id"), "qu_") || q.num("sender_amount") != amount || q.num("receiver_amount") <= 0 {
					t.Fatalf("payin quote: %d %s", q.Status, q.Body)
				}
				if ms := q.num("expires_at"); ms < 1e12 {
					t.Fatalf("expires_at %d is not in milliseconds", ms)
				}
				pi := h.call("POST", in("/payins/evm"), map[string]any{"payin_quote_id": q.str("id")}, "Idempotency-Key", uuid())
				if pi.Status != http.StatusOK || !strings.HasPrefix(pi.str("id"), "pi_") || pi.str("status") != "processing" {
					t.Fatalf("payin: %d %s", pi.Status, pi.Body)
				}
				switch method {
				case "pix":
					code, err := pix.Decode(pi.str("pix_code"))
					want := money.New(amount, money.Currency("BRL")).String()
					if err != nil || code.PointOfInitiation != pix.DynamicInitiation || code.Amount != want || code.URL == "" || pi.JSON["clabe"] != nil {
						t.Fatalf("BR Code %q: %+v, %v (want amount %s)", pi.str("pix_code"), code, err, want)
					}
				case "spei":
					if err := taxid.ValidateCLABE(pi.str("clabe")); err != nil || !strings.HasPrefix(pi.str("clabe"), "646") || pi.JSON["pix_code"] != nil {
						t.Fatalf("CLABE %q: %v", pi.str("clabe"), err)
					}
				}
				id := pi.str("id")
				h.hooks.wait("payin.new", id, status("processing"))
				upd := h.hooks.wait("payin.update", id, nil)
				tt, _ := upd.Payload["tracking_transaction"].(map[string]any)
				if method == "pix" && !regexp.MustCompile(`^E18236120\d{12}[0-9A-Za-z]{11}$`).MatchString(fmt.Sprint(tt["end_to_end_id"])) {
					t.Errorf("payin.update without a Pix end-to-end id: %s", upd.Raw)
				}
				if method == "spei" && !strings.HasPrefix(fmt.Sprint(tt["trace_number"]), "MBAN01") {
					t.Errorf("payin.update without a SPEI tracking key: %s", upd.Raw)
				}
				h.hooks.wait("payin.complete", id, status("completed"))
				if g := h.call("GET", in("/payins/"+id), nil); g.str("status") != "completed" || g.str("customer_id") != customerID {
					t.Fatalf("payin after completion: %s", g.Body)
				}
				if g := h.call("GET", "/v1/e/payins/"+id, nil, "Authorization", ""); g.str("status") != "completed" {
					t.Fatalf("public payin tracking: %d %s", g.Status, g.Body)
				}
				tokens := q.num("receiver_amount")
				if got := h.balance(customerID, walletID); got != float64(tokens)/100 {
					t.Fatalf("wallet balance %v, want %v", got, float64(tokens)/100)
				}
				if l := h.call("GET", in("/payins?customer_id="+customerID), nil); len(l.JSON["data"].([]any)) != 1 {
					t.Fatalf("payin list: %s", l.Body)
				}

				pq := h.call("POST", in("/quotes"), map[string]any{"bank_account_id": accountID, "currency_type": "sender",
					"cover_fees": false, "request_amount": tokens, "network": "base_sepolia", "token": "USDB"}, "Idempotency-Key", uuid())
				if pq.Status != http.StatusOK || pq.num("sender_amount") != tokens || pq.num("receiver_amount") <= 0 {
					t.Fatalf("payout quote: %d %s", pq.Status, pq.Body)
				}
				po := h.call("POST", in("/payouts/evm"), map[string]any{"quote_id": pq.str("id"), "sender_wallet_address": address},
					"Idempotency-Key", uuid())
				if po.Status != http.StatusOK || !strings.HasPrefix(po.str("id"), "pa_") || po.str("status") != "processing" {
					t.Fatalf("payout: %d %s", po.Status, po.Body)
				}
				pid := po.str("id")
				h.hooks.wait("payout.new", pid, status("processing"))
				h.hooks.wait("payout.update", pid, status("on_hold"))
				h.hooks.wait("payout.update", pid, status("processing"))
				done := h.hooks.wait("payout.complete", pid, status("completed"))
				if tc, _ := done.Payload["tracking_complete"].(map[string]any); tc["status"] != "paid" || done.Payload["bank_account_id"] != accountID {
					t.Fatalf("payout.complete: %s", done.Raw)
				}
				if g := h.call("GET", in("/payouts/"+pid), nil); g.str("status") != "completed" || g.num("receiver_amount") != pq.num("receiver_amount") {
					t.Fatalf("payout after completion: %s", g.Body)
				}
				if got := h.balance(customerID, walletID); got != 0 {
					t.Fatalf("wallet balance after the payout: %v", got)
				}
				if g := h.call("GET", "/v1/e/payouts/"+pid, nil, "Authorization", ""); g.str("status") != "completed" {
					t.Fatalf("public payout tracking: %d %s", g.Status, g.Body)
				}
				// The reads a client reconciles with, each checked against the document.
				for path, want := range map[string]string{
					in("/customers"): customerID, in("/customers/" + customerID + "/bank-accounts"): accountID,
					in("/customers/" + customerID + "/bank-accounts/" + accountID): accountID,
					in("/customers/" + customerID + "/wallets"):                    walletID, in("/customers/" + customerID + "/wallets/" + walletID): walletID,
					in("/payouts?customer_id=" + customerID): pid, in("/payins?status=completed"): id,
					in("/limits/customers/" + customerID): `"payout":{"daily":50000`,
				} {
					if g := h.call("GET", path, nil); g.Status != http.StatusOK || !strings.Contains(string(g.Body), want) {
						t.Errorf("GET %s: %d %s", path, g.Status, g.Body)
					}
				}
				h.checkEvents()
			})
		})
	}
}
