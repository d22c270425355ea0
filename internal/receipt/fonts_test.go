package receipt

import (
	"testing"

	"github.com/go-pdf/fpdf"
)

// The fonts cut once per process draw every character of commonRanges
// that the whole fonts draw, each as wide, in both weights, and nothing
// beyond them: a receipt laid out in them is the one laid out in the whole
// fonts.
func TestCommonFontsAreTheWholeOnesCut(t *testing.T) {
	whole, common := wholeFonts(), commonFonts()
	wholeR, wholeB := sized(whole, ""), sized(whole, "B")
	commonR, commonB := sized(common, ""), sized(common, "B")
	in := func(r rune) bool {
		for _, rg := range commonRanges {
			if r >= rg[0] && r <= rg[1] {
				return true
			}
		}
		return false
	}
	n := 0
	for r := rune(0); r <= 0xFFFF; r++ {
		if !in(r) {
			if common.has(r) && r != ' ' {
				t.Errorf("U+%04X is in the cut fonts but not in commonRanges", r)
			}
			continue
		}
		if common.has(r) != whole.has(r) {
			t.Errorf("U+%04X: drawn by the cut fonts %v, by the whole fonts %v", r, common.has(r), whole.has(r))
			continue
		}
		if !common.has(r) {
			continue
		}
		n++
		s := string(r)
		if c, w := commonR.GetStringWidth(s), wholeR.GetStringWidth(s); c != w {
			t.Errorf("%q (U+%04X) regular: %v mm wide cut, %v whole", s, r, c, w)
		}
		if c, w := commonB.GetStringWidth(s), wholeB.GetStringWidth(s); c != w {
			t.Errorf("%q (U+%04X) bold: %v mm wide cut, %v whole", s, r, c, w)
		}
	}
	if n < 900 {
		t.Errorf("the cut fonts draw %d characters, want the Latin alphabets (900 or more)", n)
	}
	for _, err := range []error{wholeR.Error(), wholeB.Error(), commonR.Error(), commonB.Error()} {
		if err != nil {
			t.Fatal(err)
		}
	}
}

// sized is a document drawing in the face f's style at 10 points, to
// measure its widths.
func sized(f face, style string) *fpdf.Fpdf {
	pdf := fpdf.New("P", "mm", "A4", "")
	f.add(pdf)
	pdf.SetFont(family, style, 10)
	return pdf
}
