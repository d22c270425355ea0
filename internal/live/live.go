// Package live tells the instances of Crebit that a payment changed, so a
// browser's live status stream (Server-Sent Events) can push the new state
// whichever instance processed the webhook. A Broker publishes inside the
// transaction that changed the payment and subscribers hear of it only once
// that transaction has committed: on PostgreSQL through NOTIFY/LISTEN (one
// dedicated listening connection per instance, payload = the payment id),
// on SQLite (one process) through an in-process broadcast.
//
// A notification only says "payment X may have changed"; subscribers read
// the payment again, so a duplicate or coalesced notification is harmless.
package live

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/crebit/crebit/internal/store"
)

// Channel is the PostgreSQL notification channel.
const Channel = "crebit_payment_changed"

// Broker carries payment changes to subscribers.
type Broker interface {
	// PublishTx announces inside tx that paymentID changed; subscribers
	// hear of it once tx commits, and never if it rolls back.
	PublishTx(ctx context.Context, tx *store.Tx, paymentID string) error
	// Subscribe returns a channel that receives a value whenever paymentID
	// may have changed (values coalesce: one pending at most), and a
	// function that ends the subscription.
	Subscribe(paymentID string) (<-chan struct{}, func())
	// Run delivers notifications until ctx ends.
	Run(ctx context.Context) error
}

// New returns the broker for the database's engine.
func New(db *store.DB, log *slog.Logger) Broker {
	if db.Engine() == store.Postgres {
		return &pgBroker{db: db, log: log, hub: newHub(), ready: make(chan struct{})}
	}
	return &localBroker{hub: newHub()}
}

// hub fans notifications out to this process's subscribers.
type hub struct {
	mu   sync.Mutex
	subs map[string]map[chan struct{}]struct{}
}

func newHub() *hub { return &hub{subs: map[string]map[chan struct{}]struct{}{}} }

func (h *hub) Subscribe(paymentID string) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	if h.subs[paymentID] == nil {
		h.subs[paymentID] = map[chan struct{}]struct{}{}
	}
	h.subs[paymentID][ch] = struct{}{}
	h.mu.Unlock()
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			h.mu.Lock()
			delete(h.subs[paymentID], ch)
			if len(h.subs[paymentID]) == 0 {
				delete(h.subs, paymentID)
			}
			h.mu.Unlock()
		})
	}
}

// notify wakes paymentID's subscribers without ever blocking.
func (h *hub) notify(paymentID string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs[paymentID] {
		wake(ch)
	}
}

// notifyAll wakes every subscriber: after the listening connection was
// (re)established, anything may have changed meanwhile.
func (h *hub) notifyAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, set := range h.subs {
		for ch := range set {
			wake(ch)
		}
	}
}

func wake(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default: // one wake-up is already pending
	}
}

// localBroker is the in-process broadcast for SQLite.
type localBroker struct{ *hub }

func (b *localBroker) PublishTx(_ context.Context, tx *store.Tx, paymentID string) error {
	tx.AfterCommit(func() { b.notify(paymentID) })
	return nil
}

func (b *localBroker) Run(ctx context.Context) error {
	<-ctx.Done()
	return nil
}

// pgBroker is NOTIFY/LISTEN on PostgreSQL.
type pgBroker struct {
	*hub
	db        *store.DB
	log       *slog.Logger
	ready     chan struct{}
	readyOnce sync.Once
}

// PublishTx sends the notification inside tx: PostgreSQL delivers it to
// every listening instance (this one included) at commit.
func (b *pgBroker) PublishTx(ctx context.Context, tx *store.Tx, paymentID string) error {
	return tx.Notify(ctx, Channel, paymentID)
}

// Run keeps one listening connection open, reconnecting with backoff; on
// every (re)connection all subscribers re-read, since notifications sent
// while nobody listened are lost.
func (b *pgBroker) Run(ctx context.Context) error {
	backoff := 100 * time.Millisecond
	for {
		err := b.db.Listen(ctx, Channel, func() {
			backoff = 100 * time.Millisecond
			b.notifyAll()
			b.readyOnce.Do(func() { close(b.ready) })
		}, b.notify)
		if ctx.Err() != nil {
			return nil
		}
		b.log.Warn("live status: listening connection lost; reconnecting", "err", err, "in", backoff)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, 5*time.Second)
	}
}

// Ready is closed once the broker delivers notifications from other
// instances (at once for the in-process broker).
func Ready(b Broker) <-chan struct{} {
	if pg, ok := b.(*pgBroker); ok {
		return pg.ready
	}
	ch := make(chan struct{})
	close(ch)
	return ch
}
