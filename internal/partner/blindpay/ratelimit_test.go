package blindpay

import (
	"errors"
	"testing"
	"time"
)

func TestPacer(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	p := newPacer(60, 2) // one a second, bursts of two
	p.now = func() time.Time { return now }
	deadline := now.Add(1500 * time.Millisecond)
	var got []time.Duration
	for range 3 {
		w, err := p.reserve(deadline, true)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, w)
	}
	want := []time.Duration{0, 0, time.Second}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("waits %v, want %v", got, want)
		}
	}
	if _, err := p.reserve(deadline, true); !errors.Is(err, ErrLocalRateLimit) {
		t.Fatalf("fourth request before the deadline: %v", err)
	}
	// The refused request booked nothing: a second later a slot is free
	// one second ahead, not two.
	now = now.Add(time.Second)
	if w, err := p.reserve(time.Time{}, false); err != nil || w != time.Second {
		t.Errorf("after a second: wait %v, %v; want 1s", w, err)
	}
	// After a quiet minute the burst is available again.
	now = now.Add(time.Minute)
	for range 2 {
		if w, _ := p.reserve(time.Time{}, false); w != 0 {
			t.Errorf("after a quiet minute: wait %v", w)
		}
	}
	if newPacer(0, 5) != nil {
		t.Error("a zero rate must mean no pacing")
	}
}

// A paced client waits between requests instead of sending them at once.
func TestClientPacing(t *testing.T) {
	t.Parallel()
	f := setup(t)
	f.client.pace = newPacer(40, 1) // the development instances' limit
	start := time.Now()
	f.client.pace.now = func() time.Time { return start } // time stands still
	slept := waits(f.client)
	for range 3 {
		if _, err := f.client.GetPayin(t.Context(), "pi_000000000000"); err != nil {
			t.Fatal(err)
		}
	}
	w := slept()
	if len(w) != 2 {
		t.Fatalf("waits %v, want two", w)
	}
	// 40 a minute is a slot every 1.5s.
	if w[0] != 1500*time.Millisecond || w[1] != 3*time.Second {
		t.Errorf("waits %v, want [1.5s 3s]", w)
	}
}
