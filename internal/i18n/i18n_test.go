package i18n

import (
	"net/http/httptest"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestCatalogsAgree is the key check of the server's messages: every
// language has the same keys and terms, the same placeholders per key, and a
// general message for every error code; general messages have no placeholders.
func TestCatalogsAgree(t *testing.T) {
	en := catalogs["en"]
	for _, lang := range Languages {
		c := catalogs[lang]
		if got, want := keys(c.Messages), keys(en.Messages); !reflect.DeepEqual(got, want) {
			t.Errorf("%s messages differ from en: only in %s %v, missing %v", lang, lang, minus(got, want), minus(want, got))
		}
		if got, want := keys(c.Terms), keys(en.Terms); !reflect.DeepEqual(got, want) {
			t.Errorf("%s terms differ from en: extra %v, missing %v", lang, minus(got, want), minus(want, got))
		}
		for key, text := range c.Messages {
			if got, want := Placeholders(text), Placeholders(en.Messages[key]); !reflect.DeepEqual(got, want) {
				t.Errorf("%s %s: placeholders %v, en has %v", lang, key, got, want)
			}
		}
		for _, code := range codes(t) {
			text, ok := c.Messages[code]
			if !ok {
				t.Errorf("%s: no general message for code %s", lang, code)
			} else if len(Placeholders(text)) > 0 {
				t.Errorf("%s %s: a general message cannot have placeholders", lang, code)
			}
		}
	}
	for key := range en.Messages {
		code, _, _ := strings.Cut(key, ".")
		if !slices.Contains(codes(t), code) {
			t.Errorf("en %s: %s is not an error code", key, code)
		}
	}
}

// codes are the error codes apperr/codes.go declares (read from its source:
// apperr imports this package).
func codes(t *testing.T) []string {
	var out []string
	for _, v := range codeValues(t) {
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func minus(a, b []string) []string {
	in := map[string]bool{}
	for _, s := range b {
		in[s] = true
	}
	var out []string
	for _, s := range a {
		if !in[s] {
			out = append(out, s)
		}
	}
	return out
}

func TestFromRequest(t *testing.T) {
	tests := []struct {
		name, cookie, accept, want string
	}{
		{"nothing", "", "", "en"},
		{"brazilian browser", "", "pt-BR,pt;q=0.9,en;q=0.8", "pt-BR"},
		{"portuguese browser", "", "pt-PT", "pt-BR"},
		{"spanish browser", "", "es-ES,es;q=0.9", "es-MX"},
		{"q decides", "", "en;q=0.5, es-MX;q=0.9", "es-MX"},
		{"unknown then spanish", "", "fr-FR, es;q=0.7", "es-MX"},
		{"unknown only", "", "fr-FR, de", "en"},
		{"q=0 is refusal", "", "pt;q=0", "en"},
		{"cookie wins", "es-MX", "pt-BR", "es-MX"},
		{"cookie english wins", "en", "pt-BR", "en"},
		{"bad cookie ignored", "pt", "es", "es-MX"},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("GET", "/", nil)
		if tt.cookie != "" {
			r.Header.Set("Cookie", CookieName+"="+tt.cookie)
		}
		if tt.accept != "" {
			r.Header.Set("Accept-Language", tt.accept)
		}
		if got := FromRequest(r); got != tt.want {
			t.Errorf("%s: FromRequest = %s, want %s", tt.name, got, tt.want)
		}
	}
}

// Text answers a key with its arguments; field labels inside a value are
// translated as terms.
func TestText(t *testing.T) {
	tests := []struct {
		lang, key string
		args      map[string]string
		want      string
	}{
		{"en", "amount_too_large.max", map[string]string{"max": "50000.00"}, "The maximum per payment is USD 50000.00. Please split a larger bill into several payments."},
		{"pt-BR", "amount_too_large.max", map[string]string{"max": "50000.00"}, "O máximo por pagamento é USD 50000.00. Divida uma conta maior em vários pagamentos."},
		{"fr", "quote_expired", nil, catalogs["en"].Messages["quote_expired"]},
		{"es-MX", "no_such_code.x", nil, "no_such_code.x"},
		{"pt-BR", "email_invalid", nil, "Informe um e-mail válido"},
		{"pt-BR", "tax_id_invalid.cpf_length", map[string]string{"count": "9"},
			"CPF em formato inválido. O CPF deve ter de 11 a 18 dígitos, mas foram informados 9."},
		{"es-MX", "tax_id_invalid.curp_length", map[string]string{"count": "5", "curp": "ABCDE"},
			"Formato de CURP no válido. La CURP debe tener 18 caracteres, pero tiene 5: ABCDE"},
		{"pt-BR", "required_fields_missing.fields", map[string]string{"fields": "First Name, Email, ZIP/Postal Code"},
			"Preencha todos os campos obrigatórios: Nome, E-mail, CEP"},
		{"es-MX", "required_fields_missing.fields", map[string]string{"fields": "Date of Birth"},
			"Completa todos los campos obligatorios: Fecha de nacimiento"},
		{"es-MX", "minimum_amount.corridor", map[string]string{"country": "Colombia", "amount": "5.00"},
			"Monto mínimo de transferencia: los pagos desde Colombia deben ser de al menos USD 5.00"},
		{"pt-BR", "internal.plain", nil, "erro interno"},
	}
	for _, tt := range tests {
		if got := Text(tt.lang, tt.key, tt.args); got != tt.want {
			t.Errorf("Text(%s, %s) = %q, want %q", tt.lang, tt.key, got, tt.want)
		}
	}
}
