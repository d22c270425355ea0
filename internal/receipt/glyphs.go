package receipt

import (
	"encoding/binary"
	"strings"
	"sync"

	"github.com/go-pdf/fpdf"
	"golang.org/x/text/unicode/norm"
)

// printable returns s as the receipt can print it: NFC-composed (so
// "Nguyễn" typed as e + two combining marks prints as one letter), with
// every character both fonts lack replaced by U+FFFD (or "?"), so that a
// name or a recipient in an alphabet DejaVu Sans does not draw (Han, an
// emoji) never fails the receipt: fpdf refuses characters beyond the Basic
// Multilingual Plane outright, and draws nothing for others it lacks.
func printable(s string) string {
	s = norm.NFC.String(s)
	has := coverage()
	if !strings.ContainsFunc(s, func(r rune) bool { return !has(r) }) {
		return s
	}
	missing := "?"
	if has('\uFFFD') {
		missing = "\uFFFD"
	}
	return strings.Map(func(r rune) rune {
		if has(r) {
			return r
		}
		return []rune(missing)[0]
	}, s)
}

// coverage reports which characters both receipt fonts draw, read once
// from their character maps.
var coverage = sync.OnceValue(func() func(rune) bool { return drawnByBoth(sansRegular, sansBold) })

// drawnByBoth reports which characters both fonts draw.
func drawnByBoth(regularFont, boldFont []byte) func(rune) bool {
	regular, bold := cmap(regularFont), cmap(boldFont)
	return func(r rune) bool {
		return r >= 0 && r <= 0xFFFF && (r == ' ' || regular[r] && bold[r])
	}
}

// cmap reads a TrueType font's Unicode BMP character map (the platform 3,
// encoding 1 subtable, format 4) into the set of characters it draws. A
// font without one draws nothing here, which fails the receipt's tests.
func cmap(font []byte) []bool {
	has := make([]bool, 0x10000)
	u16 := func(off int) int {
		if off < 0 || off+2 > len(font) {
			return 0
		}
		return int(binary.BigEndian.Uint16(font[off:]))
	}
	u32 := func(off int) int {
		if off < 0 || off+4 > len(font) {
			return 0
		}
		return int(binary.BigEndian.Uint32(font[off:]))
	}
	table := 0
	for i := range u16(4) {
		rec := 12 + 16*i
		if string(font[rec:min(rec+4, len(font))]) == "cmap" {
			table = u32(rec + 8)
		}
	}
	if table == 0 {
		return has
	}
	sub := 0
	for i := range u16(table + 2) {
		rec := table + 4 + 8*i
		if u16(rec) == 3 && u16(rec+2) == 1 && u16(table+u32(rec+4)) == 4 {
			sub = table + u32(rec+4)
		}
	}
	if sub == 0 {
		return has
	}
	segs := u16(sub+6) / 2
	ends, starts := sub+14, sub+16+2*segs
	deltas, offsets := starts+2*segs, starts+4*segs
	for i := range segs {
		start, end := u16(starts+2*i), u16(ends+2*i)
		delta, rangeOffset := u16(deltas+2*i), u16(offsets+2*i)
		for c := start; c <= end && c != 0xFFFF; c++ {
			glyph := 0
			if rangeOffset == 0 {
				glyph = (c + delta) & 0xFFFF
			} else if g := u16(offsets + 2*i + rangeOffset + 2*(c-start)); g != 0 {
				glyph = (g + delta) & 0xFFFF
			}
			has[c] = glyph != 0
		}
	}
	return has
}

// fontPair is the regular and bold font a receipt is drawn in, and the
// characters both draw.
type fontPair struct {
	regular, bold []byte
	has           func(rune) bool
}

// wholeFonts is the embedded fonts as they are.
func wholeFonts() fontPair { return fontPair{sansRegular, sansBold, coverage()} }

// commonRanges are the characters a receipt nearly always prints: the
// Latin alphabet with its extensions (every name the product's payers
// write, Vietnamese included, and the receipt's own words), punctuation,
// currency signs and U+FFFD, which stands for a character the fonts lack.
// Greek and Cyrillic, which the fonts also draw, are left to the whole
// fonts: each glyph more costs every receipt some work.
var commonRanges = [][2]rune{
	{0x20, 0x7E}, {0xA0, 0x24F}, {0x1E00, 0x1EFF}, {0x2000, 0x206F}, {0x20A0, 0x20CF}, {0xFFFD, 0xFFFD},
}

// commonFonts is the embedded fonts cut, once per process, to the
// characters of commonRanges they draw (913 of their 5,366 characters),
// each glyph, its width and the fonts' metrics copied unchanged, so a
// receipt drawn in them is the one drawn in the whole fonts, for a fraction
// of fpdf's work per document (it parses and subsets the font it is given
// for every PDF). The cut fonts are only read, so receipts drawn at the
// same time share them.
var commonFonts = sync.OnceValue(func() fontPair {
	has := coverage()
	var set []rune
	for _, rg := range commonRanges {
		for r := rg[0]; r <= rg[1]; r++ {
			if has(r) {
				set = append(set, r)
			}
		}
	}
	regular := fpdf.UTF8CutFont(sansRegular, string(set))
	bold := fpdf.UTF8CutFont(sansBold, string(set))
	return fontPair{regular, bold, drawnByBoth(regular, bold)}
})
