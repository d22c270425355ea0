package receipt_test

import (
	"testing"

	"github.com/crebit/crebit/internal/receipt"
)

// BenchmarkRender: what one receipt costs, in the Windows-1252 fonts made
// ahead of time (issue 31; before them 8.9 ms in the fonts cut once per
// process, 15.3 ms in the whole fonts).
func BenchmarkRender(b *testing.B) {
	d := pixPayment("pt-BR")
	for b.Loop() {
		if _, err := receipt.Render(d); err != nil {
			b.Fatal(err)
		}
	}
}
