package mail

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
)

//go:embed templates/*.tmpl
var files embed.FS

// Brand is what every message says about who sent it.
type Brand struct {
	Product string // "Crebit"
	Support string // support address
	BaseURL string // site root, for links
}

// Renderer turns a message kind and its data into subject, text and HTML.
// Each template file defines "subject", "text" and "html"; the text parts
// are run with text/template and the HTML part with html/template, so the
// HTML is escaped by context.
type Renderer struct {
	text  *texttemplate.Template
	html  *htmltemplate.Template
	brand Brand
}

// NewRenderer parses every embedded template.
func NewRenderer(b Brand) (*Renderer, error) {
	r := &Renderer{brand: b, text: texttemplate.New(""), html: htmltemplate.New("")}
	entries, err := files.ReadDir("templates")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		src, err := files.ReadFile("templates/" + e.Name())
		if err != nil {
			return nil, err
		}
		kind := strings.TrimSuffix(e.Name(), ".tmpl")
		wrapped := wrap(kind, string(src))
		if _, err := r.text.Parse(wrapped); err != nil {
			return nil, fmt.Errorf("mail template %s: %w", kind, err)
		}
		if _, err := r.html.Parse(wrapped); err != nil {
			return nil, fmt.Errorf("mail template %s: %w", kind, err)
		}
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

// Render renders kind with fields.
func (r *Renderer) Render(kind string, fields map[string]string) (subject, text, html string, err error) {
	d := Data{Brand: r.brand, Fields: fields}
	var sb, tb, hb bytes.Buffer
	if err = r.text.ExecuteTemplate(&sb, kind+".subject", d); err != nil {
		return "", "", "", fmt.Errorf("render %s subject: %w", kind, err)
	}
	if err = r.text.ExecuteTemplate(&tb, kind+".text", d); err != nil {
		return "", "", "", fmt.Errorf("render %s text: %w", kind, err)
	}
	if err = r.html.ExecuteTemplate(&hb, kind+".html", d); err != nil {
		return "", "", "", fmt.Errorf("render %s html: %w", kind, err)
	}
	return strings.TrimSpace(sb.String()), strings.TrimSpace(tb.String()) + "\n", hb.String(), nil
}

// Kinds lists the message kinds that have a template.
func (r *Renderer) Kinds() []string {
	var out []string
	for _, t := range r.text.Templates() {
		if k, ok := strings.CutSuffix(t.Name(), ".subject"); ok {
			out = append(out, k)
		}
	}
	return out
}
