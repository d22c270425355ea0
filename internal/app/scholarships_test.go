package app_test

import (
	"context"
	"io"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/app"
	"github.com/crebit/crebit/internal/scholarship/catalog"
)

// catalogSize counts the *.json records shipped in the binary.
func catalogSize(t *testing.T) int {
	es, err := fs.ReadDir(catalog.FS(), ".")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range es {
		if strings.HasSuffix(e.Name(), ".json") {
			n++
		}
	}
	return n
}

func TestScholarshipsImportAndCheckCommands(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	env := func(k string) string { return map[string]string{"CREBIT_DATA_DIR": dir}[k] }
	var out strings.Builder
	if err := app.Run(context.Background(), []string{"scholarships", "import"}, env, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	n := catalogSize(t)
	want := regexp.MustCompile(`^scholarships import: ` + strconv.Itoa(n) + ` programs valid; ` + strconv.Itoa(n) + ` written, 0 removed \(sqlite database\)`)
	if !want.MatchString(out.String()) {
		t.Fatalf("first import: %q (catalog has %d records)", out.String(), n)
	}
	out.Reset()
	if err := app.Run(context.Background(), []string{"scholarships", "import"}, env, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), " 0 written, 0 removed") {
		t.Fatalf("second import must change nothing: %q", out.String())
	}
	out.Reset()
	// The shipped catalog must pass the check CI runs: no record past 24
	// months without a note.
	if err := app.Run(context.Background(), []string{"scholarships", "check"}, env, &out, io.Discard); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "scholarships check: "+strconv.Itoa(n)+" programs; ") {
		t.Fatalf("check: %q", out.String())
	}
	if err := app.Run(context.Background(), []string{"scholarships", "refresh"}, env, io.Discard, io.Discard); err == nil {
		t.Fatal("unknown subcommand accepted")
	}
}
