package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"mime"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/onboarding"
)

// decodeTargets are the request types the handlers decode, each made fresh.
var decodeTargets = []struct {
	name string
	new  func() any
}{
	{"quoteRequest", func() any { return new(quoteRequest) }},
	{"rateRequest", func() any { return new(rateRequest) }},
	{"CustomerInput", func() any { return new(onboarding.CustomerInput) }},
	{"walletRequest", func() any { return new(walletRequest) }},
	{"ExternalAccountInput", func() any { return new(onboarding.ExternalAccountInput) }},
	{"paymentRequest brazil", func() any { return reflect.New(paymentRequestType(corridor.Brazil)).Interface() }},
	{"paymentRequest mexico", func() any { return reflect.New(paymentRequestType(corridor.Mexico)).Interface() }},
	{"triggerRequest", func() any { return new(triggerRequest) }},
	{"subscribeRequest", func() any { return new(subscribeRequest) }},
	{"referralRequest", func() any { return new(referralRequest) }},
	{"consentRequest", func() any { return new(consentRequest) }},
}

// FuzzDecodeJSON feeds arbitrary bodies and Content-Types to decodeJSON for
// every request type. Whatever arrives, decodeJSON must not panic, must
// refuse with a client error a person can read, must accept only a single
// well-formed JSON object (or null), and must never put anything but a JSON
// number's text into a jsonNumber field. The seed corpus is in
// testdata/fuzz/FuzzDecodeJSON.
func FuzzDecodeJSON(f *testing.F) {
	f.Add([]byte(`{"symbol":"USDC/BRL","amount_usd":100}`), "application/json")
	f.Add([]byte(`{"amount_brl":542.23,"quote_id":"qt_x"}`), "")
	f.Fuzz(func(t *testing.T, body []byte, contentType string) {
		for _, target := range decodeTargets {
			dst := target.new()
			r := httptest.NewRequest("POST", "/api/fuzz", bytes.NewReader(body))
			if contentType != "" {
				r.Header.Set("Content-Type", contentType)
			}
			err := decodeJSON(httptest.NewRecorder(), r, dst)
			checkNumbers(t, target.name, reflect.ValueOf(dst).Elem())
			if err != nil {
				checkClientError(t, target.name, err)
				continue
			}
			if !jsonContentType(r.Header.Get("Content-Type")) {
				t.Fatalf("%s: accepted Content-Type %q", target.name, contentType)
			}
			if !json.Valid(body) {
				t.Fatalf("%s: accepted a body that is not one JSON value: %q", target.name, body)
			}
			if trimmed := bytes.TrimSpace(body); trimmed[0] != '{' && string(trimmed) != "null" {
				t.Fatalf("%s: accepted a body that is not an object: %q", target.name, body)
			}
		}
	})
}

// checkClientError requires an *apperr.Error with a 4xx status and a
// message that names the problem without Go internals.
func checkClientError(t *testing.T, target string, err error) {
	t.Helper()
	var ae *apperr.Error
	if !errors.As(err, &ae) {
		t.Fatalf("%s: error %T %v is not an *apperr.Error", target, err, err)
	}
	if s := apperr.Status(err); s < 400 || s > 499 {
		t.Fatalf("%s: status %d for %v", target, s, err)
	}
	msg := apperr.Message(err)
	if strings.TrimSpace(msg) == "" || msg == "internal error" {
		t.Fatalf("%s: message %q", target, msg)
	}
	for _, internal := range []string{"httpapi.", "payments.", "onboarding.", "reflect", "<nil>", "%!"} {
		if strings.Contains(msg, internal) {
			t.Fatalf("%s: message %q shows Go internals (%q)", target, msg, internal)
		}
	}
}

var jsonNumberType = reflect.TypeFor[jsonNumber]()

// checkNumbers walks v and requires every jsonNumber to be empty or the
// exact text of one JSON number (so it starts with '-' or a digit).
func checkNumbers(t *testing.T, target string, v reflect.Value) {
	t.Helper()
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			checkNumbers(t, target, v.Elem())
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			checkNumbers(t, target, v.Field(i))
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			checkNumbers(t, target, v.Index(i))
		}
	case reflect.String:
		if v.Type() != jsonNumberType || v.Len() == 0 {
			return
		}
		n := v.String()
		if !(n[0] == '-' || n[0] >= '0' && n[0] <= '9') {
			t.Fatalf("%s: jsonNumber holds %q", target, n)
		}
		var num json.Number
		if err := json.Unmarshal([]byte(n), &num); err != nil || string(num) != n {
			t.Fatalf("%s: jsonNumber holds %q, which is not one JSON number (%v)", target, n, err)
		}
	}
}

// jsonContentType mirrors what decodeJSON promises to accept: no
// Content-Type, application/json, or a +json type.
func jsonContentType(ct string) bool {
	if ct == "" {
		return true
	}
	mt, _, err := mime.ParseMediaType(ct)
	return err == nil && (mt == "application/json" || strings.HasSuffix(mt, "+json"))
}
