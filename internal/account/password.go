// Package account holds the rules of Crebit accounts that need no database:
// the password policy, argon2id hashing with parameters stored per hash,
// and random single-use tokens stored only as hashes.
package account

import (
	"bufio"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/trustelem/zxcvbn"
	"github.com/trustelem/zxcvbn/match"
	"golang.org/x/crypto/argon2"
)

// Password length limits, in characters.
const (
	MinPassword = 12
	MaxPassword = 128
)

// Reasons a password is refused.
var (
	ErrPasswordShort    = errors.New("password too short")
	ErrPasswordLong     = errors.New("password too long")
	ErrPasswordCommon   = errors.New("password too common")
	ErrPasswordHasEmail = errors.New("password contains e-mail")
)

// WeakPasswordError refuses a password a strength estimator (zxcvbn)
// expects to be guessed in under 10^10 tries; Reason names the pattern that
// makes it guessable, so the person knows what to change.
type WeakPasswordError struct{ Reason WeakReason }

func (e *WeakPasswordError) Error() string { return "password too weak: " + string(e.Reason) }

// WeakReason is the pattern that made a password guessable.
type WeakReason string

// The patterns, from zxcvbn's matches.
const (
	WeakRepeat   WeakReason = "repeat"   // aaaaaaaaaaaa, twelve spaces, passwordpassword
	WeakSequence WeakReason = "sequence" // abcdefghijkl, 123456789012
	WeakKeyboard WeakReason = "keyboard" // qwertyuiopasdfgh, 1qaz2wsx3edc
	WeakDate     WeakReason = "date"     // digits that read as dates and years
	WeakCommon   WeakReason = "common"   // common words, names and passwords
	WeakOther    WeakReason = "other"    // short or predictable in another way
)

// minScore is the strength a password must reach: zxcvbn's top score (4,
// "very unguessable"), at least 10^10 guesses.
const minScore = 4

// common-passwords.txt is the password frequency list of zxcvbn (MIT,
// github.com/trustelem/zxcvbn v1.0.1, data/passwords.txt): about 47,000
// passwords, most common first.
//
//go:embed common-passwords.txt
var commonList string

var (
	commonOnce sync.Once
	common     map[string]struct{}
)

func isCommon(p string) bool {
	commonOnce.Do(func() {
		common = make(map[string]struct{}, 50000)
		sc := bufio.NewScanner(strings.NewReader(commonList))
		for sc.Scan() {
			if w := strings.TrimSpace(sc.Text()); w != "" {
				common[w] = struct{}{}
			}
		}
	})
	_, ok := common[strings.ToLower(p)]
	return ok
}

// CheckPassword applies the policy: 12-128 characters of any kind, not in
// the common list, not containing the e-mail's local part, and hard to
// guess by zxcvbn's estimate (minScore).
func CheckPassword(password, email string) error {
	n := utf8.RuneCountInString(password)
	switch {
	case n < MinPassword:
		return ErrPasswordShort
	case n > MaxPassword:
		return ErrPasswordLong
	case isCommon(password):
		return ErrPasswordCommon
	}
	local, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(email)), "@")
	if len(local) >= 3 && strings.Contains(strings.ToLower(password), local) {
		return ErrPasswordHasEmail
	}
	inputs := []string{"crebit"}
	if local != "" {
		inputs = append(inputs, local)
	}
	if r := zxcvbn.PasswordStrength(password, inputs); r.Score < minScore {
		return &WeakPasswordError{Reason: weakReason(r.Sequence)}
	}
	return nil
}

// weakReason names the longest guessable pattern zxcvbn found.
func weakReason(seq []*match.Match) WeakReason {
	reason, longest := WeakOther, 0
	for _, m := range seq {
		var r WeakReason
		switch m.Pattern {
		case "repeat":
			r = WeakRepeat
		case "sequence":
			r = WeakSequence
		case "spatial":
			r = WeakKeyboard
		case "date", "regex":
			r = WeakDate
		case "dictionary":
			r = WeakCommon
		default:
			continue
		}
		if n := utf8.RuneCountInString(m.Token); n > longest {
			reason, longest = r, n
		}
	}
	return reason
}

// Params are argon2id's cost parameters.
type Params struct {
	Memory  uint32 // KiB
	Time    uint32
	Threads uint8
}

// Current are OWASP's argon2id parameters (m=19 MiB, t=2, p=1). Raising
// them upgrades every older hash at its owner's next sign-in.
var Current = Params{Memory: 19 * 1024, Time: 2, Threads: 1}

const saltLen, keyLen = 16, 32

// Hash returns a PHC string: $argon2id$v=19$m=...,t=...,p=...$salt$key.
func Hash(password string, p Params) string {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		panic(err)
	}
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, keyLen)
	b64 := base64.RawStdEncoding.EncodeToString
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads, b64(salt), b64(key))
}

// Verify reports whether password matches encoded, and whether the hash
// was made with other parameters than want (so it should be redone).
func Verify(password, encoded string, want Params) (ok, rehash bool, err error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, false, errors.New("account: not an argon2id hash")
	}
	var version int
	var p Params
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, false, errors.New("account: unsupported argon2 version")
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil {
		return false, false, errors.New("account: bad argon2id parameters")
	}
	salt, err1 := base64.RawStdEncoding.DecodeString(parts[4])
	key, err2 := base64.RawStdEncoding.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(key) == 0 {
		return false, false, errors.New("account: bad argon2id encoding")
	}
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(key)))
	ok = subtle.ConstantTimeCompare(got, key) == 1
	return ok, ok && p != want, nil
}

// NewToken returns a random token (256 bits, URL-safe) and its stored hash.
func NewToken() (token, hash string) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, TokenHash(token)
}

// TokenHash is the hex SHA-256 under which a token is stored; lookups by
// hash make the comparison independent of the token's bytes.
func TokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
