package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/partner/blindpay"
	"github.com/crebit/crebit/internal/store"
)

const openAPIPath = "../../docs/openapi.yaml"

// loadOpenAPI reads and validates docs/openapi.yaml.
func loadOpenAPI(t *testing.T) *openapi3.T {
	t.Helper()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile(openAPIPath)
	if err != nil {
		t.Fatalf("load %s: %v", openAPIPath, err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("%s is not a valid OpenAPI document: %v", openAPIPath, err)
	}
	return doc
}

// serverRoutes reads the "METHOD /path" patterns registered (Handle or
// HandleFunc) in routes.go and the capability packages' */routes.go
// (every /api/ route) and server.go (/healthz, /readyz).
func serverRoutes(t *testing.T) []string {
	t.Helper()
	pattern := regexp.MustCompile(`\.Handle(?:Func)?\("([A-Z]+) (/[^"]*)"`)
	var routes []string
	files, err := filepath.Glob("*/routes.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range append([]string{"routes.go", "server.go"}, files...) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range pattern.FindAllStringSubmatch(string(src), -1) {
			routes = append(routes, m[1]+" "+strings.ReplaceAll(m[2], "...}", "}"))
		}
	}
	if len(routes) < 19 {
		t.Fatalf("found only %d routes in routes.go and server.go: %v", len(routes), routes)
	}
	return routes
}

// documentedRoutes lists the document's operations as "METHOD /path".
func documentedRoutes(doc *openapi3.T) []string {
	var out []string
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			out = append(out, method+" "+path)
		}
	}
	return out
}

// TestOpenAPIDescribesEveryRoute keeps docs/openapi.yaml and the server's
// route list the same set, in both directions.
func TestOpenAPIDescribesEveryRoute(t *testing.T) {
	doc := loadOpenAPI(t)
	routes, documented := serverRoutes(t), documentedRoutes(doc)
	for _, r := range routes {
		if !slices.Contains(documented, r) {
			t.Errorf("route %q (routes.go/server.go) is not in %s", r, openAPIPath)
		}
	}
	for _, d := range documented {
		if !slices.Contains(routes, d) {
			t.Errorf("%s describes %q, which the server does not route", openAPIPath, d)
		}
	}
}

// TestOpenAPIListsEveryErrorCode keeps the document's ErrorCode enum and
// the one code table in internal/apperr the same set.
func TestOpenAPIListsEveryErrorCode(t *testing.T) {
	doc := loadOpenAPI(t)
	ref := doc.Components.Schemas["ErrorCode"]
	if ref == nil || ref.Value == nil {
		t.Fatal("components.schemas.ErrorCode is missing")
	}
	var documented []string
	for _, v := range ref.Value.Enum {
		documented = append(documented, fmt.Sprint(v))
	}
	var codes []string
	for _, c := range apperr.Codes() {
		codes = append(codes, string(c))
		if !slices.Contains(documented, string(c)) {
			t.Errorf("code %q (internal/apperr) is not in ErrorCode", c)
		}
		if apperr.Doc(c) == "" || !strings.Contains(ref.Value.Description, "`"+string(c)+"`") {
			t.Errorf("code %q has no description", c)
		}
	}
	for _, d := range documented {
		if !slices.Contains(codes, d) {
			t.Errorf("ErrorCode lists %q, which internal/apperr does not define", d)
		}
	}
}

// TestOpenAPIDocumentRules checks the promises the document must keep so
// that the response test means something: every JSON answer is a closed
// object (additionalProperties false), every error is the one error shape,
// payment creation takes Idempotency-Key, the partner receiver requires the
// webhook headers, and the session cookie is described.
func TestOpenAPIDocumentRules(t *testing.T) {
	doc := loadOpenAPI(t)
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			name := method + " " + path
			for code, ref := range op.Responses.Map() {
				if code[0] == '2' && streamOrFile(op) || code == "204" {
					continue // no body
				}
				mt := ref.Value.Content.Get("application/json")
				if mt == nil || mt.Schema == nil {
					t.Errorf("%s %s: no application/json schema", name, code)
					continue
				}
				s := mt.Schema.Value
				if !s.Type.Is("object") || s.AdditionalProperties.Has == nil || *s.AdditionalProperties.Has {
					t.Errorf("%s %s: the answer schema must be an object with additionalProperties: false", name, code)
				}
				if code[0] >= '4' && !slices.Contains(s.Required, "error") {
					t.Errorf("%s %s: an error answer must require \"error\"", name, code)
				}
			}
			if op.RequestBody != nil && path != "/api/webhook/payout-events" {
				s := op.RequestBody.Value.Content.Get("application/json").Schema.Value
				shapes := []*openapi3.Schema{s}
				if len(s.OneOf) > 0 { // each alternative is a closed object
					shapes = shapes[:0]
					for _, alt := range s.OneOf {
						shapes = append(shapes, alt.Value)
					}
				}
				for _, s := range shapes {
					if s.AdditionalProperties.Has == nil || *s.AdditionalProperties.Has {
						t.Errorf("%s: the request schema must refuse unknown fields (additionalProperties: false)", name)
					}
				}
			}
		}
	}
	for _, path := range []string{"/api/create-pix-payment", "/api/create-spei-payment"} {
		if p := doc.Paths.Value(path).Post.Parameters.GetByInAndName("header", "Idempotency-Key"); p == nil {
			t.Errorf("%s: Idempotency-Key header is not documented", path)
		}
	}
	hook := doc.Paths.Value("/api/webhook/payout-events").Post
	for _, h := range []string{"webhook-id", "webhook-timestamp", "webhook-signature"} {
		if p := hook.Parameters.GetByInAndName("header", h); p == nil || !p.Required {
			t.Errorf("webhook receiver: header %s is not documented as required", h)
		}
	}
	if s := doc.Components.SecuritySchemes["session"]; s == nil || s.Value.In != "cookie" || s.Value.Name != "crebit_session" {
		t.Errorf("the crebit_session cookie is not described as a security scheme")
	}
}

