package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"time"

	"github.com/crebit/crebit/cmd/internal/bpflow"
)

// browser is one visitor: its own cookies, and the client address it
// claims through X-Forwarded-For (the server trusts loopback proxies).
type browser struct {
	base string
	http *http.Client
	ip   string // "" = the loopback connection itself
}

func newBrowser(base, ip string) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{base: base, ip: ip, http: &http.Client{Jar: jar, Timeout: 60 * time.Second}}
}

// answer is a decoded reply.
type answer struct {
	status  int
	body    string
	json    map[string]any
	header  http.Header
	elapsed time.Duration
}

func (a answer) str(k string) string { s, _ := a.json[k].(string); return s }

// do sends a JSON request; extra is header name/value pairs.
func (b *browser) do(method, path string, body any, extra ...string) answer {
	var rd io.Reader
	if body != nil {
		buf, _ := json.Marshal(body)
		rd = bytes.NewReader(buf)
	}
	req, err := http.NewRequest(method, b.base+path, rd)
	if err != nil {
		return answer{status: -1, body: err.Error()}
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if b.ip != "" {
		req.Header.Set("X-Forwarded-For", b.ip)
	}
	for i := 0; i+1 < len(extra); i += 2 {
		req.Header.Set(extra[i], extra[i+1])
	}
	start := time.Now()
	resp, err := b.http.Do(req)
	if err != nil {
		return answer{status: -1, body: err.Error(), elapsed: time.Since(start)}
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, body: string(raw), header: resp.Header, elapsed: time.Since(start)}
	_ = json.Unmarshal(raw, &a.json)
	return a
}

// must fails the probe run unless the answer is 2xx.
func (b *browser) must(method, path string, body any) answer {
	a := b.do(method, path, body)
	if a.status < 200 || a.status > 299 {
		panic(fmt.Sprintf("%s %s: %d %s", method, path, a.status, a.body))
	}
	return a
}

const password = "correct horse battery staple 42"

// mail waits for the newest local-mailbox message to `to` whose text holds
// needle, and returns its subject and text.
func mail(local *browser, to, needle string) (subject, text string) {
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		list := local.must("GET", "/api/sandbox/mailbox", nil)
		msgs, _ := list.json["messages"].([]any)
		for _, m := range msgs {
			mm, _ := m.(map[string]any)
			if mm["to"] != to {
				continue
			}
			full := local.must("GET", "/api/sandbox/mailbox/"+mm["id"].(string), nil)
			if t := full.str("text"); strings.Contains(t, needle) {
				return full.str("subject"), t
			}
		}
	}
	panic("no e-mail to " + to + " with " + needle)
}

// token reads the token of a path?token= link.
func token(text, path string) string {
	i := strings.Index(text, path+"?token=")
	if i < 0 {
		panic("no " + path + " link in:\n" + text)
	}
	rest := text[i+len(path)+len("?token="):]
	if j := strings.IndexAny(rest, " \n\r\"<"); j >= 0 {
		rest = rest[:j]
	}
	return rest
}

// verifiedAccount signs b up as email and confirms the address.
func verifiedAccount(local, b *browser, email string) {
	b.must("POST", "/api/signup", map[string]string{"email": email, "password": password})
	_, text := mail(local, email, "/verify-email?token=")
	b.must("POST", "/api/verify-email", map[string]string{"token": token(text, "/verify-email")})
}

// customer and bank bodies, as the wizard sends them.
func customerBody(first, email, cpf string) map[string]any {
	return map[string]any{
		"first_name": first, "last_name": "Silva", "email": email, "phone_number": "5511987654321",
		"type": "individual", "date_of_birth": "1990-05-10",
		"identity_documents": []map[string]any{{"type": "national_id", "value": cpf, "country": "brazil"}},
		"address":            map[string]any{"street_line_1": "Rua Augusta 100", "city": "São Paulo", "state": "SP", "postal_code": "01305-000", "country": "brazil"},
	}
}

func bankBody(customerID, number string) map[string]any {
	return map[string]any{
		"customer_id": customerID, "account_name": "USD Account", "beneficiary_name": "Maria Silva",
		"bank_name": "JPMorgan Chase", "bank_account_number": number, "routing_number": "021000021",
		"address": map[string]any{"street_line_1": "270 Park Ave", "city": "New York", "state": "NY", "postal_code": "10017", "country": "USA"},
	}
}

// profile makes b's payer with the partner, the embedded BlindPay sandbox,
// as the wizard does: b accepts the partner's terms (the page is opened
// from this machine, as the payer's browser opens it), the customer is
// made, and the partner's approval and the wallet are waited for.
func profile(b *browser, first, email, cpf string) (customerID, walletAddress string) {
	ctx := context.Background()
	do := func(_ context.Context, method, path string, body any) (int, map[string]any, error) {
		a := b.do(method, path, body)
		if a.status < 0 {
			return 0, nil, errors.New(a.body)
		}
		return a.status, a.json, nil
	}
	o := bpflow.Options{Client: &http.Client{Timeout: 30 * time.Second}}
	if err := bpflow.AcceptTerms(ctx, do, o); err != nil {
		panic(err)
	}
	c := b.must("POST", "/api/create-customer", customerBody(first, email, cpf))
	w, err := bpflow.Wallet(ctx, do, o, c.str("customer_id"))
	if err != nil {
		panic(err)
	}
	wallet, _ := w["wallet_address"].(string)
	return c.str("customer_id"), wallet
}

// pay makes a US$ amount Pix payment in b's session to a new bank account
// and has the sandbox complete the pay-in; the payout then moves by itself
// (CREBIT_SANDBOX_AUTO_ADVANCE). The simulation answers loopback only, so
// local asks for it in b's session cookies.
func pay(local, b *browser, email, cpf, bankNumber, amount string) string {
	customerID, wallet := profile(b, "Maria", email, cpf)
	acct := b.must("POST", "/api/create-external-account", bankBody(customerID, bankNumber))
	q := b.must("POST", "/api/create-quote", json.RawMessage(`{"symbol":"USDC/BRL","amount_usd":`+amount+`}`))
	onRamp, _ := q.json["on_ramp"].(map[string]any)
	total := strings.TrimSuffix(strings.SplitN(q.body[strings.Index(q.body, `"total_local_amount":`)+len(`"total_local_amount":`):], ",", 2)[0], "}")
	p := b.must("POST", "/api/create-pix-payment", json.RawMessage(fmt.Sprintf(
		`{"amount_brl":%s,"customer_id":%q,"wallet_address":%q,"quote_id":%q,"sender_name":"Maria Silva","sender_document":%q,"external_account_id":%q}`,
		total, customerID, wallet, onRamp["id"], cpf, acct.str("external_account_id"))))
	txn := p.str("transaction_id")
	sim := &browser{base: b.base, http: b.http} // b's cookies, from loopback
	sim.must("POST", "/api/trigger-mock-webhook", map[string]string{"transaction_id": txn, "event": "payin_completed"})
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		st := sim.must("GET", "/api/webhook-status/"+txn, nil)
		if s, _ := st.json["status"].(map[string]any); s["status"] == "completed" {
			return txn
		}
	}
	panic("payment " + txn + " did not complete")
}
