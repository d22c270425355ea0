package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestKeys is the key check of the server's messages, over the Go sources
// of internal/ and cmd/ (tests aside): every apperr.E(code, "name", args...)
// (and payments' partnerUnavailable(err, "name"))
// names a key ("<code>.<name>") that every language has, with placeholders
// that are exactly the argument names given; and no catalog key is unused.
//
// Call sites not yet converted to keys give apperr English text (New,
// WithField, FieldError, &apperr.Error{Code, Message});
// each such message (a literal, a format with sample values, or a
// concatenation) must match a specific template of its code, so that it
// reaches a payer in pt-BR and es-MX with its details; the key it matches
// counts as used.
func TestKeys(t *testing.T) {
	used := map[string]bool{}
	for _, code := range codes(t) {
		used[code] = true // the general messages: the answer when nothing specific is known
	}
	keyed, legacy := 0, 0
	for _, file := range goSources(t) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, file, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		check := func(pos token.Pos, code string, msgArg ast.Expr) {
			msg, ok := sample(msgArg)
			if !ok {
				return
			}
			legacy++
			required := true
			for _, dir := range untranslated {
				required = required && !strings.HasPrefix(file, dir)
			}
			for _, lang := range []string{"pt-BR", "es-MX"} {
				_, key := translate(catalogs[lang], code, msg)
				if key == "" && required {
					t.Errorf("%s: %s message %q has no template in messages/*.json (use apperr.E with a key %s.<name>)", fset.Position(pos), code, msg, code)
				}
				used[key] = true
			}
		}
		var helper ast.Node // the body of partnerUnavailable, whose apperr.E takes its name as given
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.Name == "partnerUnavailable" {
				helper = fn
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			// &apperr.Error{Code: ..., Message: ...} and errorBody{Error: ..., Code: ...}
			if lit, ok := n.(*ast.CompositeLit); ok {
				var code string
				var msg ast.Expr
				for _, el := range lit.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					key, ok := kv.Key.(*ast.Ident)
					if !ok {
						continue
					}
					switch key.Name {
					case "Code":
						code = codeOf(t, kv.Value)
					case "Message", "Error":
						msg = kv.Value
					}
				}
				if code != "" && msg != nil {
					check(lit.Pos(), code, msg)
				}
				return true
			}
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "partnerUnavailable" && len(call.Args) == 2 {
				// payments' helper: apperr.E(apperr.PartnerUnavailable, name)
				keyed++
				name, ok := literal(call.Args[1])
				if !ok {
					t.Errorf("%s: partnerUnavailable needs a literal name", fset.Position(call.Pos()))
				}
				used["partner_unavailable."+name] = true
				for _, lang := range Languages {
					if text, ok := catalogs[lang].Messages["partner_unavailable."+name]; !ok || len(Placeholders(text)) > 0 {
						t.Errorf("%s: key partner_unavailable.%s is not in messages/%s.json, or has placeholders", fset.Position(call.Pos()), name, lang)
					}
				}
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "apperr" {
				return true
			}
			var codeArg, msgArg ast.Expr
			switch sel.Sel.Name {
			case "E":
				if helper != nil && helper.Pos() <= call.Pos() && call.End() <= helper.End() && len(call.Args) == 2 {
					if _, ok := call.Args[1].(*ast.Ident); ok {
						return true // its callers' names are checked as keys
					}
				}
				keyed++
				key, names, ok := keyOf(t, call)
				if !ok {
					t.Errorf("%s: apperr.E needs a code constant, a literal name and literal argument names", fset.Position(call.Pos()))
					return true
				}
				used[key] = true
				for _, lang := range Languages {
					text, ok := catalogs[lang].Messages[key]
					if !ok {
						t.Errorf("%s: key %s is not in messages/%s.json", fset.Position(call.Pos()), key, lang)
					} else if got := Placeholders(text); !slices.Equal(got, names) {
						t.Errorf("%s: key %s in %s has placeholders %v, the call gives %v", fset.Position(call.Pos()), key, lang, got, names)
					}
				}
				return true
			case "New":
				codeArg, msgArg = call.Args[0], call.Args[1]
				if len(call.Args) > 2 {
					// New formats its message: sample it as Sprintf would be.
					msgArg = &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent("fmt"), Sel: ast.NewIdent("Sprintf")}, Args: call.Args[1:]}
				}
			case "WithField":
				codeArg, msgArg = call.Args[0], call.Args[2]
			case "FieldError":
				msgArg = call.Args[1]
			default:
				return true
			}
			code := "invalid_request"
			if codeArg != nil {
				code = codeOf(t, codeArg)
			}
			check(call.Pos(), code, msgArg)
			return true
		})
	}
	if keyed+legacy < 200 {
		t.Fatalf("found only %d keyed and %d English messages in the sources; the scan is broken", keyed, legacy)
	}
	t.Logf("%d keyed messages, %d English ones matched against templates", keyed, legacy)
	for key := range catalogs["en"].Messages {
		if !used[key] && !usedElsewhere[key] {
			t.Errorf("key %s is used nowhere (no apperr.E names it and no English message matches it): remove it", key)
		}
	}
}

