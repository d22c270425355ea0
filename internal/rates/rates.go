// Package rates keeps each corridor's indicative rate in memory, so the
// rates a visitor sees (the header, the calculator, every "live rate") cost
// no partner call and no database write per page view.
//
// A Book asks the partner for every corridor's legs at most once per Fresh
// (30 s), and only when someone reads a rate: an idle server makes no
// partner calls and runs no timer. A read of a rate older than Fresh is
// answered with it at once and starts one refresh in the background; only
// a reader with no rate, or one older than Stale, waits for the refresh.
// Concurrent readers share one refresh (a single flight), and a failed
// refresh is not tried again for Backoff, so the partner sees a bounded
// number of calls per minute whatever the traffic: at most
// CallsPerRefresh per Fresh while it answers, per Backoff while it fails.
//
// A rate here is indicative: it locks nothing. The quote a payer pays with
// is still a locked partner quote (POST /api/create-quote).
package rates

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/pricing"
	"github.com/crebit/crebit/internal/randid"
)

// Partner is the part of the provider a Book needs.
type Partner interface {
	CreateQuote(ctx context.Context, idemKey string, req partner.QuoteRequest) (partner.Quote, error)
}

// Corridors are the quote symbols and their local currencies, in the order
// the rates are listed.
var Corridors = []Corridor{{Symbol: "USDC/BRL", Local: money.BRL}, {Symbol: "USDC/MXN", Local: money.MXN}}

// Corridor is one payer currency's quote symbol.
type Corridor struct {
	Symbol string
	Local  money.Currency
}

// CallsPerRefresh is how many partner calls one refresh makes: the shared
// USDC -> USD leg, and per corridor its on-ramp and its reverse off-ramp.
var CallsPerRefresh = 1 + 2*len(Corridors)

// Rate is one corridor's indicative rate, exact decimal text with
// pricing.RateScale decimals.
type Rate struct {
	Symbol string
	Local  money.Currency
	// OnRamp is the local currency a payer pays per USD delivered, fees
	// included (pricing.Indicative): what a large quote costs per USD.
	OnRamp string
	// OffRamp is the local currency received per USD sent the other way,
	// the fee taken out (pricing.IndicativeReverse).
	OffRamp string
}

// Snapshot is every corridor's rate as read from the partner at AsOf.
type Snapshot struct {
	Rates []Rate
	AsOf  time.Time
}

// Find returns the snapshot's rate for symbol.
func (s Snapshot) Find(symbol string) (Rate, bool) {
	for _, r := range s.Rates {
		if r.Symbol == symbol {
			return r, true
		}
	}
	return Rate{}, false
}

// ErrUnavailable is returned when there is no usable rate: the partner did
// not answer and what the book had, if anything, is older than Stale.
var ErrUnavailable = errors.New("rates: the exchange-rate provider is unavailable")

// Defaults of a Book's timings.
const (
	DefaultFresh   = 30 * time.Second
	DefaultStale   = 5 * time.Minute
	DefaultBackoff = 10 * time.Second
	// refreshTimeout bounds one refresh (a partner call with its retries).
	refreshTimeout = 20 * time.Second
)

// Book is the in-memory rates of every corridor; safe for concurrent use.
type Book struct {
	partner Partner
	now     func() time.Time
	log     *slog.Logger
	// Fresh is how long a snapshot is served without asking the partner;
	// Stale how long it may still be served while a refresh runs;
	// Backoff how long after a failed refresh no other is started.
	Fresh, Stale, Backoff time.Duration

	mu       sync.Mutex
	snap     Snapshot
	have     bool
	failedAt time.Time
	inflight chan struct{} // closed when the running refresh ends; nil when none runs
}

// New returns an empty Book reading from p; now is the clock.
func New(p Partner, now func() time.Time, log *slog.Logger) *Book {
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Book{partner: p, now: now, log: log, Fresh: DefaultFresh, Stale: DefaultStale, Backoff: DefaultBackoff}
}

