package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/partner/blindpay"
	"github.com/crebit/crebit/internal/payments/paymail"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

// The maximum per payment the validation harness is configured with, so the
// "configured maximum" message is tested against a value the test chose.
const testMaxUSD = "25000.00"

// Ids with the right shape that were never issued.
const (
	madeUpCustomer = "cus_aaaaaaaaaaaaaaaaaaaaaaaaaa"
	madeUpTxn      = "txn_aaaaaaaaaaaaaaaaaaaaaaaaaa"
)

// Exact texts the tests expect more than once.
const (
	errNoCustomerID     = "No customer ID found. Please create a customer profile first."
	errCustomerNotFound = "Customer not found. Please create a customer profile first."
	errNoValidQuote     = "No valid quote found. Please generate a new quote."
	errTxnNotFound      = "Transaction not found. Please check the transaction ID."
	errValidUSD         = "Please enter a valid USD amount"
	errBrazilMinimum    = "Minimum Transfer Amount: payments from Brazil must be at least USD 16.00"
	errMaximum          = "The maximum per payment is USD " + testMaxUSD + ". Please split a larger bill into several payments."
	errContentType      = "Content-Type must be application/json"
	errTooLarge         = "request body is larger than 1048576 bytes"
	errSingleObject     = "request body must contain a single JSON object"
	errBankDetails      = "Please fill in all bank account details including bank address"
	errNUL              = `text fields must not contain NUL characters (\u0000)`
	errAuthRequired     = "Authorization Required – Please agree to the authorization to proceed with the payment."
	errNoValidEmails    = "No valid emails: Please enter at least one valid email address to refer someone."
	errUseExisting      = "Failed to use existing account. Please try again."
	errAllFields        = "Please fill in all required fields: "
)

// apiCase is one request and the answer it must get.
type apiCase struct {
	name   string
	as     *apptest.Browser // who asks; nil is a new browser without a cookie
	method string
	path   string
	body   any // nil, a raw string, or a value sent as JSON
	// bodyFn, when set, makes the body when the case runs (for ids that
	// earlier cases create).
	bodyFn func() any
	header []string
	status int
	err    string // the exact {"error": ...} text when status >= 400
	check  func(t *testing.T, r apptest.Response)
	// until, when set, re-sends the request until it holds (20 s at most):
	// for state that a background job changes.
	until func(r apptest.Response) bool
	// bug, when set, names a known server bug: the case is skipped with
	// "BUG: ..." (on bugOn only, when that is set) until the server is fixed.
	// CREBIT_TEST_KNOWN_BUGS=1 runs these cases anyway, to check a fix.
	bug   string
	bugOn store.Engine
}

// world is one running application per engine and the payers the cases use.
type world struct {
	h      *apptest.Harness
	engine store.Engine
	br     *apptest.Payer // Maria, Brazil, with a US bank account
	mx     *apptest.Payer // Juan, Mexico, with a US bank account
	ana    *apptest.Payer // Ana, a second Brazil payer (another person)
	ref    *apptest.Payer // Rui, signed in with a confirmed address (invitations need one)
}

// TestAPIValidation drives every /api/ call through real HTTP on SQLite and
// PostgreSQL: the happy paths, every validation message the service
// produces, malformed and hostile bodies, and who may see what.
func TestAPIValidation(t *testing.T) {
	for _, engine := range storetest.Engines {
		t.Run(string(engine), func(t *testing.T) {
			t.Parallel()
			h := apptest.New(t, engine, apptest.Env("CREBIT_MAX_PAYMENT_USD", testMaxUSD),
				// Hundreds of refusals from one client: the limits have their own tests.
				apptest.Env("CREBIT_RATE_LIMIT_SCALE", "0"))
			w := &world{h: h, engine: engine, br: h.NewBrazilPayer(), mx: h.NewMexicoPayer(),
				ref: h.NewVerifiedAccountPayer("rui@example.com", apptest.CPF2).Payer}
			w.ana = w.newPayer(t, withFields(apptest.CustomerBR(apptest.CPF2),
				"first_name", "Ana", "last_name", "Souza", "email", "ana@example.org"))

			t.Run("decoding", func(t *testing.T) { w.run(t, w.decodingCases(t)) })
			t.Run("amounts", func(t *testing.T) { w.run(t, w.amountCases()) })
			t.Run("quotes", func(t *testing.T) { w.run(t, w.quoteCases()) })
			t.Run("customers", func(t *testing.T) { w.run(t, w.customerCases()) })
			t.Run("customer_documents", func(t *testing.T) { w.run(t, w.documentCases()) })
			t.Run("wallets_and_bank_accounts", func(t *testing.T) { w.run(t, w.bankCases()) })
			t.Run("ownership", func(t *testing.T) { w.run(t, w.ownershipCases(t)) })
			t.Run("pix", func(t *testing.T) { w.run(t, w.pixCases(t)) })
			t.Run("spei", func(t *testing.T) { w.run(t, w.speiCases(t)) })
			t.Run("status", func(t *testing.T) { w.run(t, w.statusCases(t)) })
			t.Run("partner_webhooks", func(t *testing.T) { w.run(t, w.webhookCases(t)) })
			t.Run("public", func(t *testing.T) { w.run(t, w.publicCases()) })
			t.Run("text_storage", func(t *testing.T) { w.run(t, w.textCases(t)) })
		})
	}
}

// run sends each case in order (later cases may rely on earlier ones).
func (w *world) run(t *testing.T, cases []apiCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.bug != "" && (c.bugOn == "" || c.bugOn == w.engine) && os.Getenv("CREBIT_TEST_KNOWN_BUGS") != "1" {
				t.Skip("BUG: " + c.bug)
			}
			b := c.as
			if b == nil {
				b = w.h.Browser()
			}
			body := c.body
			if c.bodyFn != nil {
				body = c.bodyFn()
			}
			r := b.Do(c.method, c.path, body, c.header...)
			for deadline := time.Now().Add(apptest.Patience); c.until != nil && !c.until(r); {
				if time.Now().After(deadline) {
					t.Fatalf("condition never held; last answer %d %s", r.Status, clip(r.Body))
				}
				time.Sleep(25 * time.Millisecond)
				r = b.Do(c.method, c.path, body, c.header...)
			}
			expectAnswer(t, r, c.status, c.err)
			if c.check != nil && !t.Failed() {
				c.check(t, r)
			}
		})
	}
}

// anyMessage, as a case's err, accepts any error text except "internal
// error": for bugs whose fix may word the message its own way.
const anyMessage = "<any actionable message>"

// expectAnswer checks the status and, for an error, the one error shape with
// the exact text. create-wallet's answer also carries the text as "message".
func expectAnswer(t *testing.T, r apptest.Response, status int, errText string) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d; body %s", r.Status, status, clip(r.Body))
	}
	if ct := r.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q, want application/json", ct)
	}
	if r.JSON == nil {
		t.Fatalf("body is not a JSON object: %s", clip(r.Body))
	}
	if status < 400 {
		if _, ok := r.JSON["error"]; ok {
			t.Errorf("a %d answer carries an error: %s", status, clip(r.Body))
		}
		return
	}
	got := r.Error()
	switch {
	case errText == anyMessage:
		if got == "" || got == "internal error" {
			t.Errorf("error %q, want a message a person can act on", got)
		}
	case got != errText:
		t.Errorf("error %q, want %q", got, errText)
	}
	expectCode(t, r, got)
	for k, v := range r.JSON {
		if k != "error" && k != "code" && k != "field" && !(k == "message" && v == got) {
			t.Errorf("error answer has an extra field %q: %s", k, clip(r.Body))
		}
	}
}

// codeOf is the code (and field) each message family is sent with: clients
// branch on these, never on the English text. Field "*" accepts any
// non-empty field; "" requires none.
var codeOf = []struct{ prefix, code, field string }{
	{"Authorization Required – Please agree to the authorization to proceed with the payment.", "authorization_required", "*"},
	{"Bank account details are too long (at most 200 characters each)", "field_too_long", ""},
	{"Content-Type must be application/json", "invalid_json", ""},
	{"Country Not Supported: Crebit serves payers from Brazil and Mexico.", "country_not_supported", "country"},
	{"Country Not Supported: PIX payments are for payers from Brazil.", "country_not_supported", ""},
	{"Country Not Supported: SPEI payments are for payers from Mexico.", "country_not_supported", ""},
	{"Customer not found. Please create a customer profile first.", "customer_not_found", ""},
	{"Date of Birth must be a date in the past", "date_of_birth_invalid", "date_of_birth"},
	{"Date of Birth must be a real calendar date", "date_of_birth_invalid", "date_of_birth"},
	{"Date of Birth must be after 1900", "date_of_birth_invalid", "date_of_birth"},
	{"Date of Birth must be in YYYY-MM-DD format", "date_of_birth_invalid", "date_of_birth"},
	{"The payer must be at least 18 years old", "date_of_birth_invalid", "date_of_birth"},
	{"Document type must be \"national_id\"", "invalid_request", "identity_documents"},
	{"Failed to use existing account. Please try again.", "existing_customer_unavailable", ""},
	{"Idempotency-Key must be printable ASCII of at most 200 characters", "idempotency_key_invalid", ""},
	{"Invalid CNPJ: the check digits do not match. Please check the number.", "tax_id_invalid", "*"},
	{"Invalid CPF format.", "tax_id_invalid", "*"},
	{"Invalid CPF or CNPJ: a CPF has 11 digits and a CNPJ has 14 characters.", "tax_id_invalid", "*"},
	{"Invalid CPF: please check the number.", "tax_id_invalid", "*"},
	{"Invalid CPF: the check digits do not match. Please check the number.", "tax_id_invalid", "*"},
	{"Invalid CURP format. CURP must have 18", "tax_id_invalid", "*"},
	{"Invalid CURP format. Please check the CURP.", "tax_id_invalid", "*"},
	{"Invalid CURP: the birth date in it is not a real date. Please check the CURP.", "tax_id_invalid", "*"},
	{"Invalid CURP: the check digit does not match. Please check the CURP.", "tax_id_invalid", "*"},
	{"Invalid account number: it must have 4 to 17 digits.", "account_number_invalid", "bank_account_number"},
	{"Invalid routing number: it must be the 9-digit ABA number of a US bank. Please check it.", "routing_number_invalid", "routing_number"},
	{"Last Name is too long", "field_too_long", ""},
	{"Mail Check to School is coming soon for Mexico. Please choose USD to Your US Bank Account.", "delivery_method_invalid", "delivery_method"},
	{"Mail Check to School is coming soon for Brazil. Please choose USD to Your US Bank Account.", "delivery_method_invalid", "delivery_method"},
	{"Minimum Transfer Amount: payments from Brazil must be at least USD 16.00", "minimum_amount", "amount_usd"},
	{"No US bank account found for this payment. Please add your bank account first.", "bank_account_missing", "external_account_id"},
	{"No customer ID found in session", "customer_not_found", ""},
	{"No customer ID found. Please create a customer profile first.", "required_fields_missing", "customer_id"},
	{"No quote IDs found in session", "quote_not_found", ""},
	{"No quote available. Please generate a quote first.", "required_fields_missing", "quote_id"},
	{"No valid emails: Please enter at least one valid email address to refer someone.", "referral_emails_invalid", "emails"},
	{"No valid quote found. Please generate a new quote.", "quote_not_found", "*"},
	{"No wallet ID found. Please try again.", "wallet_missing", "wallet_id"},
	{"No wallet address found. Please try again.", "wallet_missing", "wallet_address"},
	{"Phone number must contain at least one digit", "phone_invalid", "phone_number"},
	{"Phone number must have between 8 and 15 digits, including the country or area code", "phone_invalid", "phone_number"},
	{"Please enter a transaction ID", "required_fields_missing", "transaction_id"},
	{"Please enter a valid USD amount", "amount_invalid", "amount_usd"},
	{"Please enter a valid USD amount greater than 0", "amount_invalid", "amount_usd"},
	{"Please enter a valid USD amount: at most 2 decimal places", "amount_invalid", "amount_usd"},
	{"Please enter a valid email address", "email_invalid", "email"},
	{"Email is required", "required_fields_missing", "email"},
	{"Create your free account or sign in, and confirm your email, to invite friends.", "sign_in_required", ""},
	{"The email address holds an invisible or control character.", "email_invalid", "email"},
	{"The email address's domain mixes alphabets", "email_invalid", "email"},
	{"Please use an email address at a domain name", "email_invalid", "email"},
	{"The part before the @ can hold only", "email_invalid", "email"},
	{"Please enter a valid email address for tracking updates", "check_details_invalid", "check_details"},
	{"Please fill in all bank account details including bank address", "bank_details_missing", ""},
	{"Please fill in all required fields:", "required_fields_missing", ""},
	{"Please fill in all school and student details", "check_details_invalid", "check_details"},
	{"Please refer at most 20 friends at a time", "referrals_too_many", "emails"},
	{"Send exactly one identity document", "invalid_request", "identity_documents"},
	{"Sender information (name and CURP) is required for SPEI payment.", "sender_required", "sender_clabe"},
	{"Sender information (name and tax ID) is required for PIX payment.", "sender_required", "sender_document"},
	{"The bank must be in the USA", "bank_not_in_usa", "address"},
	{"The maximum per payment", "amount_too_large", "amount_usd"},
	{"The sender's ", "sender_mismatch", "*"},
	{"This Idempotency-Key was already used for a different payment request.", "idempotency_key_reused", ""},
	{"This quote has already been used for a payment. Please generate a new quote.", "quote_used", ""},
	{"This quote is in", "quote_mismatch", ""},
	{"Transaction not found. Please check the transaction ID.", "transaction_not_found", ""},
	{"amount_brl does not", "quote_mismatch", "amount_brl"},
	{"amount_brl is required", "required_fields_missing", "amount_brl"},
	{"amount_mxn does not", "quote_mismatch", "amount_mxn"},
	{"amount_mxn is required", "required_fields_missing", "amount_mxn"},
	{"amount_usd is required: Please enter a valid USD amount", "amount_invalid", "amount_usd"},
	{"delivery_method must be \"usd-bank-transfer\" or \"check-to-school\"", "delivery_method_invalid", "delivery_method"},
	{"event must be one of payin_processing, payin_completed, offramp_created, offramp_completed, payin_failed", "invalid_request", "event"},
	{"field \"", "invalid_json", "*"},
	{"invalid webhook signature", "webhook_signature_invalid", ""},
	{"malformed JSON", "invalid_json", ""},
	{"method ", "method_not_allowed", ""},
	{"not found: ", "not_found", ""},
	{"quote_type must be \"on_ramp\" or \"off_ramp\"", "invalid_request", "quote_type"},
	{"request body is empty; send a JSON object", "invalid_json", ""},
	{"request body is larger than 1048576 bytes", "body_too_large", ""},
	{"request body must be a JSON object", "invalid_json", ""},
	{"request body must contain a single JSON object", "invalid_json", ""},
	{"symbol must be \"USDC/BRL\" or \"USDC/MXN\"", "invalid_request", "symbol"},
	{"text fields must not contain NUL characters (\\u0000)", "invalid_json", ""},
	{"type must be \"individual\"", "invalid_request", "type"},
	{"unknown field", "unknown_field", "*"},
	{"webhook body is not a JSON event", "invalid_json", ""},
}

