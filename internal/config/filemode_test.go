package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSecretsAreOwnerOnlyWhateverExistedBefore(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	c := Config{DataDir: dir, Partner: PartnerBlindPaySandbox}
	if err := c.FillSecrets(); err != nil {
		t.Fatal(err)
	}
	secrets := filepath.Join(dir, secretsFile)
	os.Chmod(secrets, 0o644) // as an old version or a careless copy left it
	c2 := Config{DataDir: dir, Partner: PartnerBlindPaySandbox}
	if err := c2.FillSecrets(); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]os.FileMode{dir: 0o700, secrets: 0o600} {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s mode %o, want %o", path, fi.Mode().Perm(), want)
		}
	}
}

func TestEncryptionKeyFile(t *testing.T) {
	t.Parallel()
	keyPath := filepath.Join(t.TempDir(), "crebit.key")
	c := Config{DataDir: t.TempDir(), Partner: PartnerBlindPaySandbox, Reliability: Reliability{EncryptionKeyFile: keyPath}}
	if err := c.FillSecrets(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(c.DataDir, secretsFile))
	if err != nil {
		t.Fatal(err)
	}
	if c.EncryptionKey == "" || string(b) == "" || strings.Contains(string(b), c.EncryptionKey.Reveal()) {
		t.Fatal("the key was written next to the data, or not loaded")
	}
	again := Config{DataDir: c.DataDir, Partner: PartnerBlindPaySandbox, Reliability: Reliability{EncryptionKeyFile: keyPath}}
	if err := again.FillSecrets(); err != nil || again.EncryptionKey != c.EncryptionKey {
		t.Fatalf("second start: %v, same key %v", err, again.EncryptionKey == c.EncryptionKey)
	}
	os.Chmod(keyPath, 0o644)
	worse := Config{DataDir: c.DataDir, Partner: PartnerBlindPaySandbox, Reliability: Reliability{EncryptionKeyFile: keyPath}}
	if err := worse.FillSecrets(); err == nil {
		t.Fatal("a world-readable key file was accepted")
	}
}
