package corridor

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTypeScriptIsUpToDate keeps the web app's copy of the table equal to
// the Go table: a changed entry must be followed by `go run ./cmd/gencorridor`.
func TestTypeScriptIsUpToDate(t *testing.T) {
	path := filepath.Join("..", "..", filepath.FromSlash(TypeScriptPath))
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run `go run ./cmd/gencorridor` from the repository's root)", err)
	}
	if !bytes.Equal(got, TypeScript()) {
		t.Errorf("%s is stale: run `go run ./cmd/gencorridor` from the repository's root", TypeScriptPath)
	}
}

func TestTypeScriptHasEveryCorridor(t *testing.T) {
	ts := string(TypeScript())
	for _, c := range All() {
		for _, want := range []string{"  " + c.Name + ": {", "currency: '" + string(c.Currency) + "'",
			"symbol: '" + c.Symbol + "'", "method: '" + c.Method + "'", "minimumUSD: " + c.MinimumUSD.String()} {
			if !strings.Contains(ts, want) {
				t.Errorf("%s: the TypeScript lacks %q", c.Name, want)
			}
		}
	}
	if got := quote(`it's a \ test`); got != `'it\'s a \\ test'` {
		t.Errorf("quote = %s", got)
	}
}