// expectCode checks the error's stable code and field against codeOf, and
// that every code sent is a documented one.
func expectCode(t *testing.T, r apptest.Response, msg string) {
	t.Helper()
	code, _ := r.JSON["code"].(string)
	field, _ := r.JSON["field"].(string)
	if !slices.Contains(apperr.Codes(), apperr.Code(code)) || code == string(apperr.Internal) {
		t.Errorf("code %q is not a documented client code: %s", code, clip(r.Body))
		return
	}
	if st := apperr.Status(&apperr.Error{Code: apperr.Code(code)}); st != r.Status {
		t.Errorf("code %q maps to %d, but the answer was %d", code, st, r.Status)
	}
	best := -1
	for i, c := range codeOf {
		if strings.HasPrefix(msg, c.prefix) && (best < 0 || len(c.prefix) > len(codeOf[best].prefix)) {
			best = i
		}
	}
	if best >= 0 {
		c := codeOf[best]
		if code != c.code {
			t.Errorf("code %q, want %q for %q", code, c.code, msg)
		}
		if (c.field == "*" && field == "") || (c.field != "*" && field != c.field) {
			t.Errorf("field %q, want %q for %q", field, c.field, msg)
		}
		return
	}
	t.Errorf("message %q has no entry in codeOf (code %q, field %q)", msg, code, field)
}

func clip(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "..."
	}
	return string(b)
}

// ---- fixtures ---------------------------------------------------------------

// mustDo sends a request that must answer 2xx (failing t, not the harness's test).
func mustDo(t *testing.T, b *apptest.Browser, method, path string, body any, header ...string) apptest.Response {
	t.Helper()
	r := b.Do(method, path, body, header...)
	if r.Status < 200 || r.Status > 299 {
		t.Fatalf("%s %s: %d %s", method, path, r.Status, clip(r.Body))
	}
	return r
}

// newPayer creates a customer from payload (the partner's terms accepted
// first, its approval and wallet waited for), with the standard bank
// account, in a new browser.
func (w *world) newPayer(t *testing.T, payload map[string]any) *apptest.Payer {
	t.Helper()
	return w.h.NewStagedPayer(payload)
}

// quote locks a quote in b's session.
func quote(t *testing.T, b *apptest.Browser, symbol, amountUSD string) apptest.Response {
	t.Helper()
	return mustDo(t, b, "POST", "/api/create-quote", fmt.Sprintf(`{"symbol":%q,"amount_usd":%s}`, symbol, amountUSD))
}

func onRampID(q apptest.Response) string  { return nested(q.JSON, "on_ramp", "id") }
func offRampID(q apptest.Response) string { return nested(q.JSON, "off_ramp", "id") }

// nested returns the string at a path of object keys (or "").
func nested(m map[string]any, keys ...string) string {
	var v any = m
	for _, k := range keys {
		o, _ := v.(map[string]any)
		v = o[k]
	}
	s, _ := v.(string)
	return s
}

// pixBody is a valid create-pix-payment body for q paid by p, changed by kv.
func pixBody(p *apptest.Payer, q apptest.Response, kv ...any) map[string]any {
	return withFields(map[string]any{
		"amount_brl": json.Number(q.Num("total_local_amount")), "customer_id": p.CustomerID,
		"wallet_address": p.WalletAddress, "quote_id": onRampID(q), "sender_name": "Maria Silva",
		"sender_document": apptest.CPF,
	}, kv...)
}

// speiBody is a valid create-spei-payment body for q paid by p, changed by kv.
func speiBody(p *apptest.Payer, q apptest.Response, kv ...any) map[string]any {
	return withFields(map[string]any{
		"amount_mxn": json.Number(q.Num("total_local_amount")), "customer_id": p.CustomerID,
		"wallet_id": p.WalletID, "quote_id": onRampID(q), "sender_clabe": apptest.CURP,
	}, kv...)
}

// remove, as a value for withFields, deletes the key.
type removeKey struct{}

var remove = removeKey{}

// withFields returns a deep copy of m with each dotted path set (or removed).
// A path segment that is a number indexes an array: "identity_documents.0.value".
func withFields(m map[string]any, kv ...any) map[string]any {
	raw, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var out map[string]any
	if err := dec.Decode(&out); err != nil {
		panic(err)
	}
	for i := 0; i+1 < len(kv); i += 2 {
		parts := strings.Split(kv[i].(string), ".")
		var cur any = out
		for _, p := range parts[:len(parts)-1] {
			switch c := cur.(type) {
			case map[string]any:
				cur = c[p]
			case []any:
				var n int
				fmt.Sscan(p, &n)
				cur = c[n]
			}
		}
		last := parts[len(parts)-1]
		obj := cur.(map[string]any)
		if _, ok := kv[i+1].(removeKey); ok {
			delete(obj, last)
		} else {
			obj[last] = kv[i+1]
		}
	}
	return out
}

// ---- assertions used by checks ------------------------------------------------

func wantStr(t *testing.T, r apptest.Response, key, want string) {
	t.Helper()
	if got := r.Str(key); got != want {
		t.Errorf("%s = %q, want %q", key, got, want)
	}
}

func wantNum(t *testing.T, r apptest.Response, key, want string) {
	t.Helper()
	if got := r.Num(key); got != want {
		t.Errorf("%s = %s, want %s (body %s)", key, got, want, clip(r.Body))
	}
}

func wantPrefix(t *testing.T, r apptest.Response, key, prefix string) {
	t.Helper()
	if got := r.Str(key); !strings.HasPrefix(got, prefix) || len(got) <= len(prefix) {
		t.Errorf("%s = %q, want an id starting %q", key, got, prefix)
	}
}

func wantBool(t *testing.T, r apptest.Response, key string, want bool) {
	t.Helper()
	if got, ok := r.JSON[key].(bool); !ok || got != want {
		t.Errorf("%s = %v, want %v", key, r.JSON[key], want)
	}
}

func wantAbsent(t *testing.T, r apptest.Response, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if _, ok := r.JSON[k]; ok {
			t.Errorf("%s is present (%v); it must not be", k, r.JSON[k])
		}
	}
}

// wantPositiveDecimal checks a JSON number field is a plain positive decimal.
func wantPositiveDecimal(t *testing.T, r apptest.Response, key string) {
	t.Helper()
	n := r.Num(key)
	if n == "" || strings.ContainsAny(n, "eE-") || strings.Trim(n, "0.") == "" {
		t.Errorf("%s = %q, want a positive decimal number", key, n)
	}
}

// ---- decoding -----------------------------------------------------------------

