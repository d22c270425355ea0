package payments

import (
	"testing"

	"github.com/crebit/crebit/internal/payment"
)

// TestCreatedIsNeverHoldable: advance does not ask whether a payment in
// created is held (issue 31), because no hold can open on one.
func TestCreatedIsNeverHoldable(t *testing.T) {
	if Holdable(payment.StateCreated) {
		t.Fatal("a payment in created is holdable: advance must ask for its hold again")
	}
	if !Holdable(payment.StateAwaitingPayin) {
		t.Fatal("a payment awaiting its pay-in is not holdable")
	}
}
