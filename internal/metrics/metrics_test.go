package metrics

import (
	"context"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"
)

func TestJobErrorsCountRetriesAndFailuresByKind(t *testing.T) {
	t.Parallel()
	m := New(func(context.Context) (map[string]int64, int64, error) { return nil, 0, nil }, func() float64 { return 3 })
	m.JobError("refund_payin", false)
	m.JobError("refund_payin", false)
	m.JobError("refund_payin", true)
	if v := testutil.ToFloat64(m.jobRetries.WithLabelValues("refund_payin")); v != 2 {
		t.Fatalf("retries %v, want 2", v)
	}
	if v := testutil.ToFloat64(m.jobFailures.WithLabelValues("refund_payin")); v != 1 {
		t.Fatalf("failures %v, want 1", v)
	}
	var nilM *Metrics
	nilM.JobError("x", true) // safe on nil
	nilM.Request("GET", "", 200, 0)
}