func (w *world) decodingCases(t *testing.T) []apiCase {
	b := w.h.Browser()
	rate := `{"symbol":"USDC/BRL","quote_type":"on_ramp"}`
	post := func(name, path, body string, status int, err string, header ...string) apiCase {
		return apiCase{name: name, as: b, method: "POST", path: path, body: body, header: header, status: status, err: err}
	}
	// A body of exactly the limit is read; one byte more is refused.
	atLimit := `{"email":"limit@example.com","source":"`
	atLimit += strings.Repeat("x", 1<<20-len(atLimit)-2) + `"}`
	if len(atLimit) != 1<<20 {
		t.Fatalf("atLimit is %d bytes", len(atLimit))
	}
	overLimit := atLimit[:len(atLimit)-2] + `x"}`
	huge := `{"symbol":"USDC/BRL","amount_usd":16,"padding":"` + strings.Repeat("a", 2<<20) + `"}`
	return []apiCase{
		post("truncated", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":16`, 400, "malformed JSON: the body ends too early"),
		post("truncated_in_string", "/api/create-quote", `{"symbol":"USDC/B`, 400, "malformed JSON: the body ends too early"),
		post("trailing_garbage", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":16} x`, 400, errSingleObject),
		post("two_objects", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":16}{"symbol":"USDC/MXN","amount_usd":16}`, 400, errSingleObject),
		post("two_objects_newline", "/api/create-quote-new", rate+"\n"+rate, 400, errSingleObject),
		post("empty_body", "/api/create-quote", ``, 400, "request body is empty; send a JSON object"),
		post("whitespace_body", "/api/create-quote", " \n\t ", 400, "request body is empty; send a JSON object"),
		post("not_an_object_string", "/api/create-quote", `"USDC/BRL"`, 400, "request body must be a JSON object, not a string"),
		post("not_an_object_number", "/api/create-quote", `42`, 400, "request body must be a JSON object, not a number"),
		post("not_an_object_bool", "/api/create-quote", `true`, 400, "request body must be a JSON object, not a bool"),
		post("array_body", "/api/create-customer", `[{"first_name":"Maria"}]`, 400, "request body must be a JSON object, not an array"),
		post("syntax_error", "/api/create-quote", `{"symbol":'USDC/BRL'}`, 400, "malformed JSON at byte 11: invalid character '\\'' looking for beginning of value"),
		post("byte_order_mark", "/api/create-quote", "\xef\xbb\xbf"+`{"symbol":"USDC/BRL","amount_usd":16}`, 400, "malformed JSON at byte 1: invalid character 'ï' looking for beginning of value"),
		post("string_for_amount_usd", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":"100"}`, 400, `field "amount_usd" must be a number, not a string`),
		post("bool_for_amount_usd", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":true}`, 400, `field "amount_usd" must be a number, not a boolean`),
		post("object_for_amount_usd", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":{"value":100}}`, 400, `field "amount_usd" must be a number, not an object`),
		post("number_for_symbol", "/api/create-quote", `{"symbol":5,"amount_usd":16}`, 400, `field "symbol" must be a string, not a number`),
		post("number_for_quote_type", "/api/create-quote-new", `{"symbol":"USDC/BRL","quote_type":1}`, 400, `field "quote_type" must be a string, not a number`),
		post("object_for_email", "/api/subscribe", `{"email":{"address":"a@b.co"}}`, 400, `field "email" must be a string, not an object`),
		post("string_for_emails", "/api/referrals", `{"customer_id":"x","emails":"a@b.co"}`, 400, `field "emails" must be an array, not a string`),
		post("string_for_accepted", "/api/payment-authorization", `{"accepted":"yes"}`, 400, `field "accepted" must be true or false, not a string`),
		post("object_for_identity_documents", "/api/create-customer", `{"identity_documents":{"type":"national_id"}}`, 400, `field "identity_documents" must be an array, not an object`),
		post("number_in_nested_address", "/api/create-customer", `{"address":{"city":1}}`, 400, `field "address.city" must be a string, not a number`),
		post("number_in_array_element", "/api/create-customer", `{"identity_documents":[{"value":52998224725}]}`, 400, `field "identity_documents.value" must be a string, not a number`),
		post("string_for_amount_brl", "/api/create-pix-payment", `{"amount_brl":"542.23"}`, 400, `field "amount_brl" must be a number, not a string`),
		post("array_for_amount_mxn", "/api/create-spei-payment", `{"amount_mxn":[1]}`, 400, `field "amount_mxn" must be a number, not an array`),
		post("unknown_field", "/api/create-quote", `{"symbol":"USDC/BRL","amount":16}`, 400, `unknown field "amount"`),
		post("unknown_nested_field", "/api/create-customer", `{"address":{"zip":"01305-000"}}`, 400, `unknown field "zip"`),
		post("unknown_field_on_trigger", "/api/trigger-mock-webhook", `{"transaction_id":"x","event":"payin_completed","force":true}`, 400, `unknown field "force"`),
		{name: "field_names_are_case_sensitive", as: b, method: "POST", path: "/api/create-quote", body: `{"Symbol":"USDC/BRL","AMOUNT_USD":16}`,
			status: 400, err: `unknown field "Symbol"`},
		// create-wallet's client reads "message": every error carries both.
		{name: "create_wallet_decode_error_has_message", as: b, method: "POST", path: "/api/create-wallet", body: `{"customer_id":7}`,
			status: 400, err: `field "customer_id" must be a string, not a number`,
			check: func(t *testing.T, r apptest.Response) {
				wantStr(t, r, "message", `field "customer_id" must be a string, not a number`)
			}},
		// Size: the limit is 1 MiB, counted on the raw body.
		post("body_over_1MiB", "/api/create-quote", huge, 413, errTooLarge),
		post("body_over_1MiB_customer", "/api/create-customer", `{"first_name":"`+strings.Repeat("a", 1<<20)+`"}`, 413, errTooLarge),
		post("valid_object_then_1MiB_of_spaces", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":16}`+strings.Repeat(" ", 1<<20), 413, errTooLarge),
		post("body_exactly_1MiB", "/api/subscribe", atLimit, 200, ""),
		post("body_1MiB_plus_one_byte", "/api/subscribe", overLimit, 413, errTooLarge),
		// Content-Type: absent is accepted (the body is still parsed as
		// JSON); anything other than JSON is refused before the body is read.
		post("no_content_type", "/api/create-quote-new", rate, 200, "", "Content-Type", ""),
		post("json_with_charset", "/api/create-quote-new", rate, 200, "", "Content-Type", "application/json; charset=utf-8"),
		post("json_suffix_type", "/api/create-quote-new", rate, 200, "", "Content-Type", "application/merge-patch+json"),
		post("text_plain", "/api/create-quote-new", rate, 400, errContentType, "Content-Type", "text/plain"),
		post("form_urlencoded", "/api/create-quote-new", "symbol=USDC/BRL&quote_type=on_ramp", 400, errContentType, "Content-Type", "application/x-www-form-urlencoded"),
		post("multipart", "/api/create-quote-new", rate, 400, errContentType, "Content-Type", "multipart/form-data; boundary=x"),
		post("malformed_content_type", "/api/create-quote-new", rate, 400, errContentType, "Content-Type", "application/json;;"),
		post("wrong_type_wins_over_bad_body", "/api/create-quote", `{not json`, 400, errContentType, "Content-Type", "text/html"),
		// Routing answers in the same shape.
		{name: "unknown_api_path", as: b, method: "GET", path: "/api/nope", status: 404, err: "not found: GET /api/nope"},
		{name: "wrong_method", as: b, method: "GET", path: "/api/create-quote", status: 405,
			err: "method GET is not allowed on /api/create-quote; allowed: POST",
			check: func(t *testing.T, r apptest.Response) {
				if got := r.Header.Get("Allow"); got != "POST" {
					t.Errorf("Allow = %q, want POST", got)
				}
			}},
		{name: "wrong_method_on_get_route", as: b, method: "POST", path: "/api/config", body: `{}`, status: 405,
			err: "method POST is not allowed on /api/config; allowed: GET, HEAD"},
	}
}

// ---- amounts --------------------------------------------------------------------

func (w *world) amountCases() []apiCase {
	b := w.h.Browser()
	q := func(name, symbol, amount string, status int, err string, echo string) apiCase {
		c := apiCase{name: name, as: b, method: "POST", path: "/api/create-quote",
			body: `{"symbol":"` + symbol + `","amount_usd":` + amount + `}`, status: status, err: err}
		if echo != "" {
			c.check = func(t *testing.T, r apptest.Response) { wantNum(t, r, "amount_usd", echo) }
		}
		return c
	}
	return []apiCase{
		q("brazil_minimum_exactly", "USDC/BRL", "16", 200, "", "16.00"),
		q("brazil_minimum_with_decimals", "USDC/BRL", "16.00", 200, "", "16.00"),
		q("trailing_zeros_are_exact", "USDC/BRL", "16.5000", 200, "", "16.50"),
		// The Brazil minimum guards payments, not quotes: the header prices 1 USD.
		q("below_brazil_minimum_can_be_quoted", "USDC/BRL", "15.99", 200, "", "15.99"),
		// BlindPay pays out at least USD 5.00: a locked quote below it is refused
		// (the header reads GET /api/rates, not a quote).
		q("below_the_partners_payout_minimum", "USDC/BRL", "1", 400, errBrazilMinimum, ""),
		q("mexico_has_no_minimum", "USDC/MXN", "15.99", 200, "", "15.99"),
		q("configured_maximum_exactly", "USDC/BRL", testMaxUSD, 200, "", testMaxUSD),
		q("over_configured_maximum", "USDC/BRL", "25000.01", 400, errMaximum, ""),
		q("over_configured_maximum_mexico", "USDC/MXN", "99999999.99", 400, errMaximum, ""),
		q("zero", "USDC/BRL", "0", 400, "Please enter a valid USD amount greater than 0", ""),
		q("zero_with_decimals", "USDC/MXN", "0.00", 400, "Please enter a valid USD amount greater than 0", ""),
		q("negative", "USDC/BRL", "-100", 400, errValidUSD, ""),
		q("negative_zero", "USDC/BRL", "-0", 400, errValidUSD, ""),
		q("over_precise", "USDC/BRL", "16.001", 400, "Please enter a valid USD amount: at most 2 decimal places", ""),
		q("over_precise_tiny", "USDC/MXN", "0.001", 400, "Please enter a valid USD amount: at most 2 decimal places", ""),
		q("exponent", "USDC/BRL", "1e3", 400, errValidUSD, ""),
		q("exponent_upper", "USDC/BRL", "1E3", 400, errValidUSD, ""),
		q("exponent_fraction", "USDC/BRL", "1.6e1", 400, errValidUSD, ""),
		q("exponent_huge", "USDC/BRL", "1e20", 400, errValidUSD, ""),
		q("exponent_overflows_float64", "USDC/BRL", "1e309", 400, errValidUSD, ""),
		{name: "digits_beyond_int64_get_the_maximum_message", as: b, method: "POST", path: "/api/create-quote",
			body: `{"symbol":"USDC/BRL","amount_usd":100000000000000000000}`, status: 400, err: errMaximum},
		q("nan_as_string", "USDC/BRL", `"NaN"`, 400, `field "amount_usd" must be a number, not a string`, ""),
		q("nan_bare", "USDC/BRL", `NaN`, 400, "malformed JSON at byte 35: invalid character 'N' looking for beginning of value", ""),
		q("infinity_bare", "USDC/BRL", `Infinity`, 400, "malformed JSON at byte 35: invalid character 'I' looking for beginning of value", ""),
		q("leading_plus", "USDC/BRL", `+16`, 400, "malformed JSON at byte 35: invalid character '+' looking for beginning of value", ""),
		q("leading_zero", "USDC/BRL", `016`, 400, "malformed JSON at byte 36: invalid character '1' after object key:value pair", ""),
		q("null_amount", "USDC/BRL", `null`, 400, "amount_usd is required: Please enter a valid USD amount", ""),
		{name: "missing_amount", as: b, method: "POST", path: "/api/create-quote", body: `{"symbol":"USDC/BRL"}`,
			status: 400, err: "amount_usd is required: Please enter a valid USD amount"},
	}
}

// ---- quotes ---------------------------------------------------------------------

func (w *world) quoteCases() []apiCase {
	b := w.h.Browser()
	var lastBRL apptest.Response
	quoteOK := func(symbol, local string) func(t *testing.T, r apptest.Response) {
		return func(t *testing.T, r apptest.Response) {
			wantStr(t, r, "symbol", symbol)
			wantNum(t, r, "amount_usd", "100.00")
			wantStr(t, r, "local_currency", local)
			for _, k := range []string{"total_local_amount", "total_fees_usd", "effective_rate"} {
				wantPositiveDecimal(t, r, k)
			}
			if !strings.HasPrefix(onRampID(r), "fx_") || !strings.HasPrefix(offRampID(r), "fx_") {
				t.Errorf("on_ramp/off_ramp ids: %s", clip(r.Body))
			}
			if nested(r.JSON, "expires_at_readable") == "" || r.Str("expires_at") == "" {
				t.Errorf("no expiry: %s", clip(r.Body))
			}
			exp, err := time.Parse(time.RFC3339, r.Str("expires_at"))
			if err != nil || exp.Before(time.Now().Add(250*time.Second)) || exp.After(time.Now().Add(301*time.Second)) {
				t.Errorf("expires_at %q is not about 5 minutes away (%v)", r.Str("expires_at"), err)
			}
			if symbol == "USDC/BRL" {
				lastBRL = r
			}
		}
	}
	rate := func(symbol, quoteType string) apiCase {
		return apiCase{name: "rate_" + strings.ToLower(symbol[5:]) + "_" + quoteType, method: "POST", path: "/api/create-quote-new",
			body: map[string]string{"symbol": symbol, "quote_type": quoteType}, status: 200,
			check: func(t *testing.T, r apptest.Response) {
				wantStr(t, r, "symbol", symbol)
				wantStr(t, r, "quote_type", quoteType)
				wantPositiveDecimal(t, r, "effective_rate")
				wantAbsent(t, r, "on_ramp", "off_ramp")
			}}
	}
	return []apiCase{
		{name: "last_quote_ids_before_any_quote", as: b, method: "GET", path: "/api/last-quote-ids", status: 404, err: "No quote IDs found in session"},
		{name: "create_quote_mxn", as: b, method: "POST", path: "/api/create-quote", body: `{"symbol":"USDC/MXN","amount_usd":100}`,
			status: 200, check: quoteOK("USDC/MXN", "MXN")},
		{name: "create_quote_brl", as: b, method: "POST", path: "/api/create-quote", body: `{"symbol":"USDC/BRL","amount_usd":100}`,
			status: 200, check: quoteOK("USDC/BRL", "BRL")},
		{name: "last_quote_ids_after_quote", as: b, method: "GET", path: "/api/last-quote-ids", status: 200,
			check: func(t *testing.T, r apptest.Response) {
				wantStr(t, r, "on_ramp_quote_id", onRampID(lastBRL))
				wantStr(t, r, "off_ramp_quote_id", offRampID(lastBRL))
			}},
		{name: "failed_quote_keeps_last_quote_ids", as: b, method: "POST", path: "/api/create-quote", body: `{"symbol":"USDC/BRL","amount_usd":0}`,
			status: 400, err: "Please enter a valid USD amount greater than 0",
			check: func(t *testing.T, _ apptest.Response) {
				r := b.Do("GET", "/api/last-quote-ids", nil)
				expectAnswer(t, r, 200, "")
				wantStr(t, r, "on_ramp_quote_id", onRampID(lastBRL))
			}},
		{name: "last_quote_ids_other_browser", method: "GET", path: "/api/last-quote-ids", status: 404, err: "No quote IDs found in session"},
		{name: "unknown_symbol", method: "POST", path: "/api/create-quote", body: `{"symbol":"USDC/EUR","amount_usd":100}`,
			status: 400, err: `symbol must be "USDC/BRL" or "USDC/MXN"`},
		{name: "symbol_case_matters", method: "POST", path: "/api/create-quote", body: `{"symbol":"usdc/brl","amount_usd":100}`,
			status: 400, err: `symbol must be "USDC/BRL" or "USDC/MXN"`},
		{name: "missing_symbol", method: "POST", path: "/api/create-quote", body: `{"amount_usd":100}`,
			status: 400, err: `symbol must be "USDC/BRL" or "USDC/MXN"`},
		{name: "null_body", method: "POST", path: "/api/create-quote", body: `null`,
			status: 400, err: `symbol must be "USDC/BRL" or "USDC/MXN"`},
		rate("USDC/BRL", "on_ramp"),
		rate("USDC/BRL", "off_ramp"),
		rate("USDC/MXN", "on_ramp"),
		rate("USDC/MXN", "off_ramp"),
		{name: "rate_unknown_quote_type", method: "POST", path: "/api/create-quote-new", body: `{"symbol":"USDC/BRL","quote_type":"sideways"}`,
			status: 400, err: `quote_type must be "on_ramp" or "off_ramp"`},
		{name: "rate_missing_quote_type", method: "POST", path: "/api/create-quote-new", body: `{"symbol":"USDC/MXN"}`,
			status: 400, err: `quote_type must be "on_ramp" or "off_ramp"`},
		{name: "rate_unknown_symbol", method: "POST", path: "/api/create-quote-new", body: `{"symbol":"BRL","quote_type":"on_ramp"}`,
			status: 400, err: `symbol must be "USDC/BRL" or "USDC/MXN"`},
		{name: "rate_with_amount_is_unknown_field", method: "POST", path: "/api/create-quote-new", body: `{"symbol":"USDC/BRL","quote_type":"on_ramp","amount_usd":1}`,
			status: 400, err: `unknown field "amount_usd"`},
	}
}

// ---- customers -------------------------------------------------------------------

func (w *world) customerCases() []apiCase {
	// A browser whose payer accepted the partner's terms, as the wizard
	// asks before the identity step.
	accepted := func() *apptest.Browser { b := w.h.Browser(); b.AcceptPartnerTerms(); return b }
	b := accepted()
	var created apptest.Response
	br := apptest.CustomerBR(apptest.CPF)
	cust := func(name string, body any, status int, err string) apiCase {
		return apiCase{name: name, method: "POST", path: "/api/create-customer", body: body, status: status, err: err}
	}
	newCustomerOK := func(t *testing.T, r apptest.Response) {
		wantPrefix(t, r, "customer_id", "cus_")
		// The partner verifies the payer after the customer is made; the
		// wallet opens once it approved (create-wallet).
		wantStr(t, r, "kyc_status", "under_review")
		wantStr(t, r, "wallet_id", "")
		wantStr(t, r, "wallet_address", "")
		wantBool(t, r, "existing_customer", false)
		wantBool(t, r, "existing_customer_found", false)
		wantBool(t, r, "show_popup", false)
		if r.JSON["external_account_id"] != nil || r.JSON["existing_external_account"] != nil {
			t.Errorf("a new customer has no bank account yet: %s", clip(r.Body))
		}
		wantAbsent(t, r, "popup_title", "popup_message", "popup_details", "popup_question")
	}
	return []apiCase{
		{name: "last_customer_id_before", as: b, method: "GET", path: "/api/last-customer-id", status: 404, err: "No customer ID found in session"},
		{name: "create_customer_br", as: b, method: "POST", path: "/api/create-customer", body: br, status: 200,
			check: func(t *testing.T, r apptest.Response) { newCustomerOK(t, r); created = r }},
		{name: "last_customer_id_after", as: b, method: "GET", path: "/api/last-customer-id", status: 200,
			check: func(t *testing.T, r apptest.Response) { wantStr(t, r, "customer_id", created.Str("customer_id")) }},
		{name: "same_browser_same_cpf_is_offered_back", as: b, method: "POST", path: "/api/create-customer",
			body: withFields(br, "email", "other@example.com"), status: 200,
			check: func(t *testing.T, r apptest.Response) {
				wantStr(t, r, "customer_id", created.Str("customer_id"))
				wantBool(t, r, "existing_customer", true)
				wantBool(t, r, "existing_customer_found", true)
				wantBool(t, r, "show_popup", true)
				wantStr(t, r, "popup_title", "Existing Customer Found")
				wantStr(t, r, "popup_message", "You already created a profile with this tax ID.")
				wantStr(t, r, "popup_details", "Maria Silva, maria@example.com")
				wantStr(t, r, "popup_question", "Would you like to use your existing profile?")
			}},
		{name: "use_existing_customer_own", as: b, method: "POST", path: "/api/create-customer",
			bodyFn: func() any {
				return map[string]any{"use_existing_customer": true, "existing_customer_id": created.Str("customer_id")}
			}, status: 200,
			check: func(t *testing.T, r apptest.Response) {
				wantStr(t, r, "customer_id", created.Str("customer_id"))
				wantBool(t, r, "existing_customer", true)
				wantBool(t, r, "show_popup", false)
				wantAbsent(t, r, "popup_title", "popup_details")
			}},
		{name: "existing_customer_with_bank_account", as: w.br.Browser, method: "POST", path: "/api/create-customer", body: br, status: 200,
			check: func(t *testing.T, r apptest.Response) {
				wantStr(t, r, "customer_id", w.br.CustomerID)
				wantStr(t, r, "external_account_id", w.br.AccountID)
				wantStr(t, r, "popup_details", "Maria Silva, maria@example.com; bank account JPMorgan Chase ****6789")
				acct, _ := r.JSON["existing_external_account"].(map[string]any)
				if acct["id"] != w.br.AccountID || acct["bank_name"] != "JPMorgan Chase" || acct["bank_account_number"] != "****6789" {
					t.Errorf("existing_external_account = %v", acct)
				}
			}},
		{name: "use_existing_customer_with_bank_account", as: w.br.Browser, method: "POST", path: "/api/create-customer",
			body: withFields(br, "use_existing_customer", true, "existing_customer_id", w.br.CustomerID), status: 200,
			check: func(t *testing.T, r apptest.Response) {
				wantStr(t, r, "customer_id", w.br.CustomerID)
				wantStr(t, r, "wallet_address", w.br.WalletAddress)
				wantBool(t, r, "existing_customer", true)
				wantBool(t, r, "show_popup", false)
				wantStr(t, r, "external_account_id", w.br.AccountID)
				wantAbsent(t, r, "popup_title", "popup_details")
			}},
		{name: "use_existing_customer_made_up", method: "POST", path: "/api/create-customer",
			body: map[string]any{"use_existing_customer": true, "existing_customer_id": madeUpCustomer}, status: 404, err: errUseExisting},
		{name: "use_existing_customer_empty_id", method: "POST", path: "/api/create-customer",
			body: map[string]any{"use_existing_customer": true}, status: 404, err: errUseExisting},
		{name: "create_customer_mx", as: accepted(), method: "POST", path: "/api/create-customer", body: apptest.CustomerMX(apptest.CURP), status: 200,
			check: newCustomerOK},
		{name: "create_customer_br_with_cnpj", as: accepted(), method: "POST", path: "/api/create-customer",
			body: withFields(br, "identity_documents.0.value", "11.222.333/0001-81"), status: 200, check: newCustomerOK},
		{name: "country_as_iso_code", as: accepted(), method: "POST", path: "/api/create-customer",
			body: withFields(br, "identity_documents.0.country", "BR", "address.country", "BR"), status: 200, check: newCustomerOK},
		cust("empty_object_lists_every_label", `{}`, 400, errAllFields+
			"First Name, Last Name, Email, Phone Number, Date of Birth, Document Type, Tax ID/Document Number, Country, Street Address, City, State/Province, ZIP/Postal Code"),
		cust("missing_labels_in_order", withFields(br, "email", remove, "address.city", "", "first_name", "  "), 400,
			errAllFields+"First Name, Email, City"),
		cust("missing_document", withFields(br, "identity_documents", remove, "address.country", remove), 400,
			errAllFields+"Document Type, Tax ID/Document Number, Country"),
		cust("missing_tax_id_only", withFields(br, "identity_documents.0.value", " "), 400, errAllFields+"Tax ID/Document Number"),
		cust("country_from_address_when_document_has_none", withFields(br, "identity_documents.0.country", remove, "address.postal_code", ""), 400,
			errAllFields+"ZIP/Postal Code"),
		cust("invalid_email", withFields(br, "email", "maria.example.com"), 400, "Please enter a valid email address"),
		cust("invalid_email_two_ats", withFields(br, "email", "maria@@example.com"), 400, "Please enter a valid email address"),
		cust("invalid_email_no_domain_dot", withFields(br, "email", "maria@localhost"), 400, "Please enter a valid email address"),
		cust("dob_slashes", withFields(br, "date_of_birth", "10/05/1990"), 400, "Date of Birth must be in YYYY-MM-DD format"),
		cust("dob_short", withFields(br, "date_of_birth", "1990-5-10"), 400, "Date of Birth must be in YYYY-MM-DD format"),
		cust("dob_with_time", withFields(br, "date_of_birth", "1990-05-10T00:00:00Z"), 400, "Date of Birth must be in YYYY-MM-DD format"),
		cust("dob_not_a_date", withFields(br, "date_of_birth", "1990-02-30"), 400, "Date of Birth must be a real calendar date"),
		cust("dob_in_future", withFields(br, "date_of_birth", "2999-01-01"), 400, "Date of Birth must be a date in the past"),
		cust("dob_under_18", withFields(br, "date_of_birth", time.Now().AddDate(-17, 0, 0).Format(time.DateOnly)), 400, "The payer must be at least 18 years old"),
		{name: "dob_before_1900_is_not_called_future", method: "POST", path: "/api/create-customer",
			body: withFields(br, "date_of_birth", "1850-01-01"), status: 400, err: "Date of Birth must be after 1900"},
		cust("phone_without_digits", withFields(br, "phone_number", "call me"), 400, "Phone number must contain at least one digit"),
		cust("phone_too_short", withFields(br, "phone_number", "+55 123"), 400, "Phone number must have between 8 and 15 digits, including the country or area code"),
		cust("phone_too_long", withFields(br, "phone_number", "1234567890123456"), 400, "Phone number must have between 8 and 15 digits, including the country or area code"),
		cust("type_business", withFields(br, "type", "business"), 400, `type must be "individual"`),
		cust("document_type_passport", withFields(br, "identity_documents.0.type", "passport"), 400, `Document type must be "national_id"`),
		cust("two_documents", withFields(br, "identity_documents", []any{br["identity_documents"].([]map[string]any)[0], br["identity_documents"].([]map[string]any)[0]}), 400,
			"Send exactly one identity document"),
		cust("country_not_supported", withFields(br, "identity_documents.0.country", "usa", "address.country", "usa"), 400,
			"Country Not Supported: Crebit serves payers from Brazil and Mexico."),
		cust("field_too_long", withFields(br, "last_name", strings.Repeat("s", 201)), 400, "Last Name is too long (at most 200 characters)"),
	}
}

// documentCases are the CPF, CNPJ and CURP messages.
func (w *world) documentCases() []apiCase {
	doc := func(name string, payload map[string]any, value, err string) apiCase {
		return apiCase{name: name, method: "POST", path: "/api/create-customer",
			body: withFields(payload, "identity_documents.0.value", value), status: 400, err: err}
	}
	br, mx := apptest.CustomerBR(apptest.CPF), apptest.CustomerMX(apptest.CURP)
	return []apiCase{
		doc("cpf_3_digits", br, "123", "Invalid CPF format. CPF must have 11-18 digits, but got 3 digits."),
		doc("cpf_10_digits", br, "529.982.247-2", "Invalid CPF format. CPF must have 11-18 digits, but got 10 digits."),
		doc("cpf_19_digits", br, "1234567890123456789", "Invalid CPF format. CPF must have 11-18 digits, but got 19 digits."),
		doc("cpf_12_digits", br, "529982247251", "Invalid CPF or CNPJ: a CPF has 11 digits and a CNPJ has 14 characters."),
		doc("cpf_check_digit", br, "529.982.247-24", "Invalid CPF: the check digits do not match. Please check the number."),
		doc("cpf_all_same_digit", br, "111.111.111-11", "Invalid CPF: please check the number."),
		doc("cpf_with_letter", br, "52998224a25", "Invalid CPF: please check the number."),
		doc("cnpj_check_digit", br, "11.222.333/0001-82", "Invalid CNPJ: the check digits do not match. Please check the number."),
		doc("curp_short", mx, "BOXW310820HNERXN0", "Invalid CURP format. CURP must have 18 characters, but got 17 characters: BOXW310820HNERXN0"),
		doc("curp_cleaned_before_counting", mx, "boxw-310820", "Invalid CURP format. CURP must have 18 characters, but got 10 characters: BOXW310820"),
		doc("curp_long", mx, "BOXW310820HNERXN091", "Invalid CURP format. CURP must have 18 characters, but got 19 characters: BOXW310820HNERXN091"),
		doc("curp_check_digit", mx, "BOXW310820HNERXN08", "Invalid CURP: the check digit does not match. Please check the CURP."),
		doc("curp_bad_birth_date", mx, "BOXW311320HNERXN09", "Invalid CURP: the birth date in it is not a real date. Please check the CURP."),
		doc("curp_bad_layout", mx, "1OXW310820HNERXN09", "Invalid CURP format. Please check the CURP."),
	}
}

// ---- wallets and bank accounts ------------------------------------------------------

func (w *world) bankCases() []apiCase {
	p := w.br
	acct := apptest.BankAccount(p.CustomerID)
	ext := func(name string, body any, status int, err string) apiCase {
		return apiCase{name: name, as: p.Browser, method: "POST", path: "/api/create-external-account", body: body, status: status, err: err}
	}
	var second string
	return []apiCase{
		{name: "create_wallet_returns_the_wallet", as: p.Browser, method: "POST", path: "/api/create-wallet",
			body: map[string]string{"customer_id": p.CustomerID}, status: 200,
			check: func(t *testing.T, r apptest.Response) {
				wantStr(t, r, "customer_id", p.CustomerID)
				wantStr(t, r, "wallet_id", p.WalletID)
				wantStr(t, r, "wallet_address", p.WalletAddress)
			}},
		{name: "create_wallet_without_customer_id", as: p.Browser, method: "POST", path: "/api/create-wallet", body: `{}`,
			status: 400, err: errNoCustomerID,
			check: func(t *testing.T, r apptest.Response) { wantStr(t, r, "message", errNoCustomerID) }},
		{name: "create_wallet_made_up_customer", as: p.Browser, method: "POST", path: "/api/create-wallet",
			body: map[string]string{"customer_id": madeUpCustomer}, status: 404, err: errCustomerNotFound,
			check: func(t *testing.T, r apptest.Response) { wantStr(t, r, "message", errCustomerNotFound) }},
		ext("create_external_account", withFields(acct, "bank_account_number", "9876543210", "bank_name", "Bank of America",
			"routing_number", "026009593"), 200, ""),
		{name: "create_external_account_fields", as: p.Browser, method: "POST", path: "/api/create-external-account",
			body: withFields(acct, "bank_account_number", "55-5566-7788", "routing_number", "011000015"), status: 200,
			check: func(t *testing.T, r apptest.Response) {
				wantPrefix(t, r, "external_account_id", "ext_")
				wantStr(t, r, "bank_name", "JPMorgan Chase")
				wantStr(t, r, "account_last4", "7788")
				wantStr(t, r, "bank_account_number", "****7788")
				if strings.Contains(string(r.Body), "5555667788") {
					t.Errorf("the full account number is echoed: %s", r.Body)
				}
				second = r.Str("external_account_id")
			}},
		{name: "same_account_again_is_the_same_account", as: p.Browser, method: "POST", path: "/api/create-external-account",
			body: withFields(acct, "bank_account_number", "5555667788", "routing_number", "011000015"), status: 200,
			check: func(t *testing.T, r apptest.Response) { wantStr(t, r, "external_account_id", second) }},
		ext("missing_bank_name", withFields(acct, "bank_name", remove), 400, errBankDetails),
		ext("blank_holder_name", withFields(acct, "account_name", "  "), 400, errBankDetails),
		ext("missing_beneficiary", withFields(acct, "beneficiary_name", ""), 400, errBankDetails),
		ext("missing_bank_street", withFields(acct, "address.street_line_1", remove), 400, errBankDetails),
		ext("missing_bank_city", withFields(acct, "address.city", ""), 400, errBankDetails),
		ext("missing_bank_state", withFields(acct, "address.state", ""), 400, errBankDetails),
		ext("missing_bank_zip", withFields(acct, "address.postal_code", ""), 400, errBankDetails),
		ext("missing_address", withFields(acct, "address", remove), 400, errBankDetails),
		ext("missing_routing_number", withFields(acct, "routing_number", ""), 400, errBankDetails),
		ext("missing_account_number", withFields(acct, "bank_account_number", ""), 400, errBankDetails),
		ext("routing_bad_checksum", withFields(acct, "routing_number", "123456789"), 400,
			"Invalid routing number: it must be the 9-digit ABA number of a US bank. Please check it."),
		ext("routing_8_digits", withFields(acct, "routing_number", "02100002"), 400,
			"Invalid routing number: it must be the 9-digit ABA number of a US bank. Please check it."),
		ext("routing_letters", withFields(acct, "routing_number", "02100002X"), 400,
			"Invalid routing number: it must be the 9-digit ABA number of a US bank. Please check it."),
		ext("account_number_letters", withFields(acct, "bank_account_number", "12AB5678"), 400, "Invalid account number: it must have 4 to 17 digits."),
		ext("account_number_3_digits", withFields(acct, "bank_account_number", "123"), 400, "Invalid account number: it must have 4 to 17 digits."),
		ext("account_number_18_digits", withFields(acct, "bank_account_number", "123456789012345678"), 400, "Invalid account number: it must have 4 to 17 digits."),
		ext("bank_outside_usa", withFields(acct, "address.country", "Brazil"), 400, "The bank must be in the USA"),
		ext("details_too_long", withFields(acct, "bank_name", strings.Repeat("b", 201)), 400, "Bank account details are too long (at most 200 characters each)"),
		ext("without_customer_id", withFields(acct, "customer_id", ""), 400, errNoCustomerID),
		ext("made_up_customer", withFields(acct, "customer_id", madeUpCustomer), 404, errCustomerNotFound),
		{name: "no_cookie", method: "POST", path: "/api/create-external-account", body: acct, status: 404, err: errCustomerNotFound},
	}
}

// ---- ownership: nobody reaches another person's customer ------------------------------

func (w *world) ownershipCases(t *testing.T) []apiCase {
	victim, thief := w.br, w.ana
	q := quote(t, thief.Browser, "USDC/BRL", "100")
	var fresh apptest.Response
	// Each pair: the victim's real id and a made-up id get the same answer.
	pair := func(name, path string, body func(id string) any, status int, err string, victimID ...string) []apiCase {
		id := victim.CustomerID
		if len(victimID) > 0 {
			id = victimID[0]
		}
		return []apiCase{
			{name: name + "_someone_elses", as: thief.Browser, method: "POST", path: path, body: body(id), status: status, err: err},
			{name: name + "_made_up", as: thief.Browser, method: "POST", path: path, body: body(madeUpCustomer), status: status, err: err},
		}
	}
	var cases []apiCase
	cases = append(cases, pair("create_wallet", "/api/create-wallet",
		func(id string) any { return map[string]string{"customer_id": id} }, 404, errCustomerNotFound)...)
	cases = append(cases, pair("create_external_account", "/api/create-external-account",
		func(id string) any { return apptest.BankAccount(id) }, 404, errCustomerNotFound)...)
	// Invitations come only from a signed-in account with a confirmed
	// address (issue 25); such an account cannot invite as someone else.
	cases = append(cases, apiCase{name: "referrals_someone_elses", as: w.ref.Browser, method: "POST", path: "/api/referrals",
		body: map[string]any{"customer_id": victim.CustomerID, "emails": []string{"friend@example.com"}}, status: 404, err: errCustomerNotFound})
	cases = append(cases, apiCase{name: "referrals_as_a_guest", as: w.br.Browser, method: "POST", path: "/api/referrals",
		body: map[string]any{"customer_id": w.br.CustomerID, "emails": []string{"friend@example.com"}}, status: 401,
		err: "Create your free account or sign in, and confirm your email, to invite friends."})
	cases = append(cases, pair("pix_payment", "/api/create-pix-payment",
		func(id string) any { return pixBody(victim, q, "customer_id", id) }, 404, errCustomerNotFound)...)
	cases = append(cases, pair("use_existing_customer", "/api/create-customer",
		func(id string) any { return map[string]any{"use_existing_customer": true, "existing_customer_id": id} }, 404, errUseExisting)...)
	cases = append(cases, pair("spei_payment", "/api/create-spei-payment",
		func(id string) any { return speiBody(w.mx, q, "customer_id", id) }, 404, errCustomerNotFound, w.mx.CustomerID)...)
	// The victim's id in a browser with no session at all: the same answer.
	cases = append(cases, apiCase{name: "create_wallet_no_cookie", method: "POST", path: "/api/create-wallet",
		body: map[string]string{"customer_id": victim.CustomerID}, status: 404, err: errCustomerNotFound})

	// Another browser entering the victim's CPF gets a new customer of its
	// own: no popup, and nothing of the victim in the answer.
	other := w.h.Browser()
	other.AcceptPartnerTerms()
	same := withFields(apptest.CustomerBR(apptest.CPF), "first_name", "Paula", "last_name", "Lima", "email", "paula@example.net")
	cases = append(cases,
		apiCase{name: "same_cpf_other_browser_is_a_new_customer", as: other, method: "POST", path: "/api/create-customer", body: same, status: 200,
			check: func(t *testing.T, r apptest.Response) {
				fresh = r
				wantPrefix(t, r, "customer_id", "cus_")
				if r.Str("customer_id") == victim.CustomerID || r.Str("wallet_id") == victim.WalletID || r.Str("wallet_address") == victim.WalletAddress {
					t.Errorf("the victim's customer or wallet is handed out: %s", r.Body)
				}
				wantBool(t, r, "existing_customer", false)
				wantBool(t, r, "existing_customer_found", false)
				wantBool(t, r, "show_popup", false)
				wantAbsent(t, r, "popup_title", "popup_message", "popup_details", "popup_question")
				if r.JSON["existing_external_account"] != nil || r.JSON["external_account_id"] != nil {
					t.Errorf("the victim's bank account is offered: %s", r.Body)
				}
				for _, leak := range []string{"Maria", "maria@example.com", "Silva", "6789", victim.CustomerID, victim.AccountID} {
					if strings.Contains(string(r.Body), leak) {
						t.Errorf("the answer contains %q about the first person: %s", leak, r.Body)
					}
				}
			}},
		apiCase{name: "same_cpf_other_browser_last_customer_id_is_its_own", as: other, method: "GET", path: "/api/last-customer-id", status: 200,
			check: func(t *testing.T, r apptest.Response) { wantStr(t, r, "customer_id", fresh.Str("customer_id")) }},
		apiCase{name: "same_cpf_other_browser_again_offers_its_own", as: other, method: "POST", path: "/api/create-customer", body: same, status: 200,
			check: func(t *testing.T, r apptest.Response) {
				wantStr(t, r, "customer_id", fresh.Str("customer_id"))
				wantStr(t, r, "popup_details", "Paula Lima, paula@example.net")
			}},
		apiCase{name: "victim_last_customer_id_unchanged", as: victim.Browser, method: "GET", path: "/api/last-customer-id", status: 200,
			check: func(t *testing.T, r apptest.Response) { wantStr(t, r, "customer_id", victim.CustomerID) }},
	)
	return cases
}

// ---- Pix ------------------------------------------------------------------------------

func (w *world) pixCases(t *testing.T) []apiCase {
	p := w.br
	spare := quote(t, p.Browser, "USDC/BRL", "100") // never paid: the validation cases use it
	happy := quote(t, p.Browser, "USDC/BRL", "100")
	keyed := quote(t, p.Browser, "USDC/BRL", "250")
	check := quote(t, p.Browser, "USDC/BRL", "120")
	mxnQuote := quote(t, p.Browser, "USDC/MXN", "100")
	otherQuote := quote(t, w.ana.Browser, "USDC/BRL", "100")
	retry := quote(t, p.Browser, "USDC/BRL", "130")
	small := quote(t, p.Browser, "USDC/BRL", "15.99")
	var retried apptest.Response
	total := spare.Num("total_local_amount")

	pay := func(name string, body any, status int, err string, header ...string) apiCase {
		return apiCase{name: name, as: p.Browser, method: "POST", path: "/api/create-pix-payment", body: body,
			header: header, status: status, err: err}
	}
	var first apptest.Response
	pixOK := func(q apptest.Response) func(t *testing.T, r apptest.Response) {
		return func(t *testing.T, r apptest.Response) {
			wantPrefix(t, r, "transaction_id", "txn_")
			wantStr(t, r, "status", "awaiting_payin")
			wantNum(t, r, "amount_brl", q.Num("total_local_amount"))
			wantNum(t, r, "amount_usd", q.Num("amount_usd"))
			wantStr(t, r, "local_currency", "BRL")
			wantStr(t, r, "delivery_method", "usd-bank-transfer")
			code := r.Str("pix_code")
			if !strings.HasPrefix(code, "000201") || r.Str("deposit_address") != code {
				t.Errorf("pix_code %q / deposit_address %q", code, r.Str("deposit_address"))
			}
			txn, _ := r.JSON["transaction"].(map[string]any)
			if txn["id"] != r.Str("transaction_id") || txn["pix_code"] != code || nested(txn, "sender_deposit_instructions", "deposit_address") != code ||
				nested(txn, "payment_instructions", "pix_code") != code {
				t.Errorf("transaction = %v", txn)
			}
		}
	}
	return []apiCase{
		pay("below_brazil_minimum", pixBody(p, small), 400, errBrazilMinimum),
		pay("missing_sender_name", pixBody(p, spare, "sender_name", ""), 400, "Sender information (name and tax ID) is required for PIX payment."),
		pay("missing_sender_document", pixBody(p, spare, "sender_document", remove), 400, "Sender information (name and tax ID) is required for PIX payment."),
		pay("blank_sender", pixBody(p, spare, "sender_name", " ", "sender_document", " "), 400, "Sender information (name and tax ID) is required for PIX payment."),
		pay("cpf_too_short", pixBody(p, spare, "sender_document", "529.982.247"), 400, "Invalid CPF format. CPF must have 11-18 digits, but got 9 digits."),
		pay("cpf_too_long", pixBody(p, spare, "sender_document", "1234567890123456789"), 400, "Invalid CPF format. CPF must have 11-18 digits, but got 19 digits."),
		pay("cpf_check_digit", pixBody(p, spare, "sender_document", "529.982.247-24"), 400, "Invalid CPF: the check digits do not match. Please check the number."),
		pay("missing_wallet_address", pixBody(p, spare, "wallet_address", ""), 400, "No wallet address found. Please try again."),
		pay("someone_elses_wallet_address", pixBody(p, spare, "wallet_address", w.ana.WalletAddress), 400, "No wallet address found. Please try again."),
		pay("missing_quote_id", pixBody(p, spare, "quote_id", ""), 400, "No quote available. Please generate a quote first."),
		pay("missing_customer_id", pixBody(p, spare, "customer_id", ""), 400, errNoCustomerID),
		pay("missing_amount", pixBody(p, spare, "amount_brl", remove), 400, "amount_brl is required"),
		pay("amount_not_the_quote", pixBody(p, spare, "amount_brl", json.Number("1.00")), 400,
			"amount_brl does not match the locked quote ("+total+" BRL). Please generate a new quote."),
		pay("amount_over_precise", pixBody(p, spare, "amount_brl", json.Number(total+"1")), 400,
			"amount_brl does not match the locked quote ("+total+" BRL). Please generate a new quote."),
		pay("unknown_quote", pixBody(p, spare, "quote_id", "qt_aaaaaaaaaaaaaaaaaaaaaaaaaa"), 404, errNoValidQuote),
		pay("quote_from_another_session", pixBody(p, otherQuote), 404, errNoValidQuote),
		pay("quote_in_mxn", pixBody(p, mxnQuote), 400, "This quote is in MXN, but a PIX payment needs a BRL quote. Please generate a new quote."),
		pay("sender_cpf_not_the_customers", pixBody(p, spare, "sender_document", apptest.CPF2), 400,
			"The sender's CPF does not match the customer profile. Please use the same CPF as in step 1."),
		pay("unknown_delivery_method", pixBody(p, spare, "delivery_method", "drone"), 400, `delivery_method must be "usd-bank-transfer" or "check-to-school"`),
		// The partner pays out by bank transfer only (docs/BLINDPAY.md §17.6).
		pay("check_is_coming_soon", pixBody(p, spare, "delivery_method", "check-to-school"), 400,
			"Mail Check to School is coming soon for Brazil. Please choose USD to Your US Bank Account."),
		pay("someone_elses_bank_account", pixBody(p, spare, "external_account_id", w.ana.AccountID), 400,
			"No US bank account found for this payment. Please add your bank account first."),
		pay("idempotency_key_too_long", pixBody(p, spare), 400, "Idempotency-Key must be printable ASCII of at most 200 characters", "Idempotency-Key", strings.Repeat("k", 201)),
		{name: "refused_authorization", as: p.Browser, method: "POST", path: "/api/create-pix-payment",
			body: pixBody(p, spare, "authorization", map[string]any{"accepted": false, "signer_name": "Maria Silva"}), status: 400, err: errAuthRequired},
		{name: "no_cookie", method: "POST", path: "/api/create-pix-payment", body: pixBody(p, spare), status: 404, err: errNoValidQuote},
		pay("create_pix_payment", pixBody(p, happy, "authorization", map[string]any{"accepted": true, "signed_at": "2026-01-01T00:00:00Z"}), 200, ""),
		{name: "create_pix_payment_fields", as: p.Browser, method: "POST", path: "/api/create-pix-payment",
			body: pixBody(p, keyed), header: []string{"Idempotency-Key", "pix-key-1"}, status: 200,
			check: func(t *testing.T, r apptest.Response) { pixOK(keyed)(t, r); first = r }},
		{name: "same_idempotency_key_same_payment", as: p.Browser, method: "POST", path: "/api/create-pix-payment",
			body: pixBody(p, keyed), header: []string{"Idempotency-Key", "pix-key-1"}, status: 200,
			check: func(t *testing.T, r apptest.Response) { wantStr(t, r, "transaction_id", first.Str("transaction_id")) }},
		pay("same_idempotency_key_other_request", pixBody(p, keyed, "sender_name", "Maria S."), 422,
			"This Idempotency-Key was already used for a different payment request.", "Idempotency-Key", "pix-key-1"),
		pay("paid_quote_again_without_key", pixBody(p, keyed), 409, "This quote has already been used for a payment. Please generate a new quote."),
		{name: "bank_transfer", as: p.Browser, method: "POST", path: "/api/create-pix-payment",
			body: pixBody(p, check, "delivery_method", "usd-bank-transfer"), status: 200,
			check: func(t *testing.T, r apptest.Response) { wantStr(t, r, "delivery_method", "usd-bank-transfer") }},
		// A retry of the identical request under the same key is the same
		// payment, even when the session's last bank account changed between
		// the two (another tab added one).
		{name: "retry_first_attempt", as: p.Browser, method: "POST", path: "/api/create-pix-payment", body: pixBody(p, retry),
			header: []string{"Idempotency-Key", "pix-retry"}, status: 200,
			check: func(t *testing.T, r apptest.Response) { retried = r }},
		{name: "retry_another_bank_account_meanwhile", as: p.Browser, method: "POST", path: "/api/create-external-account",
			body: withFields(apptest.BankAccount(p.CustomerID), "bank_account_number", "7777888899"), status: 200},
		{name: "retry_identical_request_same_key", as: p.Browser, method: "POST", path: "/api/create-pix-payment", body: pixBody(p, retry),
			header: []string{"Idempotency-Key", "pix-retry"}, status: 200,
			check: func(t *testing.T, r apptest.Response) { wantStr(t, r, "transaction_id", retried.Str("transaction_id")) }},
	}
}

// checkDetails is a valid check_details object, changed by kv.
func checkDetails(kv ...any) map[string]any {
	return withFields(map[string]any{
		"school_name": "Stanford University", "payee_name": "Stanford University", "mailing_address": "450 Jane Stanford Way",
		"city": "Stanford", "state": "CA", "zip_code": "94305", "student_full_name": "Lucas Silva", "student_id": "S123456",
		"term_reference": "Fall 2026", "student_email": "lucas@example.com",
	}, kv...)
}

// ---- SPEI ----------------------------------------------------------------------------

func (w *world) speiCases(t *testing.T) []apiCase {
	p := w.mx
	spare := quote(t, p.Browser, "USDC/MXN", "100")
	happy := quote(t, p.Browser, "USDC/MXN", "200")
	brlQuote := quote(t, p.Browser, "USDC/BRL", "100")
	brazilQuote := quote(t, w.br.Browser, "USDC/MXN", "100")
	pay := func(name string, body any, status int, err string) apiCase {
		return apiCase{name: name, as: p.Browser, method: "POST", path: "/api/create-spei-payment", body: body, status: status, err: err}
	}
	return []apiCase{
		pay("missing_curp", speiBody(p, spare, "sender_clabe", remove), 400, "Sender information (name and CURP) is required for SPEI payment."),
		pay("blank_curp", speiBody(p, spare, "sender_clabe", "   "), 400, "Sender information (name and CURP) is required for SPEI payment."),
		pay("curp_short", speiBody(p, spare, "sender_clabe", "boxw-3108"), 400, "Invalid CURP format. CURP must have 18 characters, but got 8 characters: BOXW3108"),
		pay("curp_long", speiBody(p, spare, "sender_clabe", apptest.CURP+"X"), 400,
			"Invalid CURP format. CURP must have 18 characters, but got 19 characters: "+apptest.CURP+"X"),
		pay("clabe_instead_of_curp", speiBody(p, spare, "sender_clabe", "646180552629656094"), 400, "Invalid CURP format. Please check the CURP."),
		pay("curp_check_digit", speiBody(p, spare, "sender_clabe", "BOXW310820HNERXN08"), 400, "Invalid CURP: the check digit does not match. Please check the CURP."),
		pay("missing_wallet_id", speiBody(p, spare, "wallet_id", ""), 400, "No wallet ID found. Please try again."),
		pay("someone_elses_wallet_id", speiBody(p, spare, "wallet_id", w.br.WalletID), 400, "No wallet ID found. Please try again."),
		pay("missing_quote_id", speiBody(p, spare, "quote_id", remove), 400, "No quote available. Please generate a quote first."),
		pay("missing_customer_id", speiBody(p, spare, "customer_id", ""), 400, errNoCustomerID),
		pay("missing_amount", speiBody(p, spare, "amount_mxn", nil), 400, "amount_mxn is required"),
		pay("amount_not_the_quote", speiBody(p, spare, "amount_mxn", json.Number("1")), 400,
			"amount_mxn does not match the locked quote ("+spare.Num("total_local_amount")+" MXN). Please generate a new quote."),
		pay("quote_in_brl", speiBody(p, brlQuote), 400, "This quote is in BRL, but a SPEI payment needs a MXN quote. Please generate a new quote."),
		pay("unknown_quote", speiBody(p, spare, "quote_id", "qt_aaaaaaaaaaaaaaaaaaaaaaaaaa"), 404, errNoValidQuote),
		pay("check_is_coming_soon", speiBody(p, spare, "delivery_method", "check-to-school"), 400,
			"Mail Check to School is coming soon for Mexico. Please choose USD to Your US Bank Account."),
		pay("sender_curp_not_the_customers", speiBody(p, spare, "sender_clabe", "HEGG560427MVZRRL04"), 400,
			"The sender's CURP does not match the customer profile. Please use the same CURP as in step 1."),
		// One handler serves both endpoints; each keeps the spec's own field names.
		pay("pix_amount_field_on_spei", speiBody(p, spare, "amount_brl", json.Number("1")), 400, `unknown field "amount_brl"`),
		pay("pix_document_field_on_spei", speiBody(p, spare, "sender_document", apptest.CURP), 400, `unknown field "sender_document"`),
		pay("check_details_on_spei", speiBody(p, spare, "check_details", checkDetails()), 400, `unknown field "check_details"`),
		{name: "wallet_id_on_pix", as: w.br.Browser, method: "POST", path: "/api/create-pix-payment",
			body: pixBody(w.br, brazilQuote, "wallet_id", w.br.WalletID), status: 400, err: `unknown field "wallet_id"`},
		{name: "spei_amount_field_on_pix", as: w.br.Browser, method: "POST", path: "/api/create-pix-payment",
			body: pixBody(w.br, brazilQuote, "amount_mxn", json.Number("1")), status: 400, err: `unknown field "amount_mxn"`},
		{name: "brazil_customer_cannot_pay_by_spei", as: w.br.Browser, method: "POST", path: "/api/create-spei-payment",
			body: speiBody(w.br, brazilQuote, "wallet_id", w.br.WalletID), status: 400, err: "Country Not Supported: SPEI payments are for payers from Mexico."},
		{name: "mexico_customer_cannot_pay_by_pix", as: p.Browser, method: "POST", path: "/api/create-pix-payment",
			body: pixBody(p, brlQuote), status: 400, err: "Country Not Supported: PIX payments are for payers from Brazil."},
		{name: "create_spei_payment", as: p.Browser, method: "POST", path: "/api/create-spei-payment", body: speiBody(p, happy),
			header: []string{"Idempotency-Key", "spei-1"}, status: 200,
			check: func(t *testing.T, r apptest.Response) {
				wantPrefix(t, r, "transaction_id", "txn_")
				wantStr(t, r, "status", "awaiting_payin")
				wantNum(t, r, "amount_mxn", happy.Num("total_local_amount"))
				wantNum(t, r, "amount_usd", "200.00")
				wantStr(t, r, "local_currency", "MXN")
				clabe := r.Str("deposit_address")
				if len(clabe) != 18 || nested(r.JSON, "bank_account", "clabe") != clabe || nested(r.JSON, "bank_account", "bank_name") == "" ||
					nested(r.JSON, "beneficiary", "name") == "" || nested(r.JSON, "transaction", "id") != r.Str("transaction_id") {
					t.Errorf("SPEI instructions: %s", clip(r.Body))
				}
			}},
	}
}

// ---- status ----------------------------------------------------------------------------

func (w *world) statusCases(t *testing.T) []apiCase {
	p := w.br
	q := quote(t, p.Browser, "USDC/BRL", "300")
	pay := mustDo(t, p.Browser, "POST", "/api/create-pix-payment", pixBody(p, q, "sender_name", "Maria Pagadora"))
	txn := pay.Str("transaction_id")
	stranger := w.h.Browser()
	flags := func(processing bool) func(t *testing.T, r apptest.Response) {
		return func(t *testing.T, r apptest.Response) {
			wantStr(t, r, "transaction_id", txn)
			wantBool(t, r, "payin_processing", processing)
			wantBool(t, r, "payin_completed", false)
			wantBool(t, r, "offramp_completed", false)
			if r.JSON["offramp_transaction"] != nil {
				t.Errorf("offramp_transaction = %v", r.JSON["offramp_transaction"])
			}
			if nested(r.JSON, "status", "updated_at") == "" {
				t.Errorf("status record: %v", r.JSON["status"])
			}
		}
	}
	private := []string{"Maria", "Lucas", "Stanford", "S123456", "sender_name", "student"}
	return []apiCase{
		{name: "webhook_status_owner", as: p.Browser, method: "GET", path: "/api/webhook-status/" + txn, status: 200, check: flags(false)},
		{name: "webhook_status_stranger_sees_no_person", as: stranger, method: "GET", path: "/api/webhook-status/" + txn, status: 200,
			check: func(t *testing.T, r apptest.Response) {
				flags(false)(t, r)
				for _, s := range private {
					if strings.Contains(string(r.Body), s) {
						t.Errorf("webhook-status shows %q to a stranger: %s", s, r.Body)
					}
				}
			}},
		{name: "webhook_status_unknown_id", as: p.Browser, method: "GET", path: "/api/webhook-status/" + madeUpTxn, status: 404, err: errTxnNotFound},
		{name: "webhook_status_malformed_id", as: p.Browser, method: "GET", path: "/api/webhook-status/abc", status: 404, err: errTxnNotFound},
		{name: "webhook_status_customer_id_is_not_a_transaction", as: p.Browser, method: "GET", path: "/api/webhook-status/" + p.CustomerID, status: 404, err: errTxnNotFound},
		{name: "webhook_status_escaped_slash", as: p.Browser, method: "GET", path: "/api/webhook-status/txn_%2F..%2F", status: 404, err: errTxnNotFound},
		{name: "webhook_status_sql_text", as: p.Browser, method: "GET", path: "/api/webhook-status/txn_'%20OR%20'1'='1", status: 404, err: errTxnNotFound},
		{name: "webhook_status_no_id", as: p.Browser, method: "GET", path: "/api/webhook-status/", status: 404, err: "not found: GET /api/webhook-status/"},
		{name: "transaction_status_owner_sees_details", as: p.Browser, method: "GET", path: "/api/transaction-status?transaction_id=" + txn, status: 200,
			check: func(t *testing.T, r apptest.Response) {
				wantStr(t, r, "transaction_id", txn)
				wantBool(t, r, "owned", true)
				wantStr(t, r, "method", "pix")
				wantStr(t, r, "delivery_method", "usd-bank-transfer")
				if d, _ := r.JSON["details"].(map[string]any); d["sender_name"] != "Maria Pagadora" {
					t.Errorf("details = %v, want the sender's name", d)
				}
				if st, _ := r.JSON["stages"].([]any); len(st) == 0 {
					t.Errorf("no stages: %s", clip(r.Body))
				}
			}},
		{name: "transaction_status_stranger_sees_no_details", as: stranger, method: "GET", path: "/api/transaction-status?transaction_id=" + txn, status: 200,
			check: func(t *testing.T, r apptest.Response) {
				wantStr(t, r, "transaction_id", txn)
				wantBool(t, r, "owned", false)
				wantAbsent(t, r, "details")
				for _, s := range private {
					if strings.Contains(string(r.Body), s) {
						t.Errorf("transaction-status shows %q to a stranger: %s", s, r.Body)
					}
				}
			}},
		{name: "transaction_status_no_cookie_sees_no_details", method: "GET", path: "/api/transaction-status?transaction_id=" + txn, status: 200,
			check: func(t *testing.T, r apptest.Response) { wantBool(t, r, "owned", false); wantAbsent(t, r, "details") }},
		{name: "transaction_status_without_id", as: p.Browser, method: "GET", path: "/api/transaction-status", status: 400, err: "Please enter a transaction ID"},
		{name: "transaction_status_unknown_id", as: p.Browser, method: "GET", path: "/api/transaction-status?transaction_id=" + madeUpTxn, status: 404, err: errTxnNotFound},
		{name: "transaction_status_malformed_id", as: p.Browser, method: "GET", path: "/api/transaction-status?transaction_id=12345", status: 404, err: errTxnNotFound},
		{name: "trigger_unknown_event", method: "POST", path: "/api/trigger-mock-webhook", body: map[string]string{"transaction_id": txn, "event": "paid"},
			status: 400, err: "event must be one of payin_processing, payin_completed, offramp_created, offramp_completed, payin_failed"},
		{name: "trigger_unknown_transaction", method: "POST", path: "/api/trigger-mock-webhook",
			body: map[string]string{"transaction_id": madeUpTxn, "event": "payin_processing"}, status: 404, err: errTxnNotFound},
		{name: "trigger_someone_elses_payment", method: "POST", path: "/api/trigger-mock-webhook",
			body: map[string]string{"transaction_id": txn, "event": "payin_processing"}, status: 404, err: errTxnNotFound},
		{name: "trigger_mock_webhook", as: p.Browser, method: "POST", path: "/api/trigger-mock-webhook",
			body: map[string]string{"transaction_id": txn, "event": "payin_processing"}, status: 202,
			check: func(t *testing.T, r apptest.Response) {
				wantStr(t, r, "status", "accepted")
				wantStr(t, r, "transaction_id", txn)
				wantStr(t, r, "event", "payin_processing")
			}},
		// BlindPay's first report on a payin is the deposit's arrival (the
		// sandbox's "receive"): the payment shows the pay-in received.
		{name: "webhook_status_follows_the_event", as: p.Browser, method: "GET", path: "/api/webhook-status/" + txn, status: 200,
			until: func(r apptest.Response) bool { v, _ := r.JSON["payin_completed"].(bool); return v },
			check: func(t *testing.T, r apptest.Response) {
				wantStr(t, r, "transaction_id", txn)
				wantBool(t, r, "payin_processing", true)
				wantBool(t, r, "offramp_completed", false)
				if got := nested(r.JSON, "status", "status"); got != "payin_completed" && got != "offramp_created" {
					t.Errorf("status.status = %q, want payin_completed (or the payout already asked for)", got)
				}
			}},
	}
}

// ---- partner webhooks ---------------------------------------------------------------------

func (w *world) webhookCases(t *testing.T) []apiCase {
	secret := w.h.WebhookSecret()
	// A BlindPay delivery about a payin Crebit does not know.
	event := []byte(`{"webhook_event":"payin.update","id":"pi_unknown00000","status":"processing"}`)
	signed := func(id string, at time.Time, body []byte) []string {
		h, err := blindpay.Sign(secret, id, at, body)
		if err != nil {
			t.Fatal(err)
		}
		var hs []string
		for k, v := range h {
			hs = append(hs, k, v[0])
		}
		return hs
	}
	hook := func(name string, body []byte, header []string, status int, err string) apiCase {
		return apiCase{name: name, method: "POST", path: "/api/webhook/payout-events", body: body, header: header, status: status, err: err}
	}
	received := func(dup bool) func(t *testing.T, r apptest.Response) {
		return func(t *testing.T, r apptest.Response) {
			wantBool(t, r, "received", true)
			wantBool(t, r, "duplicate", dup)
		}
	}
	now := time.Now()
	tampered := signed("evt_tampered", now, event)
	big := append([]byte(`{"webhook_event":"payin.update","pad":"`), bytes.Repeat([]byte("a"), 1<<20)...)
	big = append(big, `"}`...)
	return []apiCase{
		{name: "setup_webhook_is_not_public", method: "POST", path: "/api/setup-webhook", status: 404, err: "not found: POST /api/setup-webhook"},
		hook("unsigned", event, nil, 401, "invalid webhook signature"),
		hook("wrong_signature", event, []string{"svix-id", "msg_x", "svix-timestamp", fmt.Sprint(now.Unix()), "svix-signature", "v1,AAAA"}, 401, "invalid webhook signature"),
		hook("signature_for_another_body", []byte(`{"webhook_event":"payin.complete","id":"pi_unknown00000","status":"completed"}`), tampered, 401, "invalid webhook signature"),
		hook("stale_timestamp", event, signed("evt_stale", now.Add(-time.Hour), event), 401, "invalid webhook signature"),
		hook("future_timestamp", event, signed("evt_future", now.Add(time.Hour), event), 401, "invalid webhook signature"),
		{name: "signed_event", method: "POST", path: "/api/webhook/payout-events", body: event, header: signed("evt_ok_1", now, event),
			status: 200, check: received(false)},
		{name: "replayed_event", method: "POST", path: "/api/webhook/payout-events", body: event, header: signed("evt_ok_1", now, event),
			status: 200, check: received(true)},
		hook("signed_but_not_json", []byte("not json"), signed("evt_text", now, []byte("not json")), 400, "webhook body is not a JSON event"),
		hook("over_1MiB", big, signed("evt_big", now, big), 413, errTooLarge),
	}
}

// ---- public site ------------------------------------------------------------------------

func (w *world) publicCases() []apiCase {
	p := w.ref
	b := w.h.Browser()
	// New and existing addresses get the same answer (issue 10: the
	// difference told anyone who was subscribed).
	subscribed := func(t *testing.T, r apptest.Response) {
		wantBool(t, r, "subscribed", true)
		wantStr(t, r, "message", "Thanks! You're subscribed to Crebit product updates.")
		if _, ok := r.JSON["already_subscribed"]; ok {
			t.Errorf("answer says whether the address was subscribed: %s", r.Body)
		}
	}
	refer := func(name string, as *apptest.Browser, body any, status int, err string) apiCase {
		return apiCase{name: name, as: as, method: "POST", path: "/api/referrals", body: body, status: status, err: err}
	}
	many := make([]string, 21)
	for i := range many {
		many[i] = fmt.Sprintf("friend%d@example.com", i)
	}
	return []apiCase{
		{name: "config", method: "GET", path: "/api/config", status: 200,
			check: func(t *testing.T, r apptest.Response) {
				wantBool(t, r, "sandbox", true)
				wantNum(t, r, "quote_ttl_seconds", "300")
			}},
		{name: "subscribe", as: b, method: "POST", path: "/api/subscribe", body: `{"email":"News@Example.com","source":"landing"}`, status: 200,
			check: subscribed},
		{name: "subscribe_again", as: b, method: "POST", path: "/api/subscribe", body: `{"email":" news@example.com "}`, status: 200,
			check: subscribed},
		{name: "subscribe_invalid_email", method: "POST", path: "/api/subscribe", body: `{"email":"news"}`, status: 400, err: "Please enter a valid email address"},
		{name: "subscribe_missing_email", method: "POST", path: "/api/subscribe", body: `{}`, status: 400, err: "Email is required"},
		{name: "subscribe_ip_literal_email", method: "POST", path: "/api/subscribe", body: `{"email":"ana@[127.0.0.1]"}`, status: 400,
			err: "Please use an email address at a domain name, not at an IP address."},
		{name: "subscribe_homoglyph_email", method: "POST", path: "/api/subscribe", body: `{"email":"ana@gm\u0430il.com"}`, status: 400,
			err: "The email address's domain mixes alphabets, such as a Cyrillic letter among Latin ones. Please check it."},
		{name: "subscribe_zero_width_email", method: "POST", path: "/api/subscribe", body: `{"email":"ana\u200b@example.com"}`, status: 400,
			err: "The email address holds an invisible or control character. Please type it again."},
		{name: "referrals_skip_blank_invalid_and_repeated", as: p.Browser, method: "POST", path: "/api/referrals",
			body: map[string]any{"customer_id": p.CustomerID,
				"emails": []string{"friend1@example.com", "", "   ", "not-an-email", "Friend2@Example.org", "friend1@example.com"}}, status: 200,
			check: func(t *testing.T, r apptest.Response) {
				wantNum(t, r, "sent", "2")
				wantStr(t, r, "message", "2 referral(s) sent successfully. "+paymail.ReferralPromise)
			}},
		{name: "referrals_count_and_message", as: p.Browser, method: "POST", path: "/api/referrals",
			body: map[string]any{"customer_id": p.CustomerID, "emails": []string{"friend3@example.com", "friend4@example.com"}}, status: 200,
			check: func(t *testing.T, r apptest.Response) {
				wantNum(t, r, "sent", "2")
				wantStr(t, r, "message", "2 referral(s) sent successfully. "+paymail.ReferralPromise)
			}},
		refer("referrals_no_valid_emails", p.Browser, map[string]any{"customer_id": p.CustomerID, "emails": []string{"", "nope", "a@b"}}, 400, errNoValidEmails),
		refer("referrals_empty_list", p.Browser, map[string]any{"customer_id": p.CustomerID, "emails": []string{}}, 400, errNoValidEmails),
		refer("referrals_no_emails_field", p.Browser, map[string]any{"customer_id": p.CustomerID}, 400, errNoValidEmails),
		refer("referrals_too_many", p.Browser, map[string]any{"customer_id": p.CustomerID, "emails": many}, 400, "Please refer at most 20 friends at a time"),
		refer("referrals_without_customer", p.Browser, map[string]any{"emails": []string{"friend@example.com"}}, 400, errNoCustomerID),
		{name: "payment_authorization", method: "POST", path: "/api/payment-authorization", body: `{"accepted":true}`, status: 201,
			check: func(t *testing.T, r apptest.Response) {
				wantPrefix(t, r, "id", "con_")
				if _, err := time.Parse(time.RFC3339Nano, r.Str("recorded_at")); err != nil {
					t.Errorf("recorded_at %q: %v", r.Str("recorded_at"), err)
				}
			}},
		{name: "payment_authorization_refused", method: "POST", path: "/api/payment-authorization", body: `{"accepted":false}`, status: 400, err: errAuthRequired},
		{name: "payment_authorization_missing", method: "POST", path: "/api/payment-authorization", body: `{}`, status: 400, err: errAuthRequired},
		{name: "healthz", method: "GET", path: "/healthz", status: 200,
			check: func(t *testing.T, r apptest.Response) { wantStr(t, r, "status", "ok") }},
		{name: "readyz", method: "GET", path: "/readyz", status: 200,
			check: func(t *testing.T, r apptest.Response) {
				wantStr(t, r, "status", "ready")
				wantStr(t, r, "database", string(w.engine))
			}},
	}
}

// ---- text the database must store as sent (or refuse cleanly) -------------------------------

// textCases send characters PostgreSQL cannot store in TEXT (NUL, and byte
// sequences that are not UTF-8). A client must get a 4xx or success, never
// a 500: an internal error here means the request reached the database.
func (w *world) textCases(t *testing.T) []apiCase {
	p := w.br
	row := func(name string, as *apptest.Browser, method, path string, body any, status int, err, bug string, header ...string) apiCase {
		c := apiCase{name: name, as: as, method: method, path: path, body: body, header: header, status: status, err: err}
		if bug != "" {
			c.bug, c.bugOn = bug, store.Postgres
		}
		return c
	}
	q0 := quote(t, p.Browser, "USDC/BRL", "99")
	q1 := quote(t, p.Browser, "USDC/BRL", "100")
	q2 := quote(t, p.Browser, "USDC/BRL", "101")
	q3 := quote(t, p.Browser, "USDC/BRL", "102")
	cutInRune := "a" + strings.Repeat("é", 30) // 61 bytes: truncating to 40 bytes splits an é
	return []apiCase{
		// A NUL is refused for every field at once, before anything is looked up.
		{name: "nul_in_subscribe_email", method: "POST", path: "/api/subscribe", body: `{"email":"a\u0000b@example.com"}`,
			status: 400, err: errNUL},
		{name: "control_character_in_subscribe_email", method: "POST", path: "/api/subscribe", body: `{"email":"a\u0007b@example.com"}`,
			status: 400, err: "The email address holds an invisible or control character. Please type it again."},
		{name: "nul_in_referral_email", as: p.Browser, method: "POST", path: "/api/referrals",
			body: `{"customer_id":"` + p.CustomerID + `","emails":["f\u0000@example.com"]}`, status: 400, err: errNUL},
		row("nul_in_customer_id_lookup", p.Browser, "POST", "/api/create-wallet", `{"customer_id":"cus_\u0000"}`, 400, errNUL, ""),
		row("nul_in_existing_customer_id", p.Browser, "POST", "/api/create-customer", `{"use_existing_customer":true,"existing_customer_id":"cus_\u0000"}`,
			400, errNUL, ""),
		row("nul_in_bank_account_customer_id", p.Browser, "POST", "/api/create-external-account",
			withFields(apptest.BankAccount(p.CustomerID), "customer_id", "cus_\x00"), 400, errNUL, ""),
		row("nul_in_transaction_id", p.Browser, "GET", "/api/transaction-status?transaction_id=txn_%00", nil, 404, errTxnNotFound, ""),
		{name: "nul_in_customer_name", method: "POST", path: "/api/create-customer",
			body: withFields(apptest.CustomerBR(apptest.CPF), "first_name", "Ma\x00ria"), status: 400, err: errNUL},
		{name: "nul_in_pix_sender_name", as: p.Browser, method: "POST", path: "/api/create-pix-payment",
			body: pixBody(p, q0, "sender_name", "Maria\x00 Silva"), status: 400, err: errNUL},
		row("subscribe_source_cut_inside_a_character", nil, "POST", "/api/subscribe", `{"email":"utf8@example.com","source":"`+cutInRune+`"}`, 200, "", ""),
		row("consent_user_agent_not_utf8", nil, "POST", "/api/payment-authorization", `{"accepted":true}`, 201, "", "", "User-Agent", "Mozilla/5.0 \xff"),
		row("consent_user_agent_cut_inside_a_character", nil, "POST", "/api/payment-authorization", `{"accepted":true}`, 201, "", "",
			"User-Agent", strings.Repeat("a", 499)+"é"),
		row("pix_user_agent_not_utf8", p.Browser, "POST", "/api/create-pix-payment", pixBody(p, q1), 200, "", "", "User-Agent", "ua \xff"),
		row("pix_idempotency_key_not_utf8", p.Browser, "POST", "/api/create-pix-payment", pixBody(p, q2), 400,
			"Idempotency-Key must be printable ASCII of at most 200 characters", "", "Idempotency-Key", "key-\xff"),
		row("pix_signed_at_cut_inside_a_character", p.Browser, "POST", "/api/create-pix-payment",
			pixBody(p, q3, "authorization", map[string]any{"accepted": true, "signed_at": strings.Repeat("a", 63) + "é"}), 200, "", ""),
	}
}