// TestOpenAPISchemasRefuse proves the validator used below does reject
// what the document forbids, so a passing response check is evidence.
func TestOpenAPISchemasRefuse(t *testing.T) {
	doc := loadOpenAPI(t)
	schema := func(name string) *openapi3.Schema { return doc.Components.Schemas[name].Value }
	bad := []struct {
		schema string
		body   string
	}{
		{"Error", `{"error":"x","detail":"y"}`}, // undocumented property
		{"Error", `{}`},                         // required property missing
		{"Error", `{"error":""}`},               // empty message
		{"Config", `{"sandbox":"yes","quote_ttl_seconds":300}`},
		{"Quote", `{"symbol":"USDC/EUR"}`},
		{"WebhookReceived", `{"received":false,"duplicate":false}`}, // const
		{"Customer", `{"customer_id":"c","wallet_id":"w","wallet_address":"a","kyc_status":"approved","existing_customer":false,"existing_customer_found":false,"existing_external_account":{"id":"e"},"external_account_id":null,"show_popup":false}`},
		{"ExternalAccount", `{"external_account_id":"e","bank_name":"b","account_last4":"6789","bank_account_number":"000123456789"}`}, // unmasked
		{"TransactionStatus", `{"transaction_id":"t"}`},
		{"Rate", `{"symbol":"USDC/BRL","quote_type":"on_ramp","effective_rate":0}`}, // exclusiveMinimum
		{"Stage", `{"status":"created","reached":true,"at":5}`},                     // type list
		{"WebhookStatus", `{"transaction_id":"t","payin_processing":false,"payin_completed":false,"offramp_transaction":{"id":"o"},"offramp_completed":false,"status":{"status":"created","updated_at":"2026-01-01T00:00:00Z"},"expires_at":"2026-01-01T00:00:00Z"}`},
	}
	for _, b := range bad {
		var v any
		if err := json.Unmarshal([]byte(b.body), &v); err != nil {
			t.Fatal(err)
		}
		if err := schema(b.schema).VisitJSON(v); err == nil {
			t.Errorf("schema %s accepts %s", b.schema, b.body)
		}
	}
}

// exchange is one request sent to the running app and checked against the
// document.
type exchange struct {
	name   string
	as     *apptest.Browser // nil is a new browser
	on     *apptest.Harness // nil is the main one (another partner runs in its own)
	method string
	tmpl   string // the documented path template
	path   string // the real path (defaults to tmpl)
	body   any    // or a func() any, called when the exchange is sent (time-based codes)
	header []string
	status int
	// validRequest, when true, also checks the request against the
	// document: what works must be what the document allows.
	validRequest bool
	until        func(r apptest.Response) bool
}

