package mail

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

var fieldRef = regexp.MustCompile(`\.Fields\.([A-Za-z]+)`)

// TestEveryMessageInEveryLanguage: each kind is written in every language,
// each translation uses exactly the fields the English one does, and each
// renders with its language's <html lang>.
func TestEveryMessageInEveryLanguage(t *testing.T) {
	r, err := NewRenderer(Brand{Product: "Crebit", Support: "support@crebit.io", BaseURL: "http://localhost"})
	if err != nil {
		t.Fatal(err)
	}
	english := r.Kinds("en")
	if len(english) < 10 {
		t.Fatalf("only %d English kinds", len(english))
	}
	fields := map[string]string{"Link": "http://localhost/x", "Subject": "S", "Heading": "H", "Body": "B", "TransactionID": "txn_1",
		"AmountLocal": "R$ 1,00", "AmountUSD": "US$ 1.00", "Rate": "R$ 5,4000 por US$ 1", "Fees": "US$ 0.10",
		"Referrer": "Ana", "Amount": "US$100", "Failures": "5", "TrackingNumber": "T1", "Reason": "R"}
	for _, lang := range Languages {
		kinds := r.Kinds(lang)
		slices.Sort(kinds)
		want := slices.Clone(english)
		slices.Sort(want)
		if !slices.Equal(kinds, want) {
			t.Errorf("%s kinds %v, want %v", lang, kinds, want)
		}
		for _, kind := range english {
			if lang != "en" && refs(t, "templates/"+lang+"/"+kind+".tmpl") != refs(t, "templates/"+kind+".tmpl") {
				t.Errorf("%s/%s uses other fields than English: %s vs %s", lang, kind, refs(t, "templates/"+lang+"/"+kind+".tmpl"), refs(t, "templates/"+kind+".tmpl"))
			}
			subject, text, html, err := r.Render(kind, lang, fields)
			if err != nil {
				t.Fatal(err)
			}
			if subject == "" || text == "" || !strings.Contains(html, `<html lang="`+lang+`">`) {
				t.Errorf("%s/%s: subject %q, html lang missing", lang, kind, subject)
			}
		}
	}
	// A language it does not have is answered in English.
	if s, _, _, err := r.Render("verify_email", "fr", fields); err != nil || !strings.Contains(s, "Confirm your e-mail") {
		t.Errorf("fallback: %q %v", s, err)
	}
}

func refs(t *testing.T, path string) string {
	src, err := files.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	set := map[string]bool{}
	for _, m := range fieldRef.FindAllStringSubmatch(string(src), -1) {
		set[m[1]] = true
	}
	var out []string
	for k := range set {
		out = append(out, k)
	}
	slices.Sort(out)
	return strings.Join(out, ",")
}
