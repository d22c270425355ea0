package partner

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// redactByDecoding is what RedactJSON did before it rewrote in one pass:
// decode into maps (numbers as written), redact, encode.
func redactByDecoding(raw []byte) (any, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil, false
	}
	return redact(doc), true
}

func decodeNumbers(t *testing.T, s string) any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("RedactJSON gave JSON that does not decode: %v\n%s", err, s)
	}
	return doc
}

// TestRedactJSONAgreesWithDecoding: for documents of every shape (masked
// keys at any depth, as strings, arrays, numbers, objects; escapes in keys
// and values; spacing), the one-pass rewrite means what decoding, masking
// and encoding again meant, and keeps the rest byte for byte.
func TestRedactJSONAgreesWithDecoding(t *testing.T) {
	t.Parallel()
	docs := []string{
		`{"webhook_event":"payin.complete","sender_amount":1000000,"total_fee_amount":1.50,"payer_rules":{"pix_allowed_tax_ids":["52998224725"]},"tracking_transaction":{"sender_tax_id":"52998224725","sender_account_number":"12345678","step":"completed"},"tax_id":"BOXW310820HNERXN09"}`,
		"{ \"tax_id\" : \"529.982.247-25\" ,\n\t\"secret\":\"whsec_abc\", \"n\": -1.5e+3 }",
		`{"tax\u005fid":"52998224725","note":"\"tax_id\":\"52998224725\""}`,
		`{"tax_id":"Łucja Nguyễn \u00e9\\\"x","phone_number":"","date_of_birth":null,"account_number":1234567890123}`,
		`{"pix_allowed_tax_ids":["111",2,"",{"tax_id":"999999"},["888888"]],"list":[{"recipient_tax_id":"12-3456789"},"tax_id",[]]}`,
		`[{"tax_id":"1234567"},"tax_id",{"x":{"y":{"recipient_account_number":"000123456789"}}}]`,
		`"just a string"`, `12`, `null`, `{}`, `[]`, `{"secret":{"secret":"inner"}}`,
	}
	// Documents made at random from the same pieces.
	rng := rand.New(rand.NewPCG(31, 2026))
	keys := []string{"tax_id", "secret", "pix_allowed_tax_ids", "sender_tax_id", "recipient_account_number", "amount", "note", "tax\\u005fid", "a"}
	var gen func(depth int) string
	gen = func(depth int) string {
		switch n := rng.IntN(8); {
		case depth > 3 || n < 3:
			return []string{`"52998224725"`, `""`, `12.50`, `true`, `null`, `"a\"b\\c"`, `"\u00e9t\u00e9 2026"`}[rng.IntN(7)]
		case n < 6:
			var b strings.Builder
			b.WriteString("{")
			for i := range rng.IntN(4) {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(`"` + keys[rng.IntN(len(keys))] + `" :` + gen(depth+1))
			}
			return b.String() + "}"
		default:
			var b strings.Builder
			b.WriteString("[")
			for i := range rng.IntN(4) {
				if i > 0 {
					b.WriteString(",")
				}
				b.WriteString(gen(depth + 1))
			}
			return b.String() + "]"
		}
	}
	for range 2000 {
		docs = append(docs, gen(0))
	}
	for _, doc := range docs {
		want, ok := redactByDecoding([]byte(doc))
		if !ok {
			t.Fatalf("the test made a document that is not JSON: %s", doc)
		}
		got := RedactJSON([]byte(doc))
		if g := decodeNumbers(t, got); !reflect.DeepEqual(g, want) && !duplicateKeys(doc) {
			t.Fatalf("RedactJSON(%s)\n= %s\nmeans %#v\nwant %#v", doc, got, g, want)
		}
		// A value the decoding version masked is not left in the text,
		// escaped or not.
		wantText, _ := json.Marshal(want)
		for _, secret := range []string{"52998224725", "whsec_abc", "000123456789", "12-3456789", "inner"} {
			if !strings.Contains(string(wantText), secret) && strings.Contains(got, secret) && !duplicateKeys(doc) {
				t.Fatalf("%s left in %s", secret, got)
			}
		}
	}
	for _, notJSON := range []string{"not json", `{"tax_id":"1234567"`, `{"a":1} x`, ""} {
		if got := RedactJSON([]byte(notJSON)); got != notJSON {
			t.Errorf("a body that is not JSON: %q became %q", notJSON, got)
		}
	}
	// Nothing to mask: the body as it came, spacing and all.
	same := "{ \"amount\" : 1.50,\n \"note\": \"tax_id\" }"
	if got := RedactJSON([]byte(same)); got != same {
		t.Errorf("a body with nothing to mask changed: %q", got)
	}
}

