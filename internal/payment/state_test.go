package payment_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/crebit/crebit/internal/payment"
)

func TestStateValidAndTerminal(t *testing.T) {
	t.Parallel()
	tests := []struct {
		state    payment.State
		valid    bool
		terminal bool
	}{
		{"created", true, false},
		{"awaiting_payin", true, false},
		{"payin_processing", true, false},
		{"payin_completed", true, false},
		{"offramp_created", true, false},
		{"completed", true, true},
		{"check_mailed", true, true},
		{"expired", true, true},
		{"failed", true, true},
		{"refunded", true, true},
		{"", false, false},
		{"Created", false, false},
		{"payin-completed", false, false},
	}
	for _, tt := range tests {
		t.Run(string(tt.state), func(t *testing.T) {
			t.Parallel()
			if got := tt.state.Valid(); got != tt.valid {
				t.Errorf("Valid() = %v, want %v", got, tt.valid)
			}
			if got := tt.state.Terminal(); got != tt.terminal {
				t.Errorf("Terminal() = %v, want %v", got, tt.terminal)
			}
			got, err := payment.ParseState(string(tt.state))
			if tt.valid && (err != nil || got != tt.state) {
				t.Errorf("ParseState() = %q, %v; want %q", got, err, tt.state)
			}
			if !tt.valid && !errors.Is(err, payment.ErrUnknownState) {
				t.Errorf("ParseState() error = %v, want ErrUnknownState", err)
			}
		})
	}
}

func TestStages(t *testing.T) {
	t.Parallel()
	tests := []struct {
		delivery payment.Delivery
		want     []payment.State
	}{
		{bank, []payment.State{sC, sA, sP, sPC, sOC, sD}},
		{check, []payment.State{sC, sA, sP, sPC, sOC, sM}},
		{"wire", nil},
	}
	for _, tt := range tests {
		t.Run(string(tt.delivery), func(t *testing.T) {
			t.Parallel()
			if got := payment.Stages(tt.delivery); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Stages(%q) = %v, want %v", tt.delivery, got, tt.want)
			}
		})
	}
}

func TestCanTransition(t *testing.T) {
	t.Parallel()
	allowed := map[payment.State][]payment.State{
		sC:  {sA, sP, sPC, sE, sF},
		sA:  {sP, sPC, sE, sF},
		sP:  {sPC, sF},
		sPC: {sOC, sR},
		sOC: {sD, sM},
		sE:  {sR},
		sF:  {sR},
	}
	for _, from := range append(allStates, "bogus") {
		for _, to := range append(allStates, "bogus") {
			want := false
			for _, s := range allowed[from] {
				want = want || s == to
			}
			if got := payment.CanTransition(from, to); got != want {
				t.Errorf("CanTransition(%s, %s) = %v, want %v", from, to, got, want)
			}
		}
	}
}

func TestParseEventAndDelivery(t *testing.T) {
	t.Parallel()
	for _, e := range allEvents {
		if got, err := payment.ParseEvent(string(e)); err != nil || got != e || !e.Valid() {
			t.Errorf("ParseEvent(%q) = %q, %v", e, got, err)
		}
	}
	for _, s := range []string{"", "PAYIN_COMPLETED", "refund", "payin.completed"} {
		if _, err := payment.ParseEvent(s); !errors.Is(err, payment.ErrUnknownEvent) {
			t.Errorf("ParseEvent(%q) error = %v, want ErrUnknownEvent", s, err)
		}
	}
	for _, d := range []payment.Delivery{bank, check} {
		if got, err := payment.ParseDelivery(string(d)); err != nil || got != d {
			t.Errorf("ParseDelivery(%q) = %q, %v", d, got, err)
		}
	}
	for _, s := range []string{"", "usd_bank_transfer", "check"} {
		if _, err := payment.ParseDelivery(s); !errors.Is(err, payment.ErrUnknownDelivery) {
			t.Errorf("ParseDelivery(%q) error = %v, want ErrUnknownDelivery", s, err)
		}
	}
}
