package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestDefaults(t *testing.T) {
	t.Parallel()
	c, err := Load(nil, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":8080" || c.DataDir != "./data" || c.Partner != PartnerBlindPaySandbox || c.Postgres() ||
		c.QuoteTTL != 300*time.Second || c.MaxPaymentUSD.String() != "100000.00" || c.Sandbox.FeeBps != 50 {
		t.Fatalf("defaults: %+v", c)
	}
}

func TestFlagWinsOverEnvironment(t *testing.T) {
	t.Parallel()
	c, err := Load([]string{"--addr", "127.0.0.1:9000", "--quote-ttl", "20s"},
		env(map[string]string{"CREBIT_ADDR": ":7000", "CREBIT_QUOTE_TTL": "60s", "CREBIT_DATA_DIR": "/tmp/x"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:9000" || c.QuoteTTL != 20*time.Second || c.DataDir != "/tmp/x" {
		t.Fatalf("%+v", c)
	}
}

func TestInvalidConfigurationIsOneClearLine(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"CREBIT_ADDR":                  "8080",
		"CREBIT_DATABASE_URL":          "mysql://x",
		"CREBIT_BASE_URL":              "localhost:8080",
		"CREBIT_PARTNER":               "acme",
		"CREBIT_WEBHOOK_SECRET":        "plain",
		"CREBIT_ENCRYPTION_KEY":        "c2hvcnQ=",
		"CREBIT_LOG_LEVEL":             "loud",
		"CREBIT_LOG_FORMAT":            "xml",
		"CREBIT_QUOTE_TTL":             "forever",
		"CREBIT_MAX_PAYMENT_USD":       "-5",
		"CREBIT_SANDBOX_BRL_QUOTATION": "abc",
		"CREBIT_SANDBOX_FEE_BPS":       "9999",
		"CREBIT_SANDBOX_FAIL_QUOTES":   "maybe",
		"CREBIT_EMBEDDINGS_URL":        "ftp://x",
	}
	for key, value := range cases {
		_, err := Load(nil, env(map[string]string{key: value}))
		if err == nil {
			t.Errorf("%s=%q accepted", key, value)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "config: "+key+" ") || strings.Contains(msg, "\n") {
			t.Errorf("%s: message %q should be one line naming the variable", key, msg)
		}
	}
	_, err := Load(nil, env(map[string]string{"CREBIT_PARTNER": "blindpay"}))
	if err == nil || !strings.Contains(err.Error(), "CREBIT_PARTNER_API_KEY") || !strings.Contains(err.Error(), "more problem") {
		t.Fatalf("blindpay partner without key, instance, secret: %v", err)
	}
	// The invented partner API is gone: its names say so, and what to use.
	for _, old := range []string{"sandbox", "http"} {
		_, err := Load(nil, env(map[string]string{"CREBIT_PARTNER": old}))
		if err == nil || !strings.Contains(err.Error(), "was removed") || !strings.Contains(err.Error(), "blindpay-sandbox") {
			t.Errorf("CREBIT_PARTNER=%s: %v", old, err)
		}
	}
	if _, err := Load([]string{"--bogus"}, env(nil)); err == nil {
		t.Fatal("unknown flag accepted")
	}
}

func TestSecretsAreGeneratedKeptAndNeverPrinted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	c, _ := Load(nil, env(map[string]string{"CREBIT_DATA_DIR": dir}))
	if err := c.FillSecrets(); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(c.WebhookSecret.Reveal(), "whsec_") || c.EncryptionKey == "" || c.PartnerAPIKey == "" {
		t.Fatalf("secrets not generated: %#v", c)
	}
	st, err := os.Stat(filepath.Join(dir, "secrets.json"))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("secrets file: %v %v", st, err)
	}
	again, _ := Load(nil, env(map[string]string{"CREBIT_DATA_DIR": dir}))
	again.FillSecrets()
	if again.WebhookSecret != c.WebhookSecret || again.EncryptionKey != c.EncryptionKey {
		t.Fatal("a restart generated new secrets")
	}
	var logged bytes.Buffer
	slog.New(slog.NewTextHandler(&logged, nil)).Info("config", "cfg", c, "secret", c.WebhookSecret)
	js, _ := json.Marshal(c)
	for _, out := range []string{fmt.Sprintf("%v %+v %#v %s", c, c, c, c.WebhookSecret), logged.String(), string(js)} {
		if strings.Contains(out, c.WebhookSecret.Reveal()) || strings.Contains(out, c.EncryptionKey.Reveal()) {
			t.Fatalf("a secret was printed: %s", out)
		}
	}
	// A secret set in the environment wins and is not written to disk.
	set, _ := Load(nil, env(map[string]string{"CREBIT_DATA_DIR": t.TempDir(), "CREBIT_WEBHOOK_SECRET": "whsec_" + strings.Repeat("QUJD", 8)}))
	set.FillSecrets()
	b, _ := os.ReadFile(filepath.Join(set.DataDir, "secrets.json"))
	if set.WebhookSecret.Reveal() != "whsec_"+strings.Repeat("QUJD", 8) || strings.Contains(string(b), "QUJDQUJD") {
		t.Fatalf("environment secret: %s / file %s", set.WebhookSecret.Reveal(), b)
	}
}

func TestSandboxOnAPublicAddressNeedsConsent(t *testing.T) {
	t.Parallel()
	env := func(base, allow string) func(string) string {
		return func(k string) string {
			switch k {
			case "CREBIT_BASE_URL":
				return base
			case "CREBIT_ALLOW_SANDBOX":
				return allow
			}
			return ""
		}
	}
	for _, tc := range []struct {
		base, allow string
		ok          bool
	}{
		{"https://pay.crebit.example", "", false},
		{"https://pay.crebit.example", "1", true},
		{"https://localhost:8443", "", true},
		{"https://127.0.0.1", "", true},
		{"http://pay.crebit.example", "", false}, // any scheme: http is no safer
		{"http://pay.crebit.example", "1", true},
		{"http://10.0.0.5:8080", "", false},
		{"http://[::1]:8080", "", true},
		{"http://app.localhost", "", true},
		{"", "", true},
	} {
		_, err := Load(nil, env(tc.base, tc.allow))
		if (err == nil) != tc.ok {
			t.Errorf("base %q allow %q: err %v, want ok %v", tc.base, tc.allow, err, tc.ok)
		}
	}
}