// TestOpenAPIMatchesResponses runs the application and checks that real
// answers (happy paths and errors) have documented statuses and bodies that
// validate against the documented schemas, and that every documented
// operation is exercised: each with a success, and each that documents a
// 4xx with at least one client error.
func TestOpenAPIMatchesResponses(t *testing.T) {
	doc := loadOpenAPI(t)
	h := apptest.New(t, store.SQLite, apptest.Env("CREBIT_SUPPORT_INBOUND", "support@reply.example.com"), apptest.Env("CREBIT_SUPPORT_INBOUND_TOKEN", docInboundToken))
	w := &world{h: h, engine: store.SQLite, br: h.NewBrazilPayer(), mx: h.NewMexicoPayer()}
	br, mx := w.br, w.mx
	other := h.Browser()
	other.AcceptPartnerTerms() // BlindPay makes a customer only after its terms (docs/BLINDPAY.md §5)
	referrer := h.NewVerifiedAccountPayer("referrer.doc@example.com", apptest.CPF2)

	brlQuote := quote(t, br.Browser, "USDC/BRL", "100")
	checkQuote := quote(t, br.Browser, "USDC/BRL", "120")
	mxnQuote := quote(t, mx.Browser, "USDC/MXN", "100")
	pay := mustDo(t, br.Browser, "POST", "/api/create-pix-payment", pixBody(br, brlQuote), "Idempotency-Key", "openapi-1")
	txn := pay.Str("transaction_id")
	// A BlindPay webhook delivery (Svix-signed with the endpoint's whsec_
	// secret), sent with the Standard Webhooks header names the document
	// requires (the receiver takes svix-* and webhook-* alike).
	event := apptest.PayinUpdate("payin.update", "pi_unknown", "processing", false, money.New(10000, money.BRL))
	hdr, err := blindpay.Sign(h.WebhookSecret(), "msg_doc", time.Now(), event)
	if err != nil {
		t.Fatal(err)
	}
	signed := []string{"webhook-id", hdr.Get("svix-id"), "webhook-timestamp", hdr.Get("svix-timestamp"), "webhook-signature", hdr.Get("svix-signature")}
	fresh := h.Browser()
	student := h.Browser()
	student.MustOK("PUT", "/api/scholarships/profile", map[string]any{"citizenshipCountries": []string{"MX"}})
	fsID := student.MustOK("POST", "/api/scholarships/filter-sets", map[string]string{"name": "Mine", "params": "field=law"}).Str("id")
	var firstProgram struct {
		Results []struct{ ID string } `json:"results"`
	}
	if err := json.Unmarshal(student.MustOK("GET", "/api/scholarships/search?profile=0", nil).Body, &firstProgram); err != nil || len(firstProgram.Results) == 0 {
		t.Fatalf("the catalog must have programs: %v", err)
	}
	programID := firstProgram.Results[0].ID
	crossSite := []string{"Sec-Fetch-Site", "cross-site"}
	tracker := h.Browser()
	tracker.SignUp("openapi-tracker@example.com")
	appID := tracker.MustOK("POST", "/api/me/scholarships/tracker", map[string]string{"program_id": programID}).Str("id")
	alertID := tracker.MustOK("POST", "/api/me/scholarships/alerts", map[string]string{"params": "q=fulbright"}).Str("id")
	confirmMail := h.Mail("openapi-tracker@example.com", "Confirm your scholarship alerts")
	alert2 := tracker.MustOK("POST", "/api/me/scholarships/alerts", map[string]string{"params": "q=mba"}).Str("id")
	alertToken := func(path string) string {
		for _, f := range strings.Fields(confirmMail.Text) {
			if u, err := url.Parse(f); err == nil && u.Path == path {
				return u.Query().Get("token")
			}
		}
		return ""
	}
	confirmToken := alertToken("/scholarship-alerts/confirm")
	unsubscribeURL := strings.Trim(confirmMail.Headers["List-Unsubscribe"], "<>")
	unsubscribePath := unsubscribeURL[strings.Index(unsubscribeURL, "/api/"):]

	exchanges := []exchange{
		{name: "healthz", method: "GET", tmpl: "/healthz", status: 200},
		{name: "readyz", method: "GET", tmpl: "/readyz", status: 200},
		{name: "config", method: "GET", tmpl: "/api/config", status: 200},
		{name: "payment_emails", method: "GET", tmpl: "/api/payment-emails", status: 200},
		{name: "payment_emails_pt", method: "GET", tmpl: "/api/payment-emails", header: []string{"Accept-Language", "pt-BR"}, status: 200},

		{name: "quote", as: fresh, method: "POST", tmpl: "/api/create-quote", body: `{"symbol":"USDC/MXN","amount_usd":250.5}`, status: 200, validRequest: true},
		{name: "quote_bad_symbol", method: "POST", tmpl: "/api/create-quote", body: `{"symbol":"USDC/EUR","amount_usd":100}`, status: 400},
		{name: "quote_too_large", method: "POST", tmpl: "/api/create-quote", body: `{"padding":"` + strings.Repeat("a", 1<<20) + `"}`, status: 413},
		{name: "quote_cross_site", method: "POST", tmpl: "/api/create-quote", body: `{}`, header: crossSite, status: 403},
		{name: "rate", method: "POST", tmpl: "/api/create-quote-new", body: `{"symbol":"USDC/BRL","quote_type":"off_ramp"}`, status: 200, validRequest: true},
		{name: "rate_bad_type", method: "POST", tmpl: "/api/create-quote-new", body: `{"symbol":"USDC/BRL","quote_type":"x"}`, status: 400},
		{name: "rates", method: "GET", tmpl: "/api/rates", status: 200},
		{name: "last_quote_ids", as: fresh, method: "GET", tmpl: "/api/last-quote-ids", status: 200},
		{name: "last_quote_ids_none", method: "GET", tmpl: "/api/last-quote-ids", status: 404},

		{name: "customer_new", as: other, method: "POST", tmpl: "/api/create-customer", body: apptest.CustomerMX(apptest.CURP), status: 200, validRequest: true},
		{name: "customer_popup_with_account", as: br.Browser, method: "POST", tmpl: "/api/create-customer", body: apptest.CustomerBR(apptest.CPF), status: 200, validRequest: true},
		{name: "customer_reuse", as: br.Browser, method: "POST", tmpl: "/api/create-customer",
			body: map[string]any{"use_existing_customer": true, "existing_customer_id": br.CustomerID}, status: 200, validRequest: true},
		{name: "customer_reuse_made_up", method: "POST", tmpl: "/api/create-customer",
			body: map[string]any{"use_existing_customer": true, "existing_customer_id": madeUpCustomer}, status: 404},
		{name: "customer_missing_fields", method: "POST", tmpl: "/api/create-customer", body: `{"first_name":"Maria"}`, status: 400},
		{name: "last_customer_id", as: other, method: "GET", tmpl: "/api/last-customer-id", status: 200},
		{name: "last_customer_id_none", method: "GET", tmpl: "/api/last-customer-id", status: 404},
		{name: "wallet", as: br.Browser, method: "POST", tmpl: "/api/create-wallet", body: map[string]string{"customer_id": br.CustomerID}, status: 200, validRequest: true},
		{name: "wallet_no_id", as: br.Browser, method: "POST", tmpl: "/api/create-wallet", body: `{}`, status: 400},
		{name: "wallet_not_yours", as: other, method: "POST", tmpl: "/api/create-wallet", body: map[string]string{"customer_id": br.CustomerID}, status: 404},
		{name: "wallet_too_large", method: "POST", tmpl: "/api/create-wallet", body: `{"customer_id":"` + strings.Repeat("a", 1<<20) + `"}`, status: 413},
		{name: "pix_repeat", as: br.Browser, method: "POST", tmpl: "/api/create-pix-payment", body: pixBody(br, brlQuote),
			header: []string{"Idempotency-Key", "openapi-1"}, status: 200},
		{name: "external_account", as: br.Browser, method: "POST", tmpl: "/api/create-external-account",
			body: withFields(apptest.BankAccount(br.CustomerID), "bank_account_number", "4444555566"), status: 200, validRequest: true},
		{name: "external_account_bad_routing", as: br.Browser, method: "POST", tmpl: "/api/create-external-account",
			body: withFields(apptest.BankAccount(br.CustomerID), "routing_number", "123456789"), status: 400},
		{name: "external_account_not_yours", as: other, method: "POST", tmpl: "/api/create-external-account", body: apptest.BankAccount(br.CustomerID), status: 404},

		// A check mailed to the school: a request the document allows, but
		// BlindPay pays out to bank accounts only (docs/BLINDPAY.md §17.6),
		// so it is "coming soon" and refused before the partner is asked (400).
		{name: "pix_check", as: br.Browser, method: "POST", tmpl: "/api/create-pix-payment",
			body: pixBody(br, checkQuote, "delivery_method", "check-to-school", "check_details", checkDetails(),
				"authorization", map[string]any{"accepted": true, "signed_at": "2026-01-01T00:00:00Z", "signer_name": "Maria Silva"}),
			header: []string{"Idempotency-Key", "openapi-2"}, status: 400, validRequest: true},
		{name: "pix_key_reused", as: br.Browser, method: "POST", tmpl: "/api/create-pix-payment", body: pixBody(br, brlQuote, "sender_name", "M"),
			header: []string{"Idempotency-Key", "openapi-1"}, status: 422},
		{name: "pix_quote_used", as: br.Browser, method: "POST", tmpl: "/api/create-pix-payment", body: pixBody(br, brlQuote), status: 409},
		{name: "pix_no_sender", as: br.Browser, method: "POST", tmpl: "/api/create-pix-payment", body: pixBody(br, brlQuote, "sender_name", ""), status: 400},
		{name: "pix_no_session", method: "POST", tmpl: "/api/create-pix-payment", body: pixBody(br, brlQuote), status: 404},
		{name: "spei", as: mx.Browser, method: "POST", tmpl: "/api/create-spei-payment", body: speiBody(mx, mxnQuote), status: 200, validRequest: true},
		{name: "spei_bad_curp", as: mx.Browser, method: "POST", tmpl: "/api/create-spei-payment", body: speiBody(mx, mxnQuote, "sender_clabe", "X"), status: 400},

		{name: "webhook_status", as: br.Browser, method: "GET", tmpl: "/api/webhook-status/{transaction_id}", path: "/api/webhook-status/" + txn, status: 200},
		{name: "webhook_status_unknown", method: "GET", tmpl: "/api/webhook-status/{transaction_id}", path: "/api/webhook-status/" + madeUpTxn, status: 404},
		{name: "transaction_status_owner", as: br.Browser, method: "GET", tmpl: "/api/transaction-status", path: "/api/transaction-status?transaction_id=" + txn, status: 200, validRequest: true},
		{name: "transaction_status_stranger", method: "GET", tmpl: "/api/transaction-status", path: "/api/transaction-status?transaction_id=" + txn, status: 200},
		{name: "transaction_status_no_id", method: "GET", tmpl: "/api/transaction-status", status: 400},
		{name: "transaction_status_unknown", method: "GET", tmpl: "/api/transaction-status", path: "/api/transaction-status?transaction_id=" + madeUpTxn, status: 404},

		// With BlindPay, Crebit asks for the payout itself once the pay-in
		// settles: the simulated event is the pay-in's, and the payout follows.
		{name: "trigger", as: br.Browser, method: "POST", tmpl: "/api/trigger-mock-webhook", body: map[string]string{"transaction_id": txn, "event": "payin_completed"}, status: 202, validRequest: true},
		{name: "webhook_status_with_offramp", as: br.Browser, method: "GET", tmpl: "/api/webhook-status/{transaction_id}", path: "/api/webhook-status/" + txn, status: 200,
			until: func(r apptest.Response) bool { return r.JSON["offramp_transaction"] != nil }},
		{name: "trigger_bad_event", method: "POST", tmpl: "/api/trigger-mock-webhook", body: map[string]string{"transaction_id": txn, "event": "x"}, status: 400},
		{name: "partner_event", method: "POST", tmpl: "/api/webhook/payout-events", body: event, header: signed, status: 200, validRequest: true},
		{name: "partner_event_unsigned", method: "POST", tmpl: "/api/webhook/payout-events", body: event, status: 401},

		{name: "subscribe", method: "POST", tmpl: "/api/subscribe", body: `{"email":"doc@example.com","source":"landing"}`, status: 200, validRequest: true},
		{name: "subscribe_again", method: "POST", tmpl: "/api/subscribe", body: `{"email":"doc@example.com"}`, status: 200, validRequest: true},
		{name: "subscribe_bad_email", method: "POST", tmpl: "/api/subscribe", body: `{"email":"doc"}`, status: 400},
		{name: "referrals", as: referrer.Browser, method: "POST", tmpl: "/api/referrals",
			body: map[string]any{"customer_id": referrer.CustomerID, "emails": []string{"f1@example.com", "f2@example.com"}}, status: 200, validRequest: true},
		{name: "referrals_none_valid", as: referrer.Browser, method: "POST", tmpl: "/api/referrals", body: map[string]any{"customer_id": referrer.CustomerID, "emails": []string{"x"}}, status: 400},
		{name: "referrals_not_yours", as: referrer.Browser, method: "POST", tmpl: "/api/referrals",
			body: map[string]any{"customer_id": br.CustomerID, "emails": []string{"f3@example.com"}}, status: 404},
		{name: "referrals_as_a_guest", as: br.Browser, method: "POST", tmpl: "/api/referrals",
			body: map[string]any{"customer_id": br.CustomerID, "emails": []string{"f4@example.com"}}, status: 401},
		{name: "referral_arrival", method: "POST", tmpl: "/api/referral-arrival", body: `{"code":"0123456789"}`, status: 204, validRequest: true},
		{name: "referral_arrival_not_a_code", method: "POST", tmpl: "/api/referral-arrival", body: `{"code":"nope"}`, status: 204, validRequest: true},
		{name: "referral_arrival_unknown_field", method: "POST", tmpl: "/api/referral-arrival", body: `{"code":"0123456789","who":"me"}`, status: 400},
		{name: "payment_authorization", method: "POST", tmpl: "/api/payment-authorization", body: `{"accepted":true}`, status: 201, validRequest: true},
		{name: "scholarships", method: "GET", tmpl: "/api/scholarships", status: 200},
		{name: "scholarship_search", as: student, method: "GET", tmpl: "/api/scholarships/search",
			path: "/api/scholarships/search?mode=semantic&q=beca+para+mexicana+en+ingenier%C3%ADa&sort=magic&partial=1&amount_min=1000&renewable=yes&lang=es-MX", status: 200, validRequest: true},
		{name: "scholarship_search_filters", method: "GET", tmpl: "/api/scholarships/search",
			path: "/api/scholarships/search?field=stem&level=graduate&deadline=year&residency=international&gpa=3.5&sort=deadline&page=1", status: 200, validRequest: true},
		{name: "scholarship_search_bad", method: "GET", tmpl: "/api/scholarships/search", path: "/api/scholarships/search?sort=random", status: 400},
		{name: "scholarship_program", method: "GET", tmpl: "/api/scholarships/programs/{id}", path: "/api/scholarships/programs/" + programID + "?lang=pt-BR", status: 200},
		{name: "scholarship_program_unknown", method: "GET", tmpl: "/api/scholarships/programs/{id}", path: "/api/scholarships/programs/nope", status: 404},
		{name: "quick_match_get", as: student, method: "GET", tmpl: "/api/scholarships/profile", status: 200},
		{name: "quick_match_put", method: "PUT", tmpl: "/api/scholarships/profile", body: map[string]any{"citizenshipCountries": []string{"BR"}, "visaStatus": "F-1",
			"currentResidency": map[string]string{"countryCode": "BR"}, "degreeLevel": []string{"MASTERS"}, "gpaCurrent": 8.7, "gpaScale": "10.0", "lgbtq": "no"}, status: 200, validRequest: true},
		{name: "quick_match_put_bad", method: "PUT", tmpl: "/api/scholarships/profile", body: `{"visaStatus":"B-2"}`, status: 400},
		{name: "eligibility_get", as: student, method: "GET", tmpl: "/api/scholarships/eligibility", status: 200},
		{name: "eligibility_put", method: "PUT", tmpl: "/api/scholarships/eligibility", body: map[string]any{"race": "hispanic_latino", "firstGeneration": "unsure", "gpa": "3.4", "extracurriculars": []string{"arts"}}, status: 200, validRequest: true},
		{name: "eligibility_put_bad", method: "PUT", tmpl: "/api/scholarships/eligibility", body: `{"householdIncome":"lots"}`, status: 400},
		{name: "filter_sets", as: student, method: "GET", tmpl: "/api/scholarships/filter-sets", status: 200},
		{name: "filter_set_create", as: student, method: "POST", tmpl: "/api/scholarships/filter-sets", body: map[string]string{"name": "STEM", "params": "field=stem&sort=magic"}, status: 201, validRequest: true},
		{name: "filter_set_create_bad", method: "POST", tmpl: "/api/scholarships/filter-sets", body: map[string]string{"name": "", "params": ""}, status: 400},
		{name: "filter_set_delete_not_yours", method: "DELETE", tmpl: "/api/scholarships/filter-sets/{id}", path: "/api/scholarships/filter-sets/" + fsID, status: 404},
		{name: "tracker", as: tracker, method: "GET", tmpl: "/api/me/scholarships/tracker", status: 200},
		{name: "tracker_signed_out", method: "GET", tmpl: "/api/me/scholarships/tracker", status: 401},
		{name: "tracker_add", as: tracker, method: "POST", tmpl: "/api/me/scholarships/tracker", body: map[string]string{"program_id": firstProgram.Results[1].ID}, status: 201, validRequest: true},
		{name: "tracker_add_twice", as: tracker, method: "POST", tmpl: "/api/me/scholarships/tracker", body: map[string]string{"program_id": programID}, status: 409},
		{name: "tracker_move", as: tracker, method: "PATCH", tmpl: "/api/me/scholarships/tracker/{id}", path: "/api/me/scholarships/tracker/" + appID,
			body: map[string]any{"status": "preparing", "notes": "Ask for two letters", "documents": []int{0}, "deadline": "2027-01-31"}, status: 200, validRequest: true},
		{name: "tracker_move_refused", as: tracker, method: "PATCH", tmpl: "/api/me/scholarships/tracker/{id}", path: "/api/me/scholarships/tracker/" + appID,
			body: map[string]any{"status": "awarded"}, status: 409},
		{name: "tracker_delete_not_yours", as: student, method: "DELETE", tmpl: "/api/me/scholarships/tracker/{id}", path: "/api/me/scholarships/tracker/" + appID, status: 401},
		{name: "tracker_delete", as: tracker, method: "DELETE", tmpl: "/api/me/scholarships/tracker/{id}", path: "/api/me/scholarships/tracker/" + appID, status: 200},
		{name: "alerts", as: tracker, method: "GET", tmpl: "/api/me/scholarships/alerts", status: 200},
		{name: "alerts_signed_out", method: "GET", tmpl: "/api/me/scholarships/alerts", status: 401},
		{name: "alert_create", as: tracker, method: "POST", tmpl: "/api/me/scholarships/alerts", body: map[string]string{"params": "field=law&level=graduate"}, status: 201, validRequest: true},
		{name: "alert_create_twice", as: tracker, method: "POST", tmpl: "/api/me/scholarships/alerts", body: map[string]string{"params": "q=fulbright"}, status: 409},
		{name: "alert_create_bad", as: tracker, method: "POST", tmpl: "/api/me/scholarships/alerts", body: map[string]string{"params": "sort=nope"}, status: 400},
		{name: "alert_confirm", method: "POST", tmpl: "/api/scholarships/alerts/confirm", body: map[string]string{"id": alertID, "token": confirmToken}, status: 200, validRequest: true},
		{name: "alert_confirm_bad", method: "POST", tmpl: "/api/scholarships/alerts/confirm", body: map[string]string{"id": alertID, "token": "nope"}, status: 410},
		{name: "alert_unsubscribe", method: "POST", tmpl: "/api/scholarships/alerts/unsubscribe", path: unsubscribePath, body: "List-Unsubscribe=One-Click",
			header: []string{"Content-Type", "application/x-www-form-urlencoded"}, status: 200},
		{name: "alert_unsubscribe_bad", method: "POST", tmpl: "/api/scholarships/alerts/unsubscribe", path: "/api/scholarships/alerts/unsubscribe?id=" + alertID + "&token=nope", status: 410},
		{name: "alert_stop_not_yours", as: student, method: "DELETE", tmpl: "/api/me/scholarships/alerts/{id}", path: "/api/me/scholarships/alerts/" + alertID, status: 401},
		{name: "alert_stop", as: tracker, method: "DELETE", tmpl: "/api/me/scholarships/alerts/{id}", path: "/api/me/scholarships/alerts/" + alert2, status: 200},
		{name: "alert_stop_gone", as: tracker, method: "DELETE", tmpl: "/api/me/scholarships/alerts/{id}", path: "/api/me/scholarships/alerts/" + alertID, status: 404},
		{name: "tracker_delete_gone", as: tracker, method: "DELETE", tmpl: "/api/me/scholarships/tracker/{id}", path: "/api/me/scholarships/tracker/" + appID, status: 404},
		{name: "filter_set_delete", as: student, method: "DELETE", tmpl: "/api/scholarships/filter-sets/{id}", path: "/api/scholarships/filter-sets/" + fsID, status: 200},
		{name: "payment_authorization_refused", method: "POST", tmpl: "/api/payment-authorization", body: `{"accepted":false}`, status: 400},
	}

	exchanges = append(exchanges, accountExchanges(t, h)...)
	exchanges = append(exchanges, dashboardExchanges(t, h)...)
	exchanges = append(exchanges, opsExchanges(t, h, txn)...)
	exchanges = append(exchanges, supportExchanges(t, h)...)
	exchanges = append(exchanges, partnerTermsExchanges(t, h)...)

	type seen struct{ ok, clientErr bool }
	coverage := map[string]*seen{}
	for _, ex := range exchanges {
		t.Run(ex.name, func(t *testing.T) {
			on := h
			if ex.on != nil {
				on = ex.on
			}
			b := ex.as
			if b == nil {
				b = on.Browser()
			}
			path := ex.path
			if path == "" {
				path = ex.tmpl
			}
			body := ex.body
			if f, ok := body.(func() any); ok {
				body = f()
			}
			req, resp := sendRecorded(t, on, b, ex.method, path, body, ex.header...)
			for deadline := time.Now().Add(apptest.Patience); ex.until != nil && !ex.until(resp); {
				if time.Now().After(deadline) {
					t.Fatalf("condition never held: %s", clip(resp.Body))
				}
				time.Sleep(25 * time.Millisecond)
				if f, ok := ex.body.(func() any); ok {
					body = f() // computed again (a two-factor code past a 30 s step)
				}
				req, resp = sendRecorded(t, on, b, ex.method, path, body, ex.header...)
			}
			if resp.Status != ex.status {
				t.Fatalf("status %d, want %d: %s", resp.Status, ex.status, clip(resp.Body))
			}
			checkAgainstDocument(t, doc, ex.method, ex.tmpl, req, resp, ex.validRequest)
			key := ex.method + " " + ex.tmpl
			if coverage[key] == nil {
				coverage[key] = &seen{}
			}
			coverage[key].ok = coverage[key].ok || resp.Status < 300
			coverage[key].clientErr = coverage[key].clientErr || (resp.Status >= 400 && resp.Status < 500)
		})
	}

	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			key := method + " " + path
			c := coverage[key]
			if streamOrFile(op) {
				continue // an event stream or a file: live_test.go and receipt_test.go read them
			}
			if c == nil || !c.ok {
				t.Errorf("%s: no successful exchange checked against the document", key)
				continue
			}
			documents4xx := false
			for code := range op.Responses.Map() {
				documents4xx = documents4xx || code[0] == '4'
			}
			if documents4xx && !c.clientErr {
				t.Errorf("%s: no client-error exchange checked against the document", key)
			}
		}
	}
}

