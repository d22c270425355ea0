// Package seal protects the few values Crebit must keep but must not expose:
// bank account numbers and tax ids are sealed with AES-256-GCM at rest, and
// looked up by a keyed hash (HMAC-SHA256) so equality checks never need the
// plain value. Both keys are derived from one configured secret with HKDF.
package seal

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
)

// Sealer seals and hashes with keys derived from one master key.
type Sealer struct {
	aead cipher.AEAD
	mac  []byte
}

// New derives the encryption and hashing keys from a 32-byte master key.
func New(master []byte) (*Sealer, error) {
	if len(master) != 32 {
		return nil, errors.New("seal: master key must be 32 bytes")
	}
	encKey, err := hkdf.Key(sha256.New, master, nil, "crebit seal v1 aes-256-gcm", 32)
	if err != nil {
		return nil, err
	}
	macKey, err := hkdf.Key(sha256.New, master, nil, "crebit seal v1 hmac-sha256", 32)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(encKey)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Sealer{aead: aead, mac: macKey}, nil
}

// Seal encrypts plain with a random nonce; the result is base64 text.
func (s *Sealer) Seal(plain string) string {
	return base64.StdEncoding.EncodeToString(s.SealBytes([]byte(plain)))
}

// Open decrypts a value made by Seal with the same master key.
func (s *Sealer) Open(sealed string) (string, error) {
	b, err := base64.StdEncoding.DecodeString(sealed)
	if err != nil {
		return "", errMalformed
	}
	plain, err := s.OpenBytes(b)
	return string(plain), err
}

var errMalformed = errors.New("seal: malformed sealed value")

// SealBytes is Seal for a binary column: the nonce and the ciphertext as
// they are, a third smaller than Seal's text and without its encoding
// (the local mailbox stores a receipt's PDF so).
func (s *Sealer) SealBytes(plain []byte) []byte {
	n := s.aead.NonceSize()
	out := make([]byte, n, n+len(plain)+s.aead.Overhead())
	if _, err := rand.Read(out); err != nil {
		panic(err)
	}
	return s.aead.Seal(out, out, plain, nil)
}

// OpenBytes decrypts a value made by SealBytes with the same master key.
func (s *Sealer) OpenBytes(sealed []byte) ([]byte, error) {
	n := s.aead.NonceSize()
	if len(sealed) < n {
		return nil, errMalformed
	}
	plain, err := s.aead.Open(nil, sealed[:n], sealed[n:], nil)
	if err != nil {
		return nil, errors.New("seal: value does not open with this key")
	}
	return plain, nil
}

// Hash is a keyed hash of value for purpose (e.g. "cpf"), stable across
// restarts, so equal values can be found without storing them.
func (s *Sealer) Hash(purpose, value string) string {
	m := hmac.New(sha256.New, s.mac)
	m.Write([]byte(purpose))
	m.Write([]byte{0})
	m.Write([]byte(value))
	return hex.EncodeToString(m.Sum(nil))
}
