package receipt_test

import (
	"testing"

	"github.com/crebit/crebit/internal/receipt"
)

// BenchmarkRender: what one receipt costs. fpdf parses and subsets the two
// fonts it is given for every receipt; since issue 31 those are the fonts
// cut once per process to the Latin alphabets (commonFonts).
func BenchmarkRender(b *testing.B) {
	d := pixPayment("pt-BR")
	for b.Loop() {
		if _, err := receipt.Render(d); err != nil {
			b.Fatal(err)
		}
	}
}
