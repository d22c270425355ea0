package payment_test

import (
	"reflect"
	"testing"

	"github.com/crebit/crebit/internal/payment"
)

func TestApplyEveryStateAndEvent(t *testing.T) {
	t.Parallel()
	tests := []struct {
		from     payment.State
		event    payment.Event
		delivery payment.Delivery // bank when empty
		path     []payment.State  // nil when ignored
		kinds    []string
	}{
		{sC, eOpened, "", path(sA), nil},
		{sC, ePP, "", path(sP), nil},
		{sC, ePC, "", path(sPC), kinds(kPayin)},
		{sC, eOC, "", path(sPC, sOC), kinds(kPayin, kConvert)},
		{sC, eOD, "", path(sPC, sOC, sD), kinds(kPayin, kConvert, kPayout)},
		{sC, eOD, check, path(sPC, sOC, sM), kinds(kPayin, kConvert, kPayout)},
		{sC, eFailed, "", path(sF), nil},
		{sC, eExpire, "", path(sE), nil},

		{sA, eOpened, "", nil, nil},
		{sA, ePP, "", path(sP), nil},
		{sA, ePC, "", path(sPC), kinds(kPayin)},
		{sA, eOC, "", path(sPC, sOC), kinds(kPayin, kConvert)},
		{sA, eOD, "", path(sPC, sOC, sD), kinds(kPayin, kConvert, kPayout)},
		{sA, eFailed, "", path(sF), nil},
		{sA, eExpire, "", path(sE), nil},

		{sP, eOpened, "", nil, nil},
		{sP, ePP, "", nil, nil},
		{sP, ePC, "", path(sPC), kinds(kPayin)},
		{sP, eOC, "", path(sPC, sOC), kinds(kPayin, kConvert)},
		{sP, eOD, "", path(sPC, sOC, sD), kinds(kPayin, kConvert, kPayout)},
		{sP, eFailed, "", path(sF), nil},
		{sP, eExpire, "", nil, nil},

		{sPC, eOpened, "", nil, nil},
		{sPC, ePP, "", nil, nil},
		{sPC, ePC, "", nil, nil},
		{sPC, eOC, "", path(sOC), kinds(kConvert)},
		{sPC, eOD, "", path(sOC, sD), kinds(kConvert, kPayout)},
		{sPC, eOD, check, path(sOC, sM), kinds(kConvert, kPayout)},
		{sPC, eFailed, "", nil, nil},
		{sPC, eExpire, "", nil, nil},

		{sOC, eOpened, "", nil, nil},
		{sOC, ePP, "", nil, nil},
		{sOC, ePC, "", nil, nil},
		{sOC, eOC, "", nil, nil},
		{sOC, eOD, "", path(sD), kinds(kPayout)},
		{sOC, eOD, check, path(sM), kinds(kPayout)},
		{sOC, eFailed, "", nil, nil},
		{sOC, eExpire, "", nil, nil},

		{sD, eOpened, "", nil, nil},
		{sD, ePP, "", nil, nil},
		{sD, ePC, "", nil, nil},
		{sD, eOC, "", nil, nil},
		{sD, eOD, "", nil, nil},
		{sD, eFailed, "", nil, nil},
		{sD, eExpire, "", nil, nil},

		{sM, eOpened, check, nil, nil},
		{sM, ePP, check, nil, nil},
		{sM, ePC, check, nil, nil},
		{sM, eOC, check, nil, nil},
		{sM, eOD, check, nil, nil},
		{sM, eFailed, check, nil, nil},
		{sM, eExpire, check, nil, nil},

		{sE, eOpened, "", nil, nil},
		{sE, ePP, "", nil, nil},
		{sE, ePC, "", path(sR), kinds(kPayin, kRefund)},
		{sE, eOC, "", path(sR), kinds(kPayin, kRefund)},
		{sE, eOD, "", path(sR), kinds(kPayin, kRefund)},
		{sE, eFailed, "", nil, nil},
		{sE, eExpire, "", nil, nil},

		{sF, eOpened, "", nil, nil},
		{sF, ePP, "", nil, nil},
		{sF, ePC, "", path(sR), kinds(kPayin, kRefund)},
		{sF, eOC, check, path(sR), kinds(kPayin, kRefund)},
		{sF, eOD, "", path(sR), kinds(kPayin, kRefund)},
		{sF, eFailed, "", nil, nil},
		{sF, eExpire, "", nil, nil},

		{sR, eOpened, "", nil, nil},
		{sR, ePP, "", nil, nil},
		{sR, ePC, "", nil, nil},
		{sR, eOC, "", nil, nil},
		{sR, eOD, "", nil, nil},
		{sR, eFailed, "", nil, nil},
		{sR, eExpire, "", nil, nil},
	}

	covered := make(map[[2]string]bool)
	for _, tt := range tests {
		covered[[2]string{string(tt.from), string(tt.event)}] = true
	}
	for _, s := range allStates {
		for _, e := range allEvents {
			if !covered[[2]string{string(s), string(e)}] {
				t.Errorf("table misses state %s with event %s", s, e)
			}
		}
	}

	for _, tt := range tests {
		delivery := tt.delivery
		if delivery == "" {
			delivery = bank
		}
		t.Run(string(tt.from)+"/"+string(tt.event)+"/"+string(delivery), func(t *testing.T) {
			t.Parallel()
			out, err := payment.Apply(newPayment(tt.from, delivery), tt.event)
			if err != nil {
				t.Fatalf("Apply() error = %v", err)
			}
			wantIgnored := tt.path == nil
			wantTo := tt.from
			if !wantIgnored {
				wantTo = tt.path[len(tt.path)-1]
			}
			if out.From != tt.from || out.To != wantTo || out.Ignored != wantIgnored {
				t.Errorf("Apply() = %s -> %s ignored=%v, want %s -> %s ignored=%v",
					out.From, out.To, out.Ignored, tt.from, wantTo, wantIgnored)
			}
			if !reflect.DeepEqual(out.Path, tt.path) {
				t.Errorf("Path = %v, want %v", out.Path, tt.path)
			}
			if got := ledgerKinds(out); !reflect.DeepEqual(got, tt.kinds) {
				t.Errorf("ledger kinds = %v, want %v", got, tt.kinds)
			}
			if out.Refund != (wantTo == sR && !wantIgnored) {
				t.Errorf("Refund = %v for %s -> %s", out.Refund, out.From, out.To)
			}
			if out.Ignored != (out.Reason != "") {
				t.Errorf("Ignored = %v but Reason = %q", out.Ignored, out.Reason)
			}
		})
	}
}
