package receipt

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-pdf/fpdf"
)

var update = flag.Bool("update", false, "write the Windows-1252 fonts (fonts/winansi) anew")

// makeWinAnsiFonts makes the Windows-1252 fonts into dir: each embedded
// font cut to the characters of cp1252.map (its glyphs and widths
// unchanged), then described and compressed by fpdf.MakeFont.
func makeWinAnsiFonts(t *testing.T, dir string) {
	t.Helper()
	var set []rune
	for r := range winAnsiFonts().code {
		set = append(set, r)
	}
	mapFile := filepath.Join(dir, "cp1252.map")
	if err := os.WriteFile(mapFile, cp1252Map, 0o600); err != nil {
		t.Fatal(err)
	}
	for name, font := range map[string][]byte{"DejaVuSans": sansRegular, "DejaVuSans-Bold": sansBold} {
		ttf := filepath.Join(dir, name+".ttf")
		if err := os.WriteFile(ttf, fpdf.UTF8CutFont(font, string(set)), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := fpdf.MakeFont(ttf, mapFile, dir, nil, true); err != nil {
			t.Fatal(err)
		}
	}
}

// The Windows-1252 fonts the receipt embeds are the ones made from the
// embedded fonts now: made again, they are byte for byte the same. With
// -update (go generate), they are written anew.
func TestWinAnsiFontsAreCurrent(t *testing.T) {
	dir := t.TempDir()
	makeWinAnsiFonts(t, dir)
	embedded := map[string][]byte{
		"DejaVuSans.json": winAnsiRegularDef, "DejaVuSans.z": winAnsiRegularFile,
		"DejaVuSans-Bold.json": winAnsiBoldDef, "DejaVuSans-Bold.z": winAnsiBoldFile,
	}
	for name, have := range embedded {
		made, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if *update {
			if err := os.WriteFile(filepath.Join("fonts", "winansi", name), made, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if !bytes.Equal(made, have) {
			t.Errorf("fonts/winansi/%s is not the one made from the fonts now (%d bytes, made %d): run go generate ./internal/receipt", name, len(have), len(made))
		}
	}
}

// Every character the Windows-1252 fonts draw is drawn by the whole fonts,
// as wide, in both weights: a receipt laid out in them is the one laid out
// in the whole fonts.
func TestWinAnsiFontsAreTheWholeOnesCut(t *testing.T) {
	whole, ansi := wholeFonts(), winAnsiFonts()
	for _, style := range []string{"", "B"} {
		w, a := sized(whole, style), sized(ansi, style)
		for r := range ansi.code {
			s := string(r)
			if !whole.has(r) {
				t.Errorf("U+%04X is in the Windows-1252 fonts, not in the whole ones", r)
				continue
			}
			code, _ := ansi.text(s)
			if aw, ww := a.GetStringWidth(code), w.GetStringWidth(s); aw != ww {
				t.Errorf("%q (U+%04X) %q: %v mm wide in Windows-1252, %v whole", s, r, style, aw, ww)
			}
		}
		for _, err := range []error{w.Error(), a.Error()} {
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if n := len(ansi.code); n != 218 {
		t.Errorf("the Windows-1252 fonts draw %d characters, want 218: the 224 codes from 0x20 to 0xFF, the five Windows-1252 leaves undefined and 0x7F left out", n)
	}
}
