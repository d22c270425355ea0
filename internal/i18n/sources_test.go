package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestEveryServerMessageIsTranslated reads the Go sources that answer
// clients and checks that each message given to apperr (a literal, a format
// with sample values, or a concatenation) matches a specific template of its
// code, so that it reaches a payer in pt-BR and es-MX with its details. A new
// message needs its template in messages/*.json.
func TestEveryServerMessageIsTranslated(t *testing.T) {
	dirs := []string{"../httpapi", "../actor", "../input", "../outbox", "../ratelimit", "../referrals", "../scholarships", "../payments", "../dashboard", "../accounts", "../ops", "../support"}
	found := 0
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
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
				found++
				for _, lang := range []string{"pt-BR", "es-MX"} {
					if _, matched := translate(lang, code, msg); !matched {
						t.Errorf("%s: %s message %q has no template in messages/*.json (add a key %s.<name>)", fset.Position(pos), code, msg, code)
					}
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
					check(call.Pos(), "partner_unavailable", call.Args[1])
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
	}
	if found < 50 {
		t.Fatalf("found only %d messages in the sources; the scan is broken", found)
	}
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
