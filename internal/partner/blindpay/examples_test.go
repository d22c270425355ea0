package blindpay

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Fields of the vendor's payloads that the client decided not to model.
// A pattern is a dotted path; a trailing * matches a prefix.
var (
	// Business (KYB) data, documents Crebit sends but never reads back,
	// and risk details beyond aml_status.
	ignoreCustomer = []string{
		"ip_address", "latitude", "longitude", "image_url", "proof_of_address_doc_*", "id_doc_*",
		"legal_name", "alternate_name", "formation_date", "website", "owners", "incorporation_doc_file",
		"proof_of_ownership_doc_file", "source_of_funds_doc_*", "selfie_file", "purpose_of_transactions*",
		"is_fbo", "account_purpose*", "business_*", "estimated_annual_revenue", "source_of_wealth",
		"publicly_traded", "occupation", "aml_hits", "additional_info",
	}
	// Fields of non-US rails (Pix, SPEI, Colombia, Argentina, SWIFT,
	// SEPA, TED) and the personal data of business accounts.
	ignoreBankRails = []string{
		"pix_key", "pix_safe_*", "ted_*", "spei_*", "transfers_*", "ach_cop_*", "swift_*", "sepa_*",
		"business_industry", "phone_number", "tax_id", "date_of_birth", "tron_wallet_hash", "offramp_wallets",
	}
	// Payin fields of other methods (PSE, TED, transfers), manual
	// operations by BlindPay staff, and display data.
	ignorePayin = []string{
		"manual_execution_status", "manual_concluded_by", "manual_concluded_at", "image_url", "legal_name",
		"partner_fee_id", "pse_*", "payer_rules.transfers_allowed_tax_id", "payer_rules.pse_*",
		"tracking_transaction.pse_instruction", "tracking_transaction.transfers_instruction",
		"tracking_transaction.ted_instruction", "tracking_payment.review_context",
	}
	// PayoutOut echoes the bank account (read it with GetBankAccount) and
	// carries bank-internal tracking and SWIFT documents.
	ignorePayout = append([]string{
		"signed_transaction", "jpm_track_data", "cpn_payment_id", "image_url", "first_name", "last_name",
		"legal_name", "partner_fee_id", "transaction_document_*", "name", "type", "account_number",
		"routing_number", "country", "account_class", "account_type", "address_line_*", "city",
		"state_province_region", "postal_code", "beneficiary_name", "has_virtual_account", "sender_legal_name",
	}, ignoreBankRails...)
)