// Rates returns every corridor's rate: from memory when it is fresh, else
// as described in the package comment. The error is ErrUnavailable, or
// ctx's when it ends while waiting.
func (b *Book) Rates(ctx context.Context) (Snapshot, error) {
	b.mu.Lock()
	now := b.now()
	age := now.Sub(b.snap.AsOf)
	if b.have && age < b.Fresh {
		s := b.snap
		b.mu.Unlock()
		return s, nil
	}
	wait := b.refreshLocked(now)
	if b.have && age < b.Stale {
		s := b.snap
		b.mu.Unlock()
		return s, nil
	}
	b.mu.Unlock()
	if wait == nil {
		return Snapshot{}, ErrUnavailable // failed a moment ago: not asked again yet
	}
	select {
	case <-wait:
	case <-ctx.Done():
		return Snapshot{}, ctx.Err()
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.have && b.now().Sub(b.snap.AsOf) < b.Stale {
		return b.snap, nil
	}
	return Snapshot{}, ErrUnavailable
}

// refreshLocked starts a refresh unless one runs or the last failed less
// than Backoff ago, and returns the channel closed when the running one
// ends (nil when none runs). b.mu is held.
func (b *Book) refreshLocked(now time.Time) <-chan struct{} {
	if b.inflight != nil {
		return b.inflight
	}
	if !b.failedAt.IsZero() && now.Sub(b.failedAt) < b.Backoff {
		return nil
	}
	done := make(chan struct{})
	b.inflight = done
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), refreshTimeout)
		defer cancel()
		snap, err := b.fetch(ctx)
		b.mu.Lock()
		if err != nil {
			b.failedAt = b.now()
			b.log.Warn("indicative rates: refresh failed; serving the last rates while they last", "err", err)
		} else {
			b.snap, b.have, b.failedAt = snap, true, time.Time{}
		}
		b.inflight = nil
		b.mu.Unlock()
		close(done)
	}()
	return done
}

// fetch asks the partner for every leg at once and prices the rates.
func (b *Book) fetch(ctx context.Context) (Snapshot, error) {
	type answer struct {
		q   partner.Quote
		err error
	}
	ask := func(symbol, side string) <-chan answer {
		ch := make(chan answer, 1)
		go func() {
			q, err := b.partner.CreateQuote(ctx, randid.New("idem"), partner.QuoteRequest{Symbol: symbol, Side: side})
			ch <- answer{q, err}
		}()
		return ch
	}
	usd := ask("USDC/USD", partner.OffRamp)
	on := make([]<-chan answer, len(Corridors))
	rev := make([]<-chan answer, len(Corridors))
	for i, c := range Corridors {
		on[i], rev[i] = ask(c.Symbol, partner.OnRamp), ask(c.Symbol, partner.OffRamp)
	}
	off := <-usd
	snap := Snapshot{AsOf: b.now()}
	var errs []error
	if off.err != nil {
		errs = append(errs, fmt.Errorf("USDC/USD off-ramp: %w", off.err))
	}
	for i, c := range Corridors {
		o, r := <-on[i], <-rev[i]
		if err := errors.Join(off.err, o.err, r.err); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", c.Symbol, errors.Join(o.err, r.err)))
			continue
		}
		rate, err := price(c, o.q, off.q, r.q)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", c.Symbol, err))
			continue
		}
		snap.Rates = append(snap.Rates, rate)
	}
	if err := errors.Join(errs...); err != nil {
		return Snapshot{}, err
	}
	return snap, nil
}

// price turns a corridor's partner legs into its rates, checking them as
// the quote path does.
func price(c Corridor, on, off, rev partner.Quote) (Rate, error) {
	onRate, err1 := money.ParseRate(on.Quotation)
	offRate, err2 := money.ParseRate(off.Quotation)
	revRate, err3 := money.ParseRate(rev.Quotation)
	if err := errors.Join(err1, err2, err3, pricing.ValidateRates(onRate, offRate, off.FeeBps)); err != nil {
		return Rate{}, fmt.Errorf("partner quote not understood: %w", err)
	}
	if revRate.Sign() <= 0 || rev.FeeBps < 0 || rev.FeeBps >= 10000 {
		return Rate{}, fmt.Errorf("partner reverse quote not understood: %s, %d bps", rev.Quotation, rev.FeeBps)
	}
	return Rate{Symbol: c.Symbol, Local: c.Local, OnRamp: pricing.Indicative(onRate, offRate, off.FeeBps),
		OffRamp: pricing.IndicativeReverse(revRate, rev.FeeBps)}, nil
}

// Refreshing reports whether a refresh is running.
func (b *Book) Refreshing() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.inflight != nil
}
