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

func TestTranslate(t *testing.T) {
	tests := []struct {
		lang, code, msg, want string
	}{
		{"en", "email_invalid", "Please enter a valid email address", "Please enter a valid email address"},
		{"pt-BR", "email_invalid", "Please enter a valid email address", "Informe um e-mail válido"},
		{"es-MX", "email_invalid", "Please enter a valid email address", "Ingresa un correo electrónico válido"},
		{"pt-BR", "tax_id_invalid", "Invalid CPF format. CPF must have 11-18 digits, but got 9 digits.",
			"CPF em formato inválido. O CPF deve ter de 11 a 18 dígitos, mas foram informados 9."},
		{"es-MX", "tax_id_invalid", "Invalid CURP format. CURP must have 18 characters, but got 5 characters: ABCDE",
			"Formato de CURP no válido. La CURP debe tener 18 caracteres, pero tiene 5: ABCDE"},
		{"en", "tax_id_invalid", "Invalid CURP format. CURP must have 18 characters, but got 5 characters: ABCDE",
			"Invalid CURP format. CURP must have 18 characters, but got 5 characters: ABCDE"},
		// Field labels inside a value are translated as terms.
		{"pt-BR", "required_fields_missing", "Please fill in all required fields: First Name, Email, ZIP/Postal Code",
			"Preencha todos os campos obrigatórios: Nome, E-mail, CEP"},
		{"es-MX", "required_fields_missing", "Please fill in all required fields: Date of Birth",
			"Completa todos los campos obligatorios: Fecha de nacimiento"},
		{"es-MX", "sender_mismatch", "The sender's CURP does not match the customer profile. Please use the same CURP as in step 1.",
			"La identificación (CURP) del remitente no coincide con el perfil del cliente. Usa la misma identificación (CURP) que en el paso 1."},
		{"pt-BR", "amount_too_large", "The maximum per payment is USD 50000.00. Please split a larger bill into several payments.",
			"O máximo por pagamento é USD 50000.00. Divida uma conta maior em vários pagamentos."},
		{"es-MX", "quote_expired", "This quote has expired. Please get a new quote.", "Esta cotización venció. Pide una nueva cotización."},
		{"pt-BR", "internal", "internal error", "erro interno"},
		// A corridor's own wording wins over the corridor-generic template
		// (the texts Go now writes from the corridor table)...
		{"pt-BR", "minimum_amount", "Minimum Transfer Amount: payments from Brazil must be at least USD 16.00",
			"Valor mínimo de transferência: pagamentos a partir do Brasil devem ser de pelo menos USD 16.00"},
		{"es-MX", "country_not_supported", "Country Not Supported: PIX payments are for payers from Brazil.",
			"País no disponible: los pagos con Pix son para pagadores de Brasil."},
		// ...and a corridor without its own wording gets the generic one.
		{"es-MX", "minimum_amount", "Minimum Transfer Amount: payments from Colombia must be at least USD 5.00",
			"Monto mínimo de transferencia: los pagos desde Colombia deben ser de al menos USD 5.00"},
		{"pt-BR", "delivery_method_invalid", "Mail Check to School is coming soon for Mexico. Please choose USD to Your US Bank Account.",
			"O cheque enviado à escola chega em breve para o México. Escolha USD na sua conta bancária nos EUA."},
		// A message no template matches gets the code's general message.
		{"pt-BR", "rate_limited", "Too many sign-in attempts; wait 60 s", "Muitas tentativas. Aguarde um pouco e tente novamente."},
		// An unknown code or language is answered as sent.
		{"pt-BR", "no_such_code", "Something new", "Something new"},
		{"fr", "email_invalid", "Please enter a valid email address", "Please enter a valid email address"},
	}
	for _, tt := range tests {
		if got := Translate(tt.lang, tt.code, tt.msg); got != tt.want {
			t.Errorf("Translate(%s, %s, %q)\n got %q\nwant %q", tt.lang, tt.code, tt.msg, got, tt.want)
		}
	}
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

// Text answers a key with its arguments; the same error the old path
// translated from English reads the same.
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
	}
	for _, tt := range tests {
		if got := Text(tt.lang, tt.key, tt.args); got != tt.want {
			t.Errorf("Text(%s, %s) = %q, want %q", tt.lang, tt.key, got, tt.want)
		}
	}
	for _, lang := range []string{"pt-BR", "es-MX"} {
		en := Text("en", "required_fields_missing.fields", map[string]string{"fields": "First Name, Email"})
		if got, want := Text(lang, "required_fields_missing.fields", map[string]string{"fields": "First Name, Email"}), Translate(lang, "required_fields_missing", en); got != want {
			t.Errorf("%s: Text %q, Translate %q", lang, got, want)
		}
	}
}