// duplicateKeys reports whether a document repeats a key in one object:
// decoding keeps only the last, the rewrite masks both.
func duplicateKeys(doc string) bool {
	dec := json.NewDecoder(strings.NewReader(doc))
	type frame struct {
		obj  bool
		seen map[string]bool
		key  bool // the next string token is a key
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{', '[':
				if top != nil && top.obj {
					top.key = true
				}
				stack = append(stack, &frame{obj: v == '{', seen: map[string]bool{}, key: v == '{'})
			default:
				stack = stack[:len(stack)-1]
			}
		case string:
			if top != nil && top.obj && top.key {
				if top.seen[v] {
					return true
				}
				top.seen[v] = true
				top.key = false
				continue
			}
			if top != nil && top.obj {
				top.key = true
			}
		default:
			if top != nil && top.obj {
				top.key = true
			}
		}
	}
}

func FuzzRedactJSON(f *testing.F) {
	f.Add([]byte(`{"tax_id":"52998224725","a":[1,"x"],"secret":"s"}`))
	f.Add([]byte(`{"pix_allowed_tax_ids":["1","2"],"t":{"sender_tax_id":"\u0031234"}}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		got := RedactJSON(raw)
		want, ok := redactByDecoding(raw)
		if !ok || !json.Valid(raw) {
			if got != string(raw) {
				t.Fatalf("not JSON, changed: %q", got)
			}
			return
		}
		if g := decodeNumbers(t, got); !reflect.DeepEqual(g, want) && !duplicateKeys(string(raw)) {
			t.Fatalf("RedactJSON(%s) = %s", raw, got)
		}
	})
}

// TestMaskJSONMembers: only the named members are masked (strings and the
// strings of arrays, at any depth), a value already masked is kept, so a
// second pass changes nothing, and the rest stays byte for byte.
func TestMaskJSONMembers(t *testing.T) {
	t.Parallel()
	keys := []string{"sender_account_number", "recipient_tax_id", "recipient_account_number"}
	for _, c := range []struct{ in, want string }{
		{`{"webhook_event":"payout.complete","tracking_transaction":{"sender_account_number":"12345678","sender_tax_id":"52998224725"},` +
			`"tracking_payment":{"recipient_tax_id":"12-3456789", "recipient_account_number" : "000123456789"},"tax_id":"BOXW310820HNERXN09","secret":"s"}`,
			`{"webhook_event":"payout.complete","tracking_transaction":{"sender_account_number":"•••5678","sender_tax_id":"52998224725"},` +
				`"tracking_payment":{"recipient_tax_id":"•••6789", "recipient_account_number" : "•••6789"},"tax_id":"BOXW310820HNERXN09","secret":"s"}`},
		// Already masked (stored after the keys joined the list), short or empty.
		{`{"recipient_tax_id":"•••6789","sender_account_number":"•••12","recipient_account_number":""}`, ""},
		{`{"recipient\u005ftax_id":"123456789","list":[{"sender_account_number":["11112222","•••3333",7]}]}`,
			`{"recipient\u005ftax_id":"•••6789","list":[{"sender_account_number":["•••2222","•••3333",7]}]}`},
		{`not json {"recipient_tax_id":"123456789"}`, ""},
		{`{"sender_account_number":12345678}`, ""},
	} {
		got, changed := MaskJSONMembers([]byte(c.in), keys...)
		want := c.want
		if want == "" {
			want = c.in
		}
		if got != want || changed != (c.want != "") {
			t.Errorf("MaskJSONMembers(%s)\n = %s, %v\nwant %s, %v", c.in, got, changed, want, c.want != "")
		}
		if again, changed := MaskJSONMembers([]byte(got), keys...); again != got || changed {
			t.Errorf("a second pass over %s changed it: %s", got, again)
		}
	}
}
