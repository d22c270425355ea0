package bpadapter_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/partner/bpadapter"
)

// TestVendorExamples: the webhook payloads recorded from the vendor's
// docs and spec (../blindpay/testdata/examples, sources in SOURCES.md)
// translate into the events of docs/BLINDPAY.md §17.3.
func TestVendorExamples(t *testing.T) {
	for file, want := range map[string][]string{
		"event_payin_new.json":                {},
		"event_payin_update.json":             {"payin_processing"}, // its fiat leg is still processing
		"event_payin_complete.json":           {"payin_completed", "payin_settled"},
		"event_payin_complete.docs.json":      {"payin_completed", "payin_settled"},
		"event_payout_new.json":               {"offramp_created"},
		"event_payout_update.json":            {"offramp_created"},
		"event_payout_complete.json":          {"offramp_completed"},
		"event_payout_complete_refunded.json": {"offramp_refunded"},
		"event_customer_update.json":          {},
		"event_customer_update.docs.json":     {},
		"event_tos_accept.json":               {},
		"event_wallet_inbound.docs.json":      {},
	} {
		body, err := os.ReadFile(filepath.Join("../blindpay/testdata/examples", file))
		if err != nil {
			t.Fatal(err)
		}
		tr, err := bpadapter.TranslateEvent("msg_example", body)
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		if got := eventTypes(tr.Events); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", file, got, want)
		}
		for _, e := range tr.Events {
			if e.ID != "msg_example:"+e.Type {
				t.Errorf("%s: event id %q", file, e.ID)
			}
			if e.Type == partner.EventPayinCompleted && (e.Data.PayinID == "" || e.Data.Amount == "" || e.Data.Currency == "") {
				t.Errorf("%s: payin_completed without payin, amount or currency: %+v", file, e.Data)
			}
			if e.Data.Offramp != nil && e.Data.Offramp.ID == "" {
				t.Errorf("%s: offramp without its id: %+v", file, e.Data)
			}
		}
		switch file {
		case "event_customer_update.json":
			if tr.Customer == nil || tr.Customer.KYCStatus != partner.KYCApproved {
				t.Errorf("%s: %+v", file, tr.Customer)
			}
		case "event_customer_update.docs.json": // compliance_request: held for review
			if tr.Customer == nil || tr.Customer.KYCStatus != partner.KYCUnderReview {
				t.Errorf("%s: %+v", file, tr.Customer)
			}
		case "event_tos_accept.json":
			if tr.Terms == nil || tr.Terms.TosID == "" || tr.Terms.Key == "" {
				t.Errorf("%s: %+v", file, tr.Terms)
			}
		}
	}
}