// usedElsewhere are keys no call site in the sources names: messages that
// come from data or from code the scan cannot sample.
var usedElsewhere = map[string]bool{
	// The corridor table's own wording for a corridor (Go formats the
	// generic message with the corridor's name and figures; these match it
	// for Brazil and Mexico and win over the generic template).
	"country_not_supported.pix": true, "country_not_supported.spei": true,
	"minimum_amount.brazil": true, "minimum_amount.mexico": true,
	"delivery_method_invalid.check_mexico": true,
	// Given to ratelimit.RateLimited, or in httpapi/limits.go's table.
	"rate_limited.signup": true, "rate_limited.streams": true, "rate_limited.support": true,
}

// untranslated are the packages whose English messages had no templates
// before issue 27 (a pt-BR or es-MX payer gets the code's general message):
// their messages are not required to match one.
var untranslated = []string{"../scholarship/", "../partner/"}

// goSources are the non-test Go files of internal/ and cmd/.
func goSources(t *testing.T) []string {
	var out []string
	for _, root := range []string{"..", "../../cmd"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// keyOf reads apperr.E(code, "name", "arg", value, ...): the key and the
// argument names, sorted.
func keyOf(t *testing.T, call *ast.CallExpr) (string, []string, bool) {
	if len(call.Args) < 2 || len(call.Args)%2 != 0 {
		return "", nil, false
	}
	code := codeOf(t, call.Args[0])
	name, ok := literal(call.Args[1])
	if code == "" || !ok {
		return "", nil, false
	}
	key := code
	if name != "" {
		key += "." + name
	}
	var names []string
	for i := 2; i < len(call.Args); i += 2 {
		n, ok := literal(call.Args[i])
		if !ok {
			return "", nil, false
		}
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return key, names, true
}

func literal(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// codeOf maps apperr.SomeCode to its string value by reading codes.go.
func codeOf(t *testing.T, e ast.Expr) string {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	return codeValues(t)[sel.Sel.Name]
}

var codeDecl = regexp.MustCompile(`(?m)^\s*(\w+)\s+Code\s*=\s*"([^"]+)"`)

func codeValues(t *testing.T) map[string]string {
	src, err := os.ReadFile("../apperr/codes.go")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, m := range codeDecl.FindAllStringSubmatch(string(src), -1) {
		out[m[1]] = m[2]
	}
	return out
}

var verb = regexp.MustCompile(`%[-+# 0]*\d*(\.\d+)?[a-zA-Z]`)

// sample renders a message expression with sample values for what is only
// known at run time; ok is false when the expression is not a message text.
func sample(e ast.Expr) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(x.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		l, lok := sample(x.X)
		r, rok := sample(x.Y)
		if !lok {
			l = "Sample"
		}
		if !rok {
			r = "Sample"
		}
		return l + r, lok || rok
	case *ast.CallExpr:
		if sel, ok := x.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Sprintf" && len(x.Args) > 0 {
			format, ok := sample(x.Args[0])
			if !ok {
				return "", false
			}
			return verb.ReplaceAllStringFunc(format, func(v string) string {
				if strings.HasSuffix(v, "q") {
					return `"sample"`
				}
				return "7"
			}), true
		}
	}
	return "", false
}
