package rates_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/rates"
)

// fakePartner is the provider at its process boundary: it counts quote
// calls, answers the sandbox's default quotations, and can hold every
// answer until released or fail.
type fakePartner struct {
	calls atomic.Int64
	fail  atomic.Bool
	gate  chan struct{} // when non-nil, each call waits for it to close
}

func (p *fakePartner) CreateQuote(ctx context.Context, _ string, req partner.QuoteRequest) (partner.Quote, error) {
	p.calls.Add(1)
	if p.gate != nil {
		select {
		case <-p.gate:
		case <-ctx.Done():
			return partner.Quote{}, ctx.Err()
		}
	}
	if p.fail.Load() {
		return partner.Quote{}, errors.New("partner: 503")
	}
	q := map[string]string{"USDC/BRL": "5.39", "USDC/MXN": "18.45", "USDC/USD": "0.999"}[req.Symbol]
	return partner.Quote{ID: "qt_1", Symbol: req.Symbol, Side: req.Side, Quotation: q, FeeBps: 50, FeeFixed: "0"}, nil
}

// clock is a settable clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func setup(t *testing.T) (*rates.Book, *fakePartner, *clock) {
	t.Helper()
	p := &fakePartner{}
	c := &clock{now: time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)}
	return rates.New(p, c.Now, nil), p, c
}

// readMany reads the book from n goroutines at once and returns the errors.
func readMany(t *testing.T, b *rates.Book, n int) []error {
	t.Helper()
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			snap, err := b.Rates(ctx)
			if err == nil && len(snap.Rates) != len(rates.Corridors) {
				err = errors.New("incomplete snapshot")
			}
			errs[i] = err
		})
	}
	wg.Wait()
	return errs
}

func TestRates(t *testing.T) {
	t.Parallel()

	t.Run("the indicative rates of the default sandbox quotations", func(t *testing.T) {
		t.Parallel()
		b, _, _ := setup(t)
		snap, err := b.Rates(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		brl, _ := snap.Find("USDC/BRL")
		mxn, _ := snap.Find("USDC/MXN")
		// 5.39 / 0.999 * 1.005 and 18.45 / 0.999 * 1.005; reverse 5.39 * 0.995.
		if brl.OnRamp != "5.4224" || brl.OffRamp != "5.3631" || mxn.OnRamp != "18.5608" {
			t.Fatalf("rates %+v %+v", brl, mxn)
		}
	})

	t.Run("many readers of an empty book share one refresh", func(t *testing.T) {
		t.Parallel()
		b, p, _ := setup(t)
		p.gate = make(chan struct{})
		done := make(chan []error)
		go func() { done <- readMany(t, b, 200) }()
		// Every reader waits on the one refresh the first one started.
		for p.calls.Load() < int64(rates.CallsPerRefresh) {
			time.Sleep(time.Millisecond)
		}
		close(p.gate)
		for _, err := range <-done {
			if err != nil {
				t.Fatal(err)
			}
		}
		if got := p.calls.Load(); got != int64(rates.CallsPerRefresh) {
			t.Fatalf("%d partner calls for 200 concurrent first reads, want %d", got, rates.CallsPerRefresh)
		}
	})

	t.Run("partner calls stay bounded over a minute of heavy reading", func(t *testing.T) {
		t.Parallel()
		b, p, c := setup(t)
		// 60 simulated seconds, 100 concurrent reads each second: at most one
		// refresh per 30 s (plus the first).
		for range 60 {
			for _, err := range readMany(t, b, 100) {
				if err != nil {
					t.Fatal(err)
				}
			}
			c.Add(time.Second)
		}
		waitIdle(t, b)
		if got, most := p.calls.Load(), int64(3*rates.CallsPerRefresh); got > most || got < int64(2*rates.CallsPerRefresh) {
			t.Fatalf("%d partner calls in a minute of 6,000 reads, want between %d and %d", got, 2*rates.CallsPerRefresh, most)
		}
	})

	t.Run("a stale rate is served at once while it is refreshed", func(t *testing.T) {
		t.Parallel()
		b, p, c := setup(t)
		first, err := b.Rates(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		c.Add(31 * time.Second)
		p.gate = make(chan struct{}) // the refresh hangs: readers must not
		for _, err := range readMany(t, b, 50) {
			if err != nil {
				t.Fatal(err)
			}
		}
		if !b.Refreshing() {
			t.Fatal("no refresh started by reading a stale rate")
		}
		close(p.gate)
		waitIdle(t, b)
		if got := p.calls.Load(); got != int64(2*rates.CallsPerRefresh) {
			t.Fatalf("%d partner calls, want one refresh after the first (%d)", got, 2*rates.CallsPerRefresh)
		}
		next, err := b.Rates(context.Background())
		if err != nil || !next.AsOf.After(first.AsOf) {
			t.Fatalf("after the refresh: as of %s (first %s), err %v", next.AsOf, first.AsOf, err)
		}
	})

	t.Run("a failing partner is asked at most once per backoff", func(t *testing.T) {
		t.Parallel()
		b, p, c := setup(t)
		p.fail.Store(true)
		for range 30 { // 30 simulated seconds; Backoff is 10 s
			for _, err := range readMany(t, b, 20) {
				if !errors.Is(err, rates.ErrUnavailable) {
					t.Fatalf("err %v, want ErrUnavailable", err)
				}
			}
			c.Add(time.Second)
		}
		if got := p.calls.Load(); got > int64(3*rates.CallsPerRefresh) {
			t.Fatalf("%d partner calls in 30 s of a failing partner, want at most %d", got, 3*rates.CallsPerRefresh)
		}
		// Back up: the next read after the backoff gets rates again.
		p.fail.Store(false)
		c.Add(rates.DefaultBackoff)
		if _, err := b.Rates(context.Background()); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("the last rates are kept while the partner fails, until stale", func(t *testing.T) {
		t.Parallel()
		b, p, c := setup(t)
		if _, err := b.Rates(context.Background()); err != nil {
			t.Fatal(err)
		}
		p.fail.Store(true)
		c.Add(rates.DefaultFresh + time.Second)
		if _, err := b.Rates(context.Background()); err != nil {
			t.Fatalf("a rate within Stale: %v", err)
		}
		waitIdle(t, b)
		c.Add(rates.DefaultStale)
		if _, err := b.Rates(context.Background()); !errors.Is(err, rates.ErrUnavailable) {
			t.Fatalf("a rate past Stale: err %v, want ErrUnavailable", err)
		}
	})
}

// waitIdle waits until no refresh runs (a read of a fresh book returns at
// once; a background refresh ends by itself).
func waitIdle(t *testing.T, b *rates.Book) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for b.Refreshing() {
		if time.Now().After(deadline) {
			t.Fatal("a refresh did not end")
		}
		time.Sleep(time.Millisecond)
	}
}