// recorded is a request as sent, kept for validation.
type recorded struct {
	req  *http.Request
	body []byte
}

// sendRecorded sends a request with b's cookies and returns it with the answer.
func sendRecorded(t *testing.T, h *apptest.Harness, b *apptest.Browser, method, path string, body any, header ...string) (recorded, apptest.Response) {
	t.Helper()
	var raw []byte
	switch v := body.(type) {
	case nil:
	case string:
		raw = []byte(v)
	case []byte:
		raw = v
	default:
		var err error
		if raw, err = json.Marshal(v); err != nil {
			t.Fatal(err)
		}
	}
	req, err := http.NewRequest(method, h.URL+path, bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := b.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	r := apptest.Response{Status: res.StatusCode, Header: res.Header, Body: out}
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.UseNumber()
	_ = dec.Decode(&r.JSON)
	return recorded{req: req, body: raw}, r
}

// checkAgainstDocument validates the answer (and, when asked, the request)
// against the operation in the document.
func checkAgainstDocument(t *testing.T, doc *openapi3.T, method, tmpl string, rec recorded, resp apptest.Response, validRequest bool) {
	t.Helper()
	item := doc.Paths.Value(tmpl)
	if item == nil || item.GetOperation(method) == nil {
		t.Fatalf("%s %s is not in the document", method, tmpl)
	}
	params := map[string]string{}
	if i := strings.Index(tmpl, "{"); i >= 0 {
		name := tmpl[i+1 : strings.Index(tmpl, "}")]
		params[name] = strings.TrimPrefix(rec.req.URL.Path, tmpl[:i])
	}
	req := rec.req.Clone(context.Background())
	req.Body = io.NopCloser(bytes.NewReader(rec.body))
	opts := &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, IncludeResponseStatus: true, MultiError: true}
	in := &openapi3filter.RequestValidationInput{
		Request: req, PathParams: params, Options: opts,
		Route: &routers.Route{Spec: doc, Path: tmpl, PathItem: item, Method: method, Operation: item.GetOperation(method)},
	}
	if validRequest {
		if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
			t.Errorf("the request does not match the document: %s\n%s", describe(err), clip(rec.body))
		}
	}
	err := openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in, Status: resp.Status, Header: resp.Header,
		Body: io.NopCloser(bytes.NewReader(resp.Body)), Options: opts,
	})
	if err != nil {
		t.Errorf("the %d answer does not match the document: %s\n%s", resp.Status, describe(err), clip(resp.Body))
	}
}

