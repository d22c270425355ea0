package httpx

import (
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/apperr"
)

type failingBody struct{}

func (failingBody) Read([]byte) (int, error) {
	return 0, errors.New("read tcp 127.0.0.1:8080->127.0.0.1:51234: i/o timeout")
}
func (failingBody) Close() error { return nil }

func TestTransportErrorTextNeverReachesTheClient(t *testing.T) {
	t.Parallel()
	r := httptest.NewRequest("POST", "/api/create-quote", nil)
	r.Body = failingBody{}
	var dst struct{ Symbol string }
	err := DecodeJSON(httptest.NewRecorder(), r, &dst)
	if msg := apperr.Message(err); strings.Contains(msg, "127.0.0.1") || strings.Contains(msg, "tcp") || msg == "" {
		t.Fatalf("client sees %q", msg)
	}
}

func TestDuplicateKeysAreRefused(t *testing.T) {
	t.Parallel()
	type inner struct {
		Value string `json:"value"`
	}
	type body struct {
		Email string  `json:"email"`
		Docs  []inner `json:"docs"`
		One   *inner  `json:"one"`
	}
	tests := []struct {
		json, dup string
	}{
		{`{"email":"a@b.co","email":"c@d.co"}`, "email"},
		{`{"docs":[{"value":"1","value":"2"}]}`, "value"},
		{`{"one":{"value":"1"},"email":"x","one":{"value":"2"}}`, "one"},
		{`{"one":{"value":"1"},"docs":[{"value":"1"},{"value":"2"}],"email":"x"}`, ""},
	}
	for _, tc := range tests {
		r := httptest.NewRequest("POST", "/", strings.NewReader(tc.json))
		var dst body
		err := DecodeJSON(httptest.NewRecorder(), r, &dst)
		if tc.dup == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.json, err)
			}
			continue
		}
		code, field := apperr.Public(err)
		if code != apperr.InvalidJSON || field != tc.dup || !strings.Contains(apperr.Message(err), "more than once") {
			t.Errorf("%s: %v (code %s field %s), want a duplicate %q refusal", tc.json, err, code, field, tc.dup)
		}
	}
}
