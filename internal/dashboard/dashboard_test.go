package dashboard

import (
	"testing"

	"github.com/crebit/crebit/internal/payment"
)

// TestStatusGroupAndNextAction covers every state, including those the
// sandbox cannot reach in the HTTP tests (created, check_mailed,
// payin_mismatch).
func TestStatusGroupAndNextAction(t *testing.T) {
	for _, tc := range []struct {
		st          payment.State
		group, next string
	}{
		{payment.StateCreated, GroupProcessing, NextPay},
		{payment.StateAwaitingPayin, GroupProcessing, NextPay},
		{payment.StatePayinProcessing, GroupProcessing, NextWait},
		{payment.StatePayinCompleted, GroupProcessing, NextWait},
		{payment.StateOfframpCreated, GroupProcessing, NextWait},
		{payment.StateCompleted, GroupCompleted, NextReceipt},
		{payment.StateCheckMailed, GroupCompleted, NextReceipt},
		{payment.StateExpired, GroupFailed, NextNewPayment},
		{payment.StateFailed, GroupFailed, NextNewPayment},
		{payment.StateRefunded, GroupFailed, NextRefund},
		{payment.StatePayinMismatch, GroupFailed, NextRefund},
	} {
		if g, n := StatusGroup(tc.st), nextAction(tc.st); g != tc.group || n != tc.next {
			t.Errorf("%s: group %s next %s, want %s %s", tc.st, g, n, tc.group, tc.next)
		}
	}
}
