package httpapi_test

import (
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// TestErrorsInTheRequestsLanguage: the error text follows the crebit_lang
// cookie, else Accept-Language; code and field never change, and English is
// the message as sent.
func TestErrorsInTheRequestsLanguage(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, store.SQLite, apptest.BlindPay())
	b := h.Browser()
	quote := map[string]any{"symbol": "USDC/BRL", "amount_usd": 10.123}
	cases := []struct {
		name    string
		path    string
		body    any
		headers []string
		lang    string
		code    string
		field   string
		want    string
	}{
		{"english as sent", "/api/create-quote", quote, nil, "en", "amount_invalid", "amount_usd",
			"Please enter a valid USD amount: at most 2 decimal places"},
		{"accept-language pt", "/api/create-quote", quote, []string{"Accept-Language", "pt-BR,pt;q=0.9"}, "pt-BR", "amount_invalid", "amount_usd",
			"Informe um valor válido em USD: no máximo 2 casas decimais"},
		{"accept-language es", "/api/create-quote", quote, []string{"Accept-Language", "es-419,es;q=0.9"}, "es-MX", "amount_invalid", "amount_usd",
			"Ingresa un monto válido en USD: máximo 2 decimales"},
		{"cookie wins", "/api/create-quote", quote, []string{"Accept-Language", "pt-BR", "Cookie", "crebit_lang=es-MX"}, "es-MX", "amount_invalid", "amount_usd",
			"Ingresa un monto válido en USD: máximo 2 decimales"},
		{"cookie english wins", "/api/create-quote", quote, []string{"Accept-Language", "pt-BR", "Cookie", "crebit_lang=en"}, "en", "amount_invalid", "amount_usd",
			"Please enter a valid USD amount: at most 2 decimal places"},
		{"unknown field with value", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":10,"x":1}`, []string{"Accept-Language", "pt"}, "pt-BR", "unknown_field", "x",
			`campo desconhecido "x"`},
		{"transaction not found es", "/api/transaction-status?transaction_id=txn_nope", nil, []string{"Accept-Language", "es-MX"}, "es-MX", "transaction_not_found", "",
			"No encontramos la transacción. Revisa el ID de transacción."},
		{"unknown api path pt", "/api/nope", nil, []string{"Accept-Language", "pt-BR"}, "pt-BR", "not_found", "",
			"não encontrado: GET /api/nope"},
	}
	for _, c := range cases {
		method := "POST"
		if c.body == nil {
			method = "GET"
		}
		r := b.Do(method, c.path, c.body, c.headers...)
		if r.Error() != c.want || r.Str("code") != c.code || r.Str("field") != c.field {
			t.Errorf("%s: %d %s\nwant error %q code %s field %q", c.name, r.Status, r.Body, c.want, c.code, c.field)
		}
		if got := r.Header.Get("Content-Language"); got != c.lang {
			t.Errorf("%s: Content-Language %q, want %q", c.name, got, c.lang)
		}
	}
}
