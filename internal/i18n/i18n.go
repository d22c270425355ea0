// Package i18n answers a person in their language: it picks the request's
// language (the crebit_lang cookie the web app sets, else Accept-Language)
// and gives an apperr.Error's message in it.
//
// The catalog is messages/<language>.json, embedded. Its "messages" map a key
// to a text: the key "<code>" is the code's general message, and a key
// "<code>.<name>" is one specific message, {name} marking an argument. An
// error made with apperr.E carries its key and arguments, and Text answers
// the key's text in the language with the arguments filled in. Values that
// are English words the product chose (field labels) are translated through
// "terms". TestKeys checks that every key a call site names is in every
// language with the same placeholders, and that no key is unused.
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Languages are the product's languages; English is the source.
var Languages = []string{"en", "pt-BR", "es-MX"}

// CookieName is the cookie that remembers the chosen language (set by the web app).
const CookieName = "crebit_lang"

//go:embed messages/*.json
var files embed.FS

// Catalog is one language's messages and terms.
type Catalog struct {
	Messages map[string]string `json:"messages"`
	Terms    map[string]string `json:"terms"`
}

var catalogs = map[string]Catalog{}

func init() {
	for _, lang := range Languages {
		c, err := Load(lang)
		if err != nil {
			panic(err)
		}
		catalogs[lang] = c
	}
}

// Load reads one language's embedded catalog.
func Load(lang string) (Catalog, error) {
	raw, err := files.ReadFile("messages/" + lang + ".json")
	if err != nil {
		return Catalog{}, err
	}
	var c Catalog
	if err := json.Unmarshal(raw, &c); err != nil {
		return Catalog{}, fmt.Errorf("i18n: messages/%s.json: %w", lang, err)
	}
	return c, nil
}

var placeholder = regexp.MustCompile(`\{([a-zA-Z]+)\}`)

// Placeholders lists the distinct {names} of a text, sorted.
func Placeholders(text string) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
		if !seen[m[1]] {
			seen[m[1]] = true
			out = append(out, m[1])
		}
	}
	sort.Strings(out)
	return out
}

// Text is the catalog entry key in lang (English for a language the product
// does not speak), its {placeholders} filled from args; outside English,
// values that are English terms (field labels) are translated. A key lang
// lacks falls back to its code's general message, and a key no catalog has
// is returned as is (TestKeys keeps every key used in every catalog).
func Text(lang, key string, args map[string]string) string {
	c, ok := catalogs[lang]
	if !ok {
		lang, c = "en", catalogs["en"]
	}
	text, ok := c.Messages[key]
	if !ok {
		code, _, _ := strings.Cut(key, ".")
		if text, ok = c.Messages[code]; !ok {
			return key
		}
	}
	return placeholder.ReplaceAllStringFunc(text, func(p string) string {
		v := args[p[1:len(p)-1]]
		if lang != "en" {
			v = c.term(v)
		}
		return v
	})
}

// term translates an argument that is a known English term, or a
// comma-separated list of them; anything else is kept as sent.
func (c Catalog) term(v string) string {
	if t, ok := c.Terms[v]; ok {
		return t
	}
	parts := strings.Split(v, ", ")
	if len(parts) < 2 {
		return v
	}
	for i, p := range parts {
		if t, ok := c.Terms[p]; ok {
			parts[i] = t
		}
	}
	return strings.Join(parts, ", ")
}

// FromRequest picks the request's language: the crebit_lang cookie when it
// names one of Languages exactly, else the best of Accept-Language, else en.
func FromRequest(r *http.Request) string {
	if c, err := r.Cookie(CookieName); err == nil {
		for _, l := range Languages {
			if c.Value == l {
				return l
			}
		}
	}
	return FromAcceptLanguage(r.Header.Get("Accept-Language"))
}

// Match maps a language tag to a product language by its primary subtag.
func Match(tag string) (string, bool) {
	primary, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
	primary, _, _ = strings.Cut(primary, "_")
	switch primary {
	case "pt":
		return "pt-BR", true
	case "es":
		return "es-MX", true
	case "en":
		return "en", true
	}
	return "", false
}

// FromAcceptLanguage returns the product language with the highest q in an
// Accept-Language header (the first listed wins a tie), or en.
func FromAcceptLanguage(header string) string {
	best, bestQ := "en", 0.0
	for _, part := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(part, ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				continue
			}
			q = f
		}
		lang, ok := Match(tag)
		if ok && q > bestQ {
			best, bestQ = lang, q
		}
	}
	return best
}
