package mail

import (
	"bytes"
	"sync"
)

// parts are the embedded templates of every language, parsed once for Part
// (which needs no brand).
var parts = sync.OnceValue(func() *Renderer {
	r, err := NewRenderer(Brand{Product: ProductName, Support: SupportAddress})
	if err != nil {
		panic(err) // the templates are embedded; render_test parses them
	}
	return r
})

// Part renders one text a message kind defines besides its subject, text
// and html: the template "<kind>/<name>" in lang (English for a language it
// does not have), with fields. ok is false when there is no such template.
// The payment e-mails keep each stage's texts so (payment_update.tmpl).
func Part(lang, kind, name string, fields map[string]string) (text string, ok bool) {
	r := parts()
	set, found := r.sets[lang]
	if !found {
		set = r.sets["en"]
	}
	t := set.text.Lookup(kind + "/" + name)
	if t == nil {
		return "", false
	}
	var b bytes.Buffer
	if err := t.Execute(&b, Data{Brand: r.brand, Fields: fields}); err != nil {
		return "", false
	}
	return b.String(), true
}
