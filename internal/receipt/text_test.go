package receipt

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"

	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/locale"
)

// Every language has every word the English receipt has, and the same
// formatting verbs.
func TestTextsInEveryLanguage(t *testing.T) {
	en := reflect.ValueOf(texts["en"])
	for _, lang := range locale.Languages {
		w, ok := texts[lang]
		if !ok {
			t.Errorf("%s: no receipt texts", lang)
			continue
		}
		v := reflect.ValueOf(w)
		for i := range v.NumField() {
			f := v.Type().Field(i)
			switch f.Type.Kind() {
			case reflect.String:
				s, want := v.Field(i).String(), en.Field(i).String()
				if s == "" || strings.Count(s, "%s") != strings.Count(want, "%s") {
					t.Errorf("%s.%s = %q (English %q)", lang, f.Name, s, want)
				}
			case reflect.Map:
				got := slices.Sorted(maps.Keys(v.Field(i).Interface().(map[string]string)))
				want := slices.Sorted(maps.Keys(en.Field(i).Interface().(map[string]string)))
				if !slices.Equal(got, want) {
					t.Errorf("%s.%s names %v, English %v", lang, f.Name, got, want)
				}
			}
		}
	}
}

// Every corridor's rail reference is labelled by its kind (English here;
// TestTextsInEveryLanguage has the others name the same kinds).
func TestEveryRailHasALabel(t *testing.T) {
	for _, c := range corridor.All() {
		if texts["en"].Rails[c.Rail.Kind] == "" {
			t.Errorf("no receipt label for %s's %q", c.Name, c.Rail.Kind)
		}
	}
}

// Every label fits the label column in bold, so none runs into its value.
func TestLabelsFitTheirColumn(t *testing.T) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.AddUTF8FontFromBytes(family, "B", sansBold)
	pdf.SetFont(family, "B", labelSize)
	for lang, w := range texts {
		labels := []string{w.Payer, w.Recipient, w.Student, w.StudentID, w.School, w.YouPaid, w.Delivered, w.Rate, w.Fees,
			w.DeliveryMethod, w.BankAccount, w.Tracking, w.CEP, w.Reference, w.Authorized}
		for _, s := range w.Stages {
			labels = append(labels, s)
		}
		for _, s := range w.Rails {
			labels = append(labels, s)
		}
		for _, l := range labels {
			if width := pdf.GetStringWidth(l); width > labelWidth-2 {
				t.Errorf("%s: %q is %.1f mm wide, the column %d mm", lang, l, width, labelWidth)
			}
		}
	}
}

// The character map is read right: what the receipt's words and the
// product's payers need is drawn, and what DejaVu Sans lacks is not.
func TestCoverage(t *testing.T) {
	has := coverage()
	for _, r := range "AZaz09 R$€£¥–—“”’…·ÇçÃãÕõÉéÑñÜüŁłễŞşĞğİıŒœÆæØøČčŽžΑαΩωЖжЯя\uFFFD" {
		if !has(r) {
			t.Errorf("%q (U+%04X) is not drawn", r, r)
		}
	}
	for _, r := range "王小明😀\U0001F393" {
		if has(r) {
			t.Errorf("%q (U+%04X) is said to be drawn", r, r)
		}
	}
	for _, lang := range locale.Languages {
		v := reflect.ValueOf(texts[lang])
		for i := range v.NumField() {
			if s, ok := v.Field(i).Interface().(string); ok && printable(s) != s {
				t.Errorf("%s: %q has a character the font lacks", lang, s)
			}
		}
	}
}
