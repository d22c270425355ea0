package mail

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var defineRe = regexp.MustCompile(`\{\{define "([^"]+)"\}\}`)

// TestTemplateKeys is the e-mails' part of the key check (with
// internal/i18n's TestKeys for server messages and web/scripts/
// check-locales.mjs for the web app): every language's file of a kind
// defines the same templates (subject, text, html, and parts such as
// payment_update's "payment_update/<stage>/<part>") with the same fields
// (TestEveryMessageInEveryLanguage), and every kind is sent from somewhere in
// the Go sources.
func TestTemplateKeys(t *testing.T) {
	r, err := NewRenderer(Brand{})
	if err != nil {
		t.Fatal(err)
	}
	var sources strings.Builder
	err = filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.HasPrefix(path, "../mail/") {
			return err
		}
		src, err := os.ReadFile(path)
		sources.Write(src)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range r.Kinds("en") {
		want := defines(t, "templates/"+kind+".tmpl")
		for _, lang := range Languages[1:] {
			if got := defines(t, "templates/"+lang+"/"+kind+".tmpl"); !slices.Equal(got, want) {
				t.Errorf("%s/%s defines %v, English %v", lang, kind, got, want)
			}
		}
		if !strings.Contains(sources.String(), `"`+kind+`"`) {
			t.Errorf("e-mail %s is sent nowhere (no Go source names it): remove its templates", kind)
		}
	}
}

func defines(t *testing.T, path string) []string {
	src, err := files.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range defineRe.FindAllStringSubmatch(string(src), -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return out
}