// exampleTypes says what each example decodes into, and what it ignores.
var exampleTypes = map[string]struct {
	new    func() any
	ignore []string
}{
	"tos_initiate.request.json":               {func() any { return new(InitiateTosRequest) }, nil},
	"tos_initiate.response.json":              {func() any { return new(TosSession) }, nil},
	"customer_create_individual.request.json": {func() any { return new(CreateCustomerRequest) }, nil},
	"customer_create.response.json":           {func() any { return new(CustomerCreated) }, nil},
	"customer.response.json":                  {func() any { return new(Customer) }, ignoreCustomer},
	"customer_update.request.json":            {func() any { return new(UpdateCustomerRequest) }, nil},
	"success.response.json":                   {func() any { return new(Success) }, nil},
	"bank_account_ach.request.json":           {func() any { return new(CreateBankAccountRequest) }, nil},
	"bank_account_wire.request.json":          {func() any { return new(CreateBankAccountRequest) }, nil},
	"bank_account.response.json":              {func() any { return new(BankAccount) }, append([]string{"swift_payment_code"}, ignoreBankRails...)},
	"wallet_create.request.json":              {func() any { return new(CreateWalletRequest) }, nil},
	"wallet.response.json":                    {func() any { return new(Wallet) }, nil},
	"blockchain_wallet_create.request.json":   {func() any { return new(CreateBlockchainWalletRequest) }, nil},
	"blockchain_wallet.response.json":         {func() any { return new(BlockchainWallet) }, nil},
	"payin_quote_pix.request.json":            {func() any { return new(CreatePayinQuoteRequest) }, nil},
	"payin_quote_spei.request.json":           {func() any { return new(CreatePayinQuoteRequest) }, nil},
	"payin_quote_managed_wallet.request.json": {func() any { return new(CreatePayinQuoteRequest) }, nil},
	"payin_quote.response.json":               {func() any { return new(PayinQuote) }, nil},
	"payin_create.request.json":               {func() any { return new(CreatePayinRequest) }, nil},
	"payin_create.response.json":              {func() any { return new(Payin) }, ignorePayin},
	"payin_create_ach.response.json":          {func() any { return new(Payin) }, ignorePayin},
	"payin.response.json":                     {func() any { return new(Payin) }, ignorePayin},
	"payins_list.response.json":               {func() any { return new(Page[Payin]) }, prefixed("data.", ignorePayin)},
	"payout_quote.request.json":               {func() any { return new(CreatePayoutQuoteRequest) }, nil},
	"payout_quote.response.json":              {func() any { return new(PayoutQuote) }, nil},
	"payout_create.request.json":              {func() any { return new(CreatePayoutRequest) }, nil},
	"payout_create.response.json":             {func() any { return new(Payout) }, nil},
	"payout.response.json":                    {func() any { return new(Payout) }, ignorePayout},
	"fx_payin.request.json":                   {func() any { return new(FXRequest) }, nil},
	"fx_payin.response.json":                  {func() any { return new(FXRate) }, nil},
	"fx_payout.request.json":                  {func() any { return new(FXRequest) }, nil},
	"fx_payout.response.json":                 {func() any { return new(FXRate) }, nil},
	"webhook_endpoint_create.request.json":    {func() any { return new(CreateWebhookEndpointRequest) }, nil},
	"webhook_endpoint_create.response.json":   {func() any { return new(webhookEndpointCreated) }, nil},
	"webhook_endpoint_secret.response.json":   {func() any { return new(webhookSecret) }, nil},
	"webhook_endpoints_list.response.json":    {func() any { return new([]WebhookEndpoint) }, nil},
	"error_auth_rate_limited.json":            {func() any { return new(envelope) }, nil},
	"error_auth_unauthorized.json":            {func() any { return new(envelope) }, nil},
	"error_customers_kyc_not_approved.json":   {func() any { return new(envelope) }, nil},
	"error_payins_not_found.json":             {func() any { return new(envelope) }, nil},
	"error_quotes_already_used.json":          {func() any { return new(envelope) }, nil},
	"error_quotes_expired.json":               {func() any { return new(envelope) }, nil},
	"error_tos_not_accepted.json":             {func() any { return new(envelope) }, nil},
	"error_validation_failed.json":            {func() any { return new(envelope) }, nil},
	// Events: the typed part of ParseEvent's result, webhook_event aside.
	"event_payin_new.json":                {func() any { return new(Payin) }, eventIgnore(ignorePayin)},
	"event_payin_update.json":             {func() any { return new(Payin) }, eventIgnore(ignorePayin)},
	"event_payin_complete.json":           {func() any { return new(Payin) }, eventIgnore(ignorePayin)},
	"event_payin_complete.docs.json":      {func() any { return new(Payin) }, eventIgnore(ignorePayin)},
	"event_payout_new.json":               {func() any { return new(Payout) }, eventIgnore(ignorePayout)},
	"event_payout_update.json":            {func() any { return new(Payout) }, eventIgnore(ignorePayout)},
	"event_payout_complete.json":          {func() any { return new(Payout) }, eventIgnore(ignorePayout)},
	"event_payout_complete_refunded.json": {func() any { return new(Payout) }, eventIgnore(ignorePayout)},
	"event_customer_update.json":          {func() any { return new(Customer) }, eventIgnore(ignoreCustomer)},
	"event_customer_update.docs.json":     {func() any { return new(Customer) }, eventIgnore(ignoreCustomer)},
	"event_tos_accept.json":               {func() any { return new(TosAcceptance) }, eventIgnore(nil)},
	"event_wallet_inbound.docs.json":      {nil, nil}, // ParseEvent passes it through untyped
	"webhook_signature.docs.json":         {nil, nil}, // verification vectors, see webhook_test.go
	"webhook_signature.computed.json":     {nil, nil},
	"webhook_signature.svix.json":         {nil, nil},
}

func prefixed(p string, list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = p + s
	}
	return out
}

func eventIgnore(list []string) []string { return append([]string{"webhook_event"}, list...) }

