package mail

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
)

//go:embed templates/*.tmpl templates/*/*.tmpl
var files embed.FS

// Languages are the languages every message is written in: English in
// templates/<kind>.tmpl, the others in templates/<language>/<kind>.tmpl.
var Languages = []string{"en", "pt-BR", "es-MX"}

// Brand is what every message says about who sent it.
type Brand struct {
	Product string // "Crebit"
	Support string // support address
	BaseURL string // site root, for links
}

// Renderer turns a message kind, a language and the message's data into
// subject, text and HTML. Each template file defines "subject", "text" and
// "html"; the text parts are run with text/template and the HTML part with
// html/template, so the HTML is escaped by context.
type Renderer struct {
	sets  map[string]templateSet
	brand Brand
}

type templateSet struct {
	text *texttemplate.Template
	html *htmltemplate.Template
}

// NewRenderer parses every embedded template of every language.
func NewRenderer(b Brand) (*Renderer, error) {
	r := &Renderer{brand: b, sets: map[string]templateSet{}}
	for _, lang := range Languages {
		dir := "templates"
		if lang != "en" {
			dir += "/" + lang
		}
		set := templateSet{text: texttemplate.New(""), html: htmltemplate.New("")}
		entries, err := files.ReadDir(dir)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if e.IsDir() {
				continue
			}
			src, err := files.ReadFile(dir + "/" + e.Name())
			if err != nil {
				return nil, err
			}
			kind := strings.TrimSuffix(e.Name(), ".tmpl")
			wrapped := wrap(kind, string(src))
			if _, err := set.text.Parse(wrapped); err != nil {
				return nil, fmt.Errorf("mail template %s/%s: %w", lang, kind, err)
			}
			if _, err := set.html.Parse(wrapped); err != nil {
				return nil, fmt.Errorf("mail template %s/%s: %w", lang, kind, err)
			}
		}
		r.sets[lang] = set
	}
	return r, nil
}

// wrap prefixes a file's "subject", "text" and "html" definitions with its
// kind, so all files share one template set.
func wrap(kind, src string) string {
	for _, part := range []string{"subject", "text", "html", "layout"} {
		src = strings.ReplaceAll(src, `{{define "`+part+`"}}`, `{{define "`+kind+`.`+part+`"}}`)
	}
	return src
}

// Data is what a template sees: the brand and the message's own fields.
type Data struct {
	Brand
	Fields map[string]string
}

// Render renders kind in lang (English for a language it does not have)
// with fields.
func (r *Renderer) Render(kind, lang string, fields map[string]string) (subject, text, html string, err error) {
	set, ok := r.sets[lang]
	if !ok {
		set = r.sets["en"]
	}
	d := Data{Brand: r.brand, Fields: fields}
	var sb, tb, hb bytes.Buffer
	if err = set.text.ExecuteTemplate(&sb, kind+".subject", d); err != nil {
		return "", "", "", fmt.Errorf("render %s subject: %w", kind, err)
	}
	if err = set.text.ExecuteTemplate(&tb, kind+".text", d); err != nil {
		return "", "", "", fmt.Errorf("render %s text: %w", kind, err)
	}
	if err = set.html.ExecuteTemplate(&hb, kind+".html", d); err != nil {
		return "", "", "", fmt.Errorf("render %s html: %w", kind, err)
	}
	return strings.TrimSpace(sb.String()), strings.TrimSpace(tb.String()) + "\n", hb.String(), nil
}

// Kinds lists the message kinds that have a template in lang.
func (r *Renderer) Kinds(lang string) []string {
	var out []string
	set, ok := r.sets[lang]
	if !ok {
		return nil
	}
	for _, t := range set.text.Templates() {
		if k, ok := strings.CutSuffix(t.Name(), ".subject"); ok {
			out = append(out, k)
		}
	}
	return out
}
