package blindpay

import (
	"testing"
)

func TestNew(t *testing.T) {
	t.Parallel()
	for name, cfg := range map[string]Config{
		"no API key":     {InstanceID: testInstance},
		"no instance":    {APIKey: testAPIKey},
		"not a URL":      {APIKey: testAPIKey, InstanceID: testInstance, BaseURL: "api.blindpay.com"},
		"another scheme": {APIKey: testAPIKey, InstanceID: testInstance, BaseURL: "ftp://api.blindpay.com"},
	} {
		if _, err := New(cfg); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	c, err := New(Config{APIKey: testAPIKey, InstanceID: testInstance})
	if err != nil {
		t.Fatal(err)
	}
	if c.base != DefaultBaseURL || c.callTO != DefaultCallTimeout || c.attempts != DefaultMaxAttempts || c.http == nil {
		t.Errorf("defaults: %+v", c)
	}
}

// The SDKs' form of the base URL ends in /v1; the paths must not repeat it.
func TestBaseURLWithV1(t *testing.T) {
	t.Parallel()
	f := setup(t)
	for _, base := range []string{f.srv.URL + "/v1", f.srv.URL + "/v1/", f.srv.URL + "/"} {
		c, err := New(Config{BaseURL: base, APIKey: testAPIKey, InstanceID: testInstance, HTTPClient: f.srv.Client()})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.GetPayout(t.Context(), "po_000000000000"); err != nil {
			t.Errorf("base %s: %v", base, err)
		}
	}
	for _, r := range f.requests() {
		if r.Path != "/v1/instances/"+testInstance+"/payouts/po_000000000000" {
			t.Errorf("path %s", r.Path)
		}
	}
}
