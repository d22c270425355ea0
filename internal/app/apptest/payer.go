package apptest

import (
	"encoding/json"
	"fmt"
)

// Valid test identities (check digits verified).
const (
	CPF     = "529.982.247-25"
	CPF2    = "390.533.447-05"
	CURP    = "BOXW310820HNERXN09"
	Routing = "021000021"
	Account = "000123456789"
)

// CustomerBR is a valid Brazil create-customer payload.
func CustomerBR(cpf string) map[string]any {
	return map[string]any{
		"first_name": "Maria", "last_name": "Silva", "email": "maria@example.com", "phone_number": "5511987654321",
		"type": "individual", "date_of_birth": "1990-05-10",
		"identity_documents": []map[string]any{{"type": "national_id", "value": cpf, "country": "brazil"}},
		"address": map[string]any{"street_line_1": "Rua Augusta 100", "city": "São Paulo", "state": "SP",
			"postal_code": "01305-000", "country": "brazil"},
	}
}

// CustomerMX is a valid Mexico create-customer payload.
func CustomerMX(curp string) map[string]any {
	return map[string]any{
		"first_name": "Juan", "last_name": "Pérez", "email": "juan@example.mx", "phone_number": "525512345678",
		"type": "individual", "date_of_birth": "1991-08-20",
		"identity_documents": []map[string]any{{"type": "national_id", "value": curp, "country": "mexico"}},
		"address": map[string]any{"street_line_1": "Av. Reforma 10", "city": "Ciudad de México", "state": "CDMX",
			"postal_code": "06600", "country": "mexico"},
	}
}

// BankAccount is a valid create-external-account payload for customerID.
func BankAccount(customerID string) map[string]any {
	return map[string]any{
		"customer_id": customerID, "account_name": "Maria Silva's USD Account", "beneficiary_name": "Maria Silva",
		"bank_name": "JPMorgan Chase", "bank_account_number": Account, "routing_number": Routing,
		"address": map[string]any{"street_line_1": "270 Park Ave", "city": "New York", "state": "NY",
			"postal_code": "10017", "country": "USA"},
	}
}

// Payer is a browser that has gone through the wizard's first steps.
type Payer struct {
	*Browser
	CustomerID    string
	WalletID      string
	WalletAddress string
	AccountID     string
}

// NewBrazilPayer creates a customer and a bank account in a new browser
// (with a staged partner, BlindPay, after its terms and its approval, with
// the wallet opened).
func (h *Harness) NewBrazilPayer() *Payer {
	h.T.Helper()
	return h.Browser().newPayer(CustomerBR(CPF))
}

// NewMexicoPayer creates a Mexico customer and a bank account in a new
// browser (with a staged partner, as NewBrazilPayer).
func (h *Harness) NewMexicoPayer() *Payer {
	h.T.Helper()
	return h.Browser().newPayer(CustomerMX(CURP))
}

// Quote locks a quote for amountUSD in the payer's session.
func (p *Payer) Quote(symbol string, amountUSD string) Response {
	p.h.T.Helper()
	return p.MustOK("POST", "/api/create-quote", fmt.Sprintf(`{"symbol":%q,"amount_usd":%s}`, symbol, amountUSD))
}

// PixPayment pays a BRL quote by Pix, optionally with an Idempotency-Key.
func (p *Payer) PixPayment(q Response, key string) Response {
	p.h.T.Helper()
	body := fmt.Sprintf(`{"amount_brl":%s,"customer_id":%q,"wallet_address":%q,"quote_id":%q,"sender_name":"Maria Silva","sender_document":%q}`,
		jsonNumber(q.JSON["total_local_amount"]), p.CustomerID, p.WalletAddress, onRampID(q), CPF)
	if key == "" {
		return p.Do("POST", "/api/create-pix-payment", body)
	}
	return p.Do("POST", "/api/create-pix-payment", body, "Idempotency-Key", key)
}

// SpeiPayment pays an MXN quote by SPEI.
func (p *Payer) SpeiPayment(q Response, key string) Response {
	p.h.T.Helper()
	body := fmt.Sprintf(`{"amount_mxn":%s,"customer_id":%q,"wallet_id":%q,"quote_id":%q,"sender_clabe":%q}`,
		jsonNumber(q.JSON["total_local_amount"]), p.CustomerID, p.WalletID, onRampID(q), CURP)
	if key == "" {
		return p.Do("POST", "/api/create-spei-payment", body)
	}
	return p.Do("POST", "/api/create-spei-payment", body, "Idempotency-Key", key)
}

func onRampID(q Response) string {
	m, _ := q.JSON["on_ramp"].(map[string]any)
	s, _ := m["id"].(string)
	return s
}

// jsonNumber returns a decoded JSON number's exact text.
func jsonNumber(v any) string {
	if n, ok := v.(json.Number); ok {
		return string(n)
	}
	return "null"
}

// Status polls webhook-status for a payment.
func (p *Payer) Status(txn string) Response {
	p.h.T.Helper()
	return p.MustOK("GET", "/api/webhook-status/"+txn, nil)
}

// State returns the payment's lifecycle state.
func (p *Payer) State(txn string) string {
	r := p.Status(txn)
	st, _ := r.JSON["status"].(map[string]any)
	s, _ := st["status"].(string)
	return s
}

// Simulate asks the sandbox to deliver an event for the payment.
func (p *Payer) Simulate(txn, event string) {
	p.h.T.Helper()
	p.MustOK("POST", "/api/trigger-mock-webhook", map[string]string{"transaction_id": txn, "event": event})
}
