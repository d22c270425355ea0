package receipt

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"github.com/go-pdf/fpdf"
)

// The receipt's fonts made, ahead of time, into PDF simple fonts in the
// Windows-1252 encoding (WinAnsiEncoding): each the embedded font cut to
// the characters of that encoding, described and compressed by fpdf's
// MakeFont. TestWinAnsiFontsAreCurrent makes them again and compares;
// `go generate ./internal/receipt` writes them anew.
//
//go:generate go test -run TestWinAnsiFontsAreCurrent -update .
var (
	//go:embed fonts/cp1252.map
	cp1252Map []byte
	//go:embed fonts/winansi/DejaVuSans.json
	winAnsiRegularDef []byte
	//go:embed fonts/winansi/DejaVuSans.z
	winAnsiRegularFile []byte
	//go:embed fonts/winansi/DejaVuSans-Bold.json
	winAnsiBoldDef []byte
	//go:embed fonts/winansi/DejaVuSans-Bold.z
	winAnsiBoldFile []byte
)

// face is the fonts a receipt is drawn in.
type face interface {
	// add adds the regular and bold fonts to pdf, named family.
	add(pdf *fpdf.Fpdf)
	// text returns s as fpdf is to be given it in these fonts, and false
	// when a character of s is not in them.
	text(s string) (string, bool)
}

// winAnsi is the receipt's fonts as simple fonts in Windows-1252. They draw
// what nearly every receipt prints (Portuguese, Spanish and English, the
// receipt's own words, €, “quotes” and dashes), and cost a document almost
// nothing: fpdf writes the font program compressed once, ahead of time, as
// it is, where a Unicode font is parsed, subset and compressed again for
// every PDF (issue 31: 8.9 ms a receipt in the cut Unicode fonts).
type winAnsi struct {
	// code is the Windows-1252 code of each character the fonts draw.
	code map[rune]byte
}

// add also leaves the page's drawing uncompressed: the font programs are
// compressed already, and the page's few kilobytes are not worth a zlib
// writer's set-up (1.2 MB of memory and about 0.7 ms a receipt).
func (winAnsi) add(pdf *fpdf.Fpdf) {
	pdf.SetCompression(false)
	pdf.AddFontFromBytes(family, "", winAnsiRegularDef, winAnsiRegularFile)
	pdf.AddFontFromBytes(family, "B", winAnsiBoldDef, winAnsiBoldFile)
}

func (f winAnsi) text(s string) (string, bool) {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		c, ok := f.code[r]
		if !ok {
			return "", false
		}
		b.WriteByte(c)
	}
	return b.String(), true
}

// winAnsiFonts reads cp1252.map (the map the fonts were made with, fpdf's:
// "!E3 U+00E3 atilde") once: every code but the control characters and
// the five Windows-1252 leaves undefined (.notdef).
var winAnsiFonts = sync.OnceValue(func() winAnsi {
	codes, err := parseCodeMap(cp1252Map)
	if err != nil {
		panic(err)
	}
	return winAnsi{codes}
})

// parseCodeMap reads an fpdf encoding map into each drawn character's code.
func parseCodeMap(m []byte) (map[rune]byte, error) {
	codes := map[rune]byte{}
	sc := bufio.NewScanner(bytes.NewReader(m))
	for sc.Scan() {
		var code, r int
		var glyph string
		if _, err := fmt.Sscanf(sc.Text(), "!%x U+%x %s", &code, &r, &glyph); err != nil {
			return nil, fmt.Errorf("receipt: cp1252.map: %q: %w", sc.Text(), err)
		}
		if glyph != ".notdef" && code >= 0x20 && code <= 0xFF {
			codes[rune(r)] = byte(code)
		}
	}
	return codes, sc.Err()
}

func (f fontPair) add(pdf *fpdf.Fpdf) {
	pdf.AddUTF8FontFromBytes(family, "", f.regular)
	pdf.AddUTF8FontFromBytes(family, "B", f.bold)
}

func (f fontPair) text(s string) (string, bool) {
	return s, !strings.ContainsFunc(s, func(r rune) bool { return !f.has(r) })
}
