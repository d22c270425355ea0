package partner

import (
	"encoding/json"
	"strings"
)

// RedactJSON is a JSON document (a webhook body as received) with the same
// identifiers masked as Redact masks, everything else exactly as written
// (numbers, key order, spacing); a body that is not JSON comes back as it
// is.
//
// It rewrites the document in one pass instead of decoding it into maps and
// encoding it again, which was 4% of the server's own CPU at a deadline
// rush (issue 31): the document is checked whole first (json.Valid), so
// the pass only has to tell keys from values and strings from the rest.
// TestRedactJSONAgreesWithDecoding holds it to the decoding version.
func RedactJSON(raw []byte) string {
	if !json.Valid(raw) {
		return string(raw)
	}
	out, _ := (&redactor{in: raw, keys: masked, secrets: true}).rewrite()
	return out
}

// MaskJSONMembers is raw with the strings of the named members masked as
// RedactJSON masks them (at any depth, and each string of an array), and
// whether anything changed. A string already masked ("•••…") is kept as it
// is, so masking a document twice changes nothing the second time: it is
// for documents stored before a key joined the masked list, which may
// hold a mix of both forms. A document that is not JSON comes back as it is.
func MaskJSONMembers(raw []byte, keys ...string) (string, bool) {
	if !json.Valid(raw) {
		return string(raw), false
	}
	r := redactor{in: raw, keys: map[string]bool{}, keepMasked: true}
	for _, k := range keys {
		r.keys[k] = true
	}
	return r.rewrite()
}

// redactor walks a valid JSON document, masking the members named in keys
// (and, with secrets, replacing a "secret"); out is nil until a value is
// replaced, and copied is how much of in went to out. With keepMasked, a
// string that is already masked is left alone.
type redactor struct {
	in         []byte
	pos        int
	out        []byte
	copied     int
	keys       map[string]bool
	secrets    bool
	keepMasked bool
}

// rewrite walks the whole document and returns it with what was masked,
// and whether anything was (in itself when nothing was).
func (r *redactor) rewrite() (string, bool) {
	r.value()
	if r.out == nil {
		return string(r.in), false
	}
	r.out = append(r.out, r.in[r.copied:]...)
	return string(r.out), true
}

// maskable says a masked member's string is to be masked: not empty, and
// with keepMasked, not masked already.
func (r *redactor) maskable(s string) bool {
	return s != "" && !(r.keepMasked && strings.HasPrefix(s, "•••"))
}

func (r *redactor) skipSpace() {
	for r.pos < len(r.in) {
		switch r.in[r.pos] {
		case ' ', '\t', '\n', '\r':
			r.pos++
		default:
			return
		}
	}
}

// value reads the value at pos; only an object's members are masked
// (member), so a value needs no key of its own.
func (r *redactor) value() {
	r.skipSpace()
	switch r.in[r.pos] {
	case '{':
		r.pos++
		for {
			r.skipSpace()
			if r.in[r.pos] == '}' {
				r.pos++
				return
			}
			if r.in[r.pos] == ',' {
				r.pos++
				r.skipSpace()
			}
			start := r.pos
			r.skipString()
			k := keyOf(r.in[start:r.pos])
			r.skipSpace()
			r.pos++ // ':'
			r.member(k)
		}
	case '[':
		r.eachElement(r.value)
	case '"':
		r.skipString()
	default: // a number, true, false or null
		for r.pos < len(r.in) && strings.IndexByte(",}] \t\n\r", r.in[r.pos]) < 0 {
			r.pos++
		}
	}
}

// member reads an object member's value: a secret's string becomes "•••",
// a masked key's string (or each string of its array) its last 4
// characters; anything else is read for what it holds.
func (r *redactor) member(key []byte) {
	r.skipSpace()
	secret := r.secrets && string(key) == "secret"
	switch {
	case r.in[r.pos] == '"' && (secret || r.keys[string(key)]):
		start := r.pos
		r.skipString()
		s := unquote(r.in[start:r.pos])
		if !r.maskable(s) {
			return
		}
		if secret {
			r.replace(start, "•••")
		} else {
			r.replace(start, mask(s))
		}
	case r.in[r.pos] == '[' && r.keys[string(key)]:
		r.eachElement(func() {
			if r.in[r.pos] != '"' {
				r.value() // not a string: read for what it holds, as Redact does
				return
			}
			start := r.pos
			r.skipString()
			if s := unquote(r.in[start:r.pos]); r.maskable(s) {
				r.replace(start, mask(s))
			}
		})
	default:
		r.value()
	}
}

// eachElement calls fn at each element of the array that starts at pos,
// and moves pos past the array.
func (r *redactor) eachElement(fn func()) {
	r.pos++ // '['
	for {
		r.skipSpace()
		switch r.in[r.pos] {
		case ']':
			r.pos++
			return
		case ',':
			r.pos++
			continue
		}
		fn()
	}
}

// skipString moves pos past the string that starts at pos.
func (r *redactor) skipString() {
	r.pos++ // the opening quote
	for r.in[r.pos] != '"' {
		if r.in[r.pos] == '\\' {
			r.pos++
		}
		r.pos++
	}
	r.pos++
}

// replace puts s, as a JSON string, in place of in[start:pos].
func (r *redactor) replace(start int, s string) {
	if r.out == nil {
		r.out = make([]byte, 0, len(r.in))
	}
	r.out = append(r.out, r.in[r.copied:start]...)
	b, _ := json.Marshal(s) // a string always encodes
	r.out = append(r.out, b...)
	r.copied = r.pos
}

// keyOf is a key token's name, without copying it unless it has escapes
// (the lookups in masked do not copy it either).
func keyOf(tok []byte) []byte {
	if strings.IndexByte(string(tok), '\\') < 0 {
		return tok[1 : len(tok)-1]
	}
	return []byte(unquote(tok))
}

// unquote is a JSON string token's value.
func unquote(tok []byte) string {
	if strings.IndexByte(string(tok), '\\') < 0 {
		return string(tok[1 : len(tok)-1])
	}
	var s string
	_ = json.Unmarshal(tok, &s) // a valid token always decodes
	return s
}