// TestExamplesDecode decodes every recorded example into the client's type
// with unknown fields refused, after removing the fields listed as
// deliberately ignored. A new example, or a field the vendor adds to one,
// fails here until someone decides.
func TestExamplesDecode(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("testdata", "examples", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			kind, ok := exampleTypes[name]
			if !ok {
				t.Fatalf("no decision for %s: add it to exampleTypes", name)
			}
			if kind.new == nil {
				return
			}
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var v any
			if err := json.Unmarshal(raw, &v); err != nil {
				t.Fatal(err)
			}
			for _, pattern := range kind.ignore {
				drop(v, strings.Split(pattern, "."))
			}
			trimmed, _ := json.Marshal(v)
			dec := json.NewDecoder(bytes.NewReader(trimmed))
			dec.DisallowUnknownFields()
			if err := dec.Decode(kind.new()); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		})
	}
}

// drop removes the fields matching path from v, descending into arrays.
func drop(v any, path []string) {
	switch x := v.(type) {
	case []any:
		for _, item := range x {
			drop(item, path)
		}
	case map[string]any:
		head := path[0]
		for k, child := range x {
			match := k == head || (strings.HasSuffix(head, "*") && strings.HasPrefix(k, strings.TrimSuffix(head, "*")))
			if !match {
				continue
			}
			if len(path) == 1 {
				delete(x, k)
			} else {
				drop(child, path[1:])
			}
		}
	}
}

// TestEventsDecode checks what ParseEvent makes of each recorded event.
func TestEventsDecode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file, typ, id, status string
	}{
		{"event_payin_new.json", EventPayinNew, "pi_", StatusProcessing},
		{"event_payin_update.json", EventPayinUpdate, "pi_", StatusProcessing},
		{"event_payin_complete.json", EventPayinComplete, "pi_", StatusCompleted},
		{"event_payin_complete.docs.json", EventPayinComplete, "pi_000000000000", StatusCompleted},
		{"event_payout_new.json", EventPayoutNew, "p", StatusProcessing},
		{"event_payout_update.json", EventPayoutUpdate, "p", StatusOnHold},
		{"event_payout_complete.json", EventPayoutComplete, "p", StatusCompleted},
		{"event_payout_complete_refunded.json", EventPayoutComplete, "p", StatusRefunded},
		{"event_customer_update.json", EventCustomerUpdate, "re_", KYCApproved},
		{"event_customer_update.docs.json", EventCustomerUpdate, "re_000000000000", KYCComplianceRequest},
		{"event_tos_accept.json", EventTosAccept, "to_000000000000", ""},
		{"event_wallet_inbound.docs.json", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			e, err := ParseEvent(readExample(t, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if e.Type != tt.typ {
				t.Errorf("type %q, want %q", e.Type, tt.typ)
			}
			var id, status string
			switch {
			case e.Payin != nil:
				id, status = e.Payin.ID, e.Payin.Status
			case e.Payout != nil:
				id, status = e.Payout.ID, e.Payout.Status
			case e.Customer != nil:
				id, status = e.Customer.ID, e.Customer.KYCStatus
			case e.Tos != nil:
				id = e.Tos.TosID
				if e.Tos.IdempotencyKey == "" {
					t.Error("tos.accept without idempotency_key")
				}
			}
			if !strings.HasPrefix(id, tt.id) || status != tt.status {
				t.Errorf("id %q status %q, want %q… %q", id, status, tt.id, tt.status)
			}
			typed := slices.DeleteFunc([]bool{e.Payin != nil, e.Payout != nil, e.Customer != nil, e.Tos != nil}, func(b bool) bool { return !b })
			if (tt.typ == "") != (len(typed) == 0) || len(typed) > 1 {
				t.Errorf("typed fields set: %d", len(typed))
			}
		})
	}
	t.Run("legacy receiver.update", func(t *testing.T) {
		t.Parallel()
		e, err := ParseEvent([]byte(`{"webhook_event":"receiver.update","id":"re_000000000001","kyc_status":"rejected"}`))
		if err != nil {
			t.Fatal(err)
		}
		if e.Name != "receiver.update" || e.Type != EventCustomerUpdate || e.Customer == nil || e.Customer.KYCStatus != KYCRejected {
			t.Errorf("got %+v", e)
		}
	})
	t.Run("not JSON", func(t *testing.T) {
		t.Parallel()
		if _, err := ParseEvent([]byte(`webhook_event=payin.new`)); err == nil {
			t.Error("no error")
		}
	})
}
