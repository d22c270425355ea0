package i18n

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// term is one thing's one name in a language: every phrase that names the
// thing (named) must be the name, and some phrases are never right (wrong,
// unless allow matches the phrase found).
type term struct {
	name  string
	named *regexp.Regexp
	wrong *regexp.Regexp
	allow *regexp.Regexp
}

// terms are the names issue 26 item 12 settled, per language. Two-factor
// sign-in is "two-factor authentication" (the spec's Settings label,
// 'Two-Factor Authentication'), "verificação em duas etapas" and
// "verificación en dos pasos"; a greeting names no gender ("Boas-vindas",
// "Te damos la bienvenida"). Item 11 added words left in English: a US
// bank's routing number is "número de roteamento (ABA)" and "número de ruta
// (ABA)" ("routing number" only in English), and pt-BR says "conformidade"
// where it said "compliance" (a key or the /compliance path is no word).
var terms = map[string][]term{
	"en": {{
		name:  "two-factor authentication", // also "two-factor" before a noun: "your two-factor code"
		wrong: regexp.MustCompile(`(?i)\btwo[- ]step\b|\b2-step\b|\b2FA\b|\btwo factor\b|\bsecond factor\b|\bmulti-factor\b|\bMFA\b|\btwo-factor (verification|sign-in)\b`),
	}},
	"pt-BR": {{
		name:  "verificação em duas etapas",
		named: regexp.MustCompile(`(?i)\b(autentica|verifica|confirma)\p{L}*\s+(em|de|por|com)\s+(dois|duas|2)\s+(fatores|etapas|passos)\b`),
		wrong: regexp.MustCompile(`(?i)\b(dois|2)\s+fatores\b|\b(dois|2)\s+passos\b|\bduplo fator\b|\bsegundo fator\b|\b2FA\b|\btwo-factor\b`),
	}, {
		wrong: regexp.MustCompile(`(?i)\bbem[- ]vind[oa]s?\b`), // "Boas-vindas"
	}, {
		name:  "número de roteamento (aba)",
		wrong: regexp.MustCompile(`(?i)\brouting\b`),
	}, {
		name:  "conformidade",
		wrong: regexp.MustCompile(`(?i)/?\bcompliance\b("\s*:)?`),
		allow: regexp.MustCompile(`^/|:$`),
	}},
	"es-MX": {{
		name:  "verificación en dos pasos",
		named: regexp.MustCompile(`(?i)\b(autenticaci|verificaci|confirmaci)\p{L}*\s+(en|de|por|con)\s+(dos|2)\s+(factores|pasos|etapas)\b`),
		wrong: regexp.MustCompile(`(?i)\b(dos|2)\s+factores\b|\bdoble factor\b|\bsegundo factor\b|\b2FA\b|\btwo-factor\b`),
	}, {
		wrong: regexp.MustCompile(`(?i)(\bla\s+)?\bbienvenid[oa]s?\b`),
		allow: regexp.MustCompile(`(?i)^la\s`), // "Te damos la bienvenida"
	}, {
		name:  "número de ruta (aba)",
		wrong: regexp.MustCompile(`(?i)\brouting\b`),
	}},
}

// textFiles are the files that hold lang's words: the web app's locale
// files, the server's message catalog and the e-mail templates.
func textFiles(t *testing.T, lang string) []string {
	t.Helper()
	web, _ := filepath.Glob(filepath.Join("..", "..", "web", "src", "locales", lang, "*.json"))
	mailDir := filepath.Join("..", "mail", "templates")
	if lang != "en" {
		mailDir = filepath.Join(mailDir, lang)
	}
	mail, _ := filepath.Glob(filepath.Join(mailDir, "*.tmpl"))
	if len(web) == 0 || len(mail) == 0 {
		t.Fatalf("%s: no locale files (%d) or e-mail templates (%d) found", lang, len(web), len(mail))
	}
	files := append(web, filepath.Join("messages", lang+".json"))
	return append(files, mail...)
}

// TestOneNamePerThing fails when a locale file, the server's catalog or an
// e-mail template calls two-factor authentication by another name than its
// language's one, or greets with a gendered word (issue 26 item 12).
func TestOneNamePerThing(t *testing.T) {
	for lang, ts := range terms {
		uses := make([]int, len(ts))
		for _, file := range textFiles(t, lang) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			text := string(src)
			for i, tm := range ts {
				uses[i] += strings.Count(strings.ToLower(text), tm.name)
				if tm.named != nil {
					for _, m := range tm.named.FindAllString(text, -1) {
						if strings.ToLower(m) != tm.name {
							t.Errorf("%s: %q; %s calls it %q", file, m, lang, tm.name)
						}
					}
				}
				for _, m := range tm.wrong.FindAllString(text, -1) {
					if tm.allow != nil && tm.allow.MatchString(m) {
						continue
					}
					if tm.name != "" {
						t.Errorf("%s: %q; %s calls it %q", file, m, lang, tm.name)
					} else {
						t.Errorf("%s: %q assumes the reader's gender", file, m)
					}
				}
			}
		}
		for i, tm := range ts {
			if tm.name != "" && uses[i] == 0 {
				t.Errorf("%s never names %q: the scan reads the wrong files", lang, tm.name)
			}
		}
	}
}
