package config

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
)

// Secret is a string that never prints: fmt, slog and JSON all see "[redacted]".
type Secret string

// String hides the value from fmt and logs.
func (Secret) String() string { return "[redacted]" }

// GoString hides the value from %#v.
func (Secret) GoString() string { return `"[redacted]"` }

// LogValue hides the value from slog.
func (Secret) LogValue() slog.Value { return slog.StringValue("[redacted]") }

// MarshalJSON hides the value from JSON dumps of a Config.
func (Secret) MarshalJSON() ([]byte, error) { return []byte(`"[redacted]"`), nil }

// Reveal returns the secret itself, for the one place that needs it.
func (s Secret) Reveal() string { return string(s) }

// DecodeWebhookSecret decodes a Standard Webhooks secret: "whsec_" followed by
// base64 of 24 to 64 random bytes.
func DecodeWebhookSecret(s string) ([]byte, error) {
	raw, ok := strings.CutPrefix(s, "whsec_")
	if !ok {
		return nil, errors.New(`must start with "whsec_"`)
	}
	b, err := base64.StdEncoding.DecodeString(raw)
	if err != nil {
		return nil, errors.New(`must be "whsec_" followed by standard base64`)
	}
	if len(b) < 24 || len(b) > 64 {
		return nil, fmt.Errorf("must hold 24 to 64 bytes, got %d", len(b))
	}
	return b, nil
}

// DecodeEncryptionKey decodes the base64 32-byte AES-256 key.
func DecodeEncryptionKey(s string) ([]byte, error) {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, errors.New("must be standard base64")
	}
	if len(b) != 32 {
		return nil, fmt.Errorf("must decode to 32 bytes, got %d", len(b))
	}
	return b, nil
}

// secretsFile is kept in the data directory with mode 0600.
const secretsFile = "secrets.json"

type storedSecrets struct {
	WebhookSecret string `json:"webhook_secret"`
	EncryptionKey string `json:"encryption_key"`
	PartnerAPIKey string `json:"sandbox_partner_api_key"`
}

// FillSecrets gives every secret left empty a value generated once and kept
// in the data directory, so restarts keep the same keys (sealed account
// numbers stay readable, registered webhooks stay valid). Values set in the
// environment always win and are never written to disk.
func (c *Config) FillSecrets() error {
	path := filepath.Join(c.DataDir, secretsFile)
	var s storedSecrets
	b, err := os.ReadFile(path)
	switch {
	case err == nil:
		if err := json.Unmarshal(b, &s); err != nil {
			return fmt.Errorf("config: %s is not valid JSON: %v", path, err)
		}
	case errors.Is(err, os.ErrNotExist):
	default:
		return fmt.Errorf("config: read %s: %v", path, err)
	}
	changed := false
	gen := func(stored *string, n int, prefix string) {
		if *stored == "" {
			*stored = prefix + randomBase64(n)
			changed = true
		}
	}
	if c.WebhookSecret == "" {
		gen(&s.WebhookSecret, 32, "whsec_")
		c.WebhookSecret = Secret(s.WebhookSecret)
	}
	if c.EncryptionKey == "" && c.EncryptionKeyFile != "" {
		key, err := keyFromFile(c.EncryptionKeyFile)
		if err != nil {
			return err
		}
		c.EncryptionKey = key
	}
	if c.EncryptionKey == "" {
		gen(&s.EncryptionKey, 32, "")
		c.EncryptionKey = Secret(s.EncryptionKey)
	}
	if c.PartnerAPIKey == "" && c.Embedded() {
		gen(&s.PartnerAPIKey, 24, "sk_sandbox_")
		c.PartnerAPIKey = Secret(s.PartnerAPIKey)
	}
	if _, err := DecodeWebhookSecret(c.WebhookSecret.Reveal()); err != nil {
		return fmt.Errorf("config: webhook secret in %s %v", path, err)
	}
	if _, err := DecodeEncryptionKey(c.EncryptionKey.Reveal()); err != nil {
		return fmt.Errorf("config: encryption key in %s %v", path, err)
	}
	if err := os.MkdirAll(c.DataDir, 0o700); err != nil {
		return fmt.Errorf("config: create data directory: %v", err)
	}
	// Whatever existed before: the directory is the owner's alone, and so
	// is the secrets file.
	if err := os.Chmod(c.DataDir, 0o700); err != nil {
		return fmt.Errorf("config: data directory mode: %v", err)
	}
	if err := os.Chmod(path, 0o600); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("config: %s mode: %v", path, err)
	}
	if !changed {
		return nil
	}
	out, _ := json.MarshalIndent(s, "", "  ")
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, out, 0o600); err != nil {
		return fmt.Errorf("config: write %s: %v", path, err)
	}
	return os.Rename(tmp, path)
}

// keyFromFile reads the encryption key kept outside the data directory,
// creating it (mode 0600) on first start. A key file others can read is
// refused.
func keyFromFile(path string) (Secret, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		key := randomBase64(32)
		if err := os.WriteFile(path, []byte(key+"\n"), 0o600); err != nil {
			return "", fmt.Errorf("config: CREBIT_ENCRYPTION_KEY_FILE: create %s: %v", path, err)
		}
		return Secret(key), nil
	}
	if err != nil {
		return "", fmt.Errorf("config: CREBIT_ENCRYPTION_KEY_FILE: read %s: %v", path, err)
	}
	if fi, err := os.Stat(path); err == nil && fi.Mode().Perm()&0o077 != 0 {
		return "", fmt.Errorf("config: CREBIT_ENCRYPTION_KEY_FILE: %s is readable by others (mode %o); chmod 600 it", path, fi.Mode().Perm())
	}
	key := strings.TrimSpace(string(b))
	if _, err := DecodeEncryptionKey(key); err != nil {
		return "", fmt.Errorf("config: CREBIT_ENCRYPTION_KEY_FILE: %s %v", path, err)
	}
	return Secret(key), nil
}

func randomBase64(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return base64.StdEncoding.EncodeToString(b)
}
