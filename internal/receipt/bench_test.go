package receipt_test

import (
	"testing"

	"github.com/crebit/crebit/internal/receipt"
)

// BenchmarkRender: a receipt parses and subsets its two embedded fonts each
// time; this is what one costs.
func BenchmarkRender(b *testing.B) {
	d := pixPayment("pt-BR")
	for b.Loop() {
		if _, err := receipt.Render(d); err != nil {
			b.Fatal(err)
		}
	}
}
