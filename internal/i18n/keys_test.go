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
// (and the partnerUnavailable(err, "name") of payments and onboarding,
// which pass it to partnercall.Unavailable; and the corridor table's
// tax id refusals, corridor.Refusal{Name: "name", Args: ...}, which
// onboarding.TaxIDOf makes tax_id_invalid.<name>)
// names a key ("<code>.<name>") that every language has, with placeholders
// that are exactly the argument names given; and no catalog key is unused.
// A message is never English text to be matched: an *apperr.Error made
// without apperr.E (a composite literal with a Message) is refused.
func TestKeys(t *testing.T) {
	used := map[string]bool{}
	for _, code := range codes(t) {
		used[code] = true // the general messages: the answer when nothing specific is known
	}
	keyed := 0
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
		var helper ast.Node // the body of partnercall.Unavailable, whose apperr.E takes its name as given
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && (fn.Name.Name == "partnerUnavailable" || (f.Name.Name == "partnercall" && fn.Name.Name == "Unavailable") ||
				(f.Name.Name == "onboarding" && fn.Name.Name == "TaxIDOf")) {
				helper = fn
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			// &apperr.Error{..., Message: ...}: English text, never translated.
			if lit, ok := n.(*ast.CompositeLit); ok {
				if id, ok := lit.Type.(*ast.Ident); ok && id.Name == "Refusal" && f.Name.Name == "corridor" {
					keyed++
					key, names, ok := refusalKey(lit)
					if !ok {
						t.Errorf("%s: corridor.Refusal needs a literal Name and literal argument names", fset.Position(lit.Pos()))
						return true
					}
					used[key] = true
					checkKey(t, fset.Position(lit.Pos()).String(), key, names)
					return true
				}
				if sel, ok := lit.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Error" {
					if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "apperr" {
						for _, el := range lit.Elts {
							if kv, ok := el.(*ast.KeyValueExpr); ok {
								if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "Message" {
									t.Errorf("%s: an apperr.Error with an English Message; use apperr.E with a key", fset.Position(lit.Pos()))
								}
							}
						}
					}
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
			switch sel.Sel.Name {
			case "E":
				if helper != nil && helper.Pos() <= call.Pos() && call.End() <= helper.End() && len(call.Args) >= 2 {
					switch call.Args[1].(type) {
					case *ast.Ident, *ast.SelectorExpr:
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
				checkKey(t, fset.Position(call.Pos()).String(), key, names)
				return true
			}
			return true
		})
	}
	if keyed < 200 {
		t.Fatalf("found only %d keyed messages in the sources; the scan is broken", keyed)
	}
	t.Logf("%d keyed messages", keyed)
	for key := range catalogs["en"].Messages {
		if !used[key] && !usedElsewhere[key] {
			t.Errorf("key %s is used nowhere (no apperr.E names it): remove it", key)
		}
	}
}

// checkKey reports a key missing from a language, or whose placeholders
// are not exactly the argument names the call site gives.
func checkKey(t *testing.T, at, key string, names []string) {
	t.Helper()
	for _, lang := range Languages {
		text, ok := catalogs[lang].Messages[key]
		if !ok {
			t.Errorf("%s: key %s is not in messages/%s.json", at, key, lang)
		} else if got := Placeholders(text); !slices.Equal(got, names) {
			t.Errorf("%s: key %s in %s has placeholders %v, the call gives %v", at, key, lang, got, names)
		}
	}
}

// refusalKey reads corridor.Refusal{Name: "x", Args: []any{"a", v, ...}}
// as the key tax_id_invalid.x with the argument names a, ... (sorted, as
// keyOf gives them).
func refusalKey(lit *ast.CompositeLit) (string, []string, bool) {
	var name string
	var names []string
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return "", nil, false
		}
		field, _ := kv.Key.(*ast.Ident)
		switch {
		case field != nil && field.Name == "Name":
			v, ok := literal(kv.Value)
			if !ok {
				return "", nil, false
			}
			name = v
		case field != nil && field.Name == "Args":
			args, ok := kv.Value.(*ast.CompositeLit)
			if !ok || len(args.Elts)%2 != 0 {
				return "", nil, false
			}
			for i := 0; i < len(args.Elts); i += 2 {
				v, ok := literal(args.Elts[i])
				if !ok {
					return "", nil, false
				}
				names = append(names, v)
			}
		default:
			return "", nil, false
		}
	}
	if name == "" {
		return "", nil, false
	}
	slices.Sort(names)
	return "tax_id_invalid." + name, names, true
}

// usedElsewhere are keys no call site in the sources names: messages that
// come from data or from code the scan cannot sample.
var usedElsewhere = map[string]bool{
	// A corridor's own wording (apperr.Specific, named by the corridor
	// table's method or name: payments' country, minimum and check
	// refusals), used where it says what the generic message says.
	"country_not_supported.pix": true, "country_not_supported.spei": true,
	"minimum_amount.brazil": true, "minimum_amount.mexico": true,
	"delivery_method_invalid.check_mexico": true,
}

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