// describe flattens kin-openapi's (multi-)errors into one readable line each.
func describe(err error) string {
	var me openapi3.MultiError
	if errors.As(err, &me) {
		var parts []string
		for _, e := range me {
			parts = append(parts, describe(e))
		}
		return strings.Join(parts, "; ")
	}
	var re *openapi3filter.ResponseError
	if errors.As(err, &re) && re.Err != nil {
		return re.Reason + ": " + describe(re.Err)
	}
	var se *openapi3.SchemaError
	if errors.As(err, &se) {
		return fmt.Sprintf("at /%s: %s", strings.Join(se.JSONPointer(), "/"), se.Reason)
	}
	return err.Error()
}

// streamOrFile reports whether the operation answers a Server-Sent Events
// stream or a PDF instead of JSON.
func streamOrFile(op *openapi3.Operation) bool {
	ok := op.Responses.Value("200")
	return ok != nil && (ok.Value.Content.Get("text/event-stream") != nil || ok.Value.Content.Get("application/pdf") != nil)
}

// partnerTermsExchanges check the partner-terms routes. The partner (the
// embedded BlindPay sandbox, the only one) always asks for its terms
// first, so the route never answers 404 any more.
func partnerTermsExchanges(t *testing.T, h *apptest.Harness) []exchange {
	accepted := h.Browser()
	accepted.AcceptPartnerTerms()
	return []exchange{
		{name: "partner_terms_none", method: "GET", tmpl: "/api/partner-terms", status: 200},
		{name: "partner_terms_accepted", as: accepted, method: "GET", tmpl: "/api/partner-terms", status: 200},
		{name: "partner_terms_start", method: "POST", tmpl: "/api/partner-terms", body: map[string]string{"return_path": "/pay"}, status: 200, validRequest: true},
		{name: "partner_terms_start_elsewhere", method: "POST", tmpl: "/api/partner-terms", body: map[string]string{"return_path": "https://evil.example/"}, status: 400},
		{name: "partner_terms_customer_first", method: "POST", tmpl: "/api/create-customer", body: apptest.CustomerBR(apptest.CPF), status: 409},
	}
}
