package jobs

import (
	"context"
	"database/sql"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
)

// Waking River on work instead of polling fast (issue #31).
//
// River's producer fetches jobs when its notifier hears of an insert, and
// otherwise every FetchPollInterval. On PostgreSQL the notifier LISTENs and
// an insert NOTIFYs, but River sends at most one insert notification per
// queue per FetchCooldown, counted from the insert, not the commit: a job
// inserted just after another may commit after the fetch the first one
// caused and then wait for the next poll. On SQLite River's driver has no
// LISTEN: its listener reads a notification table every 50 ms, and every
// insert writes a row there.
//
// So this process wakes its own producer when a transaction that inserted
// a job commits (InsertTx registers it with store.Tx.AfterCommit): the
// listener River is given hands River an insert notification for the
// queue. On PostgreSQL it does so beside the real LISTEN connection (other
// instances' inserts still arrive by NOTIFY); on SQLite, where one process
// owns the file, it is the whole listener: no notification table is
// written or read, and nothing runs while nothing happens. The poll is only
// the safety net (jobs made due by River's scheduler, periodic jobs, a
// missed wake), so it can be slow.

// insertNote is the notification River's producer fetches on.
var insertNote = riverdriver.Notification{Topic: "river_insert", Payload: `{"queue":"default"}`}

// wakeListener is a riverdriver.Listener that delivers in-process wakes,
// merged with inner's notifications when inner is set (PostgreSQL).
type wakeListener struct {
	inner riverdriver.Listener
	kick  chan struct{} // holds at most one pending wake

	mu        sync.Mutex
	schema    string
	listening bool // River listens on the insert topic
}

func newWakeListener() *wakeListener { return &wakeListener{kick: make(chan struct{}, 1)} }

// wake asks the producer to fetch; wakes that come while one is pending
// are one wake.
func (l *wakeListener) wake() {
	select {
	case l.kick <- struct{}{}:
	default:
	}
}

func (l *wakeListener) Close(ctx context.Context) error {
	if l.inner != nil {
		return l.inner.Close(ctx)
	}
	return nil
}

func (l *wakeListener) Connect(ctx context.Context) error {
	if l.inner != nil {
		return l.inner.Connect(ctx)
	}
	return nil
}

func (l *wakeListener) Listen(ctx context.Context, topic string) error {
	if topic == insertNote.Topic {
		l.mu.Lock()
		l.listening = true
		l.mu.Unlock()
	}
	if l.inner != nil {
		return l.inner.Listen(ctx, topic)
	}
	return nil
}

func (l *wakeListener) Unlisten(ctx context.Context, topic string) error {
	if topic == insertNote.Topic {
		l.mu.Lock()
		l.listening = false
		l.mu.Unlock()
	}
	if l.inner != nil {
		return l.inner.Unlisten(ctx, topic)
	}
	return nil
}

func (l *wakeListener) Ping(ctx context.Context) error {
	if l.inner != nil {
		return l.inner.Ping(ctx)
	}
	return nil
}

func (l *wakeListener) Schema() string {
	if l.inner != nil {
		return l.inner.Schema()
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.schema
}

func (l *wakeListener) SetAfterConnectExec(sql string) {
	if l.inner != nil {
		l.inner.SetAfterConnectExec(sql)
	}
}

// note is the insert notification, unless River does not listen for it.
func (l *wakeListener) note() (*riverdriver.Notification, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.listening {
		return nil, false
	}
	n := insertNote
	return &n, true
}

// WaitForNotification returns the next wake or, with inner, the next
// notification from the database, whichever comes first; ctx ending
// returns its error (River's notifier cancels a wait to listen on another
// topic or to ping).
func (l *wakeListener) WaitForNotification(ctx context.Context) (*riverdriver.Notification, error) {
	for {
		if l.inner == nil {
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-l.kick:
			}
			if n, ok := l.note(); ok {
				return n, nil
			}
			continue
		}
		n, err := l.waitInner(ctx)
		if n != nil || err != nil {
			return n, err
		}
	}
}

// waitInner waits on inner, interrupting it when a wake comes. It returns
// (nil, nil) for a wake River does not listen for.
func (l *wakeListener) waitInner(ctx context.Context) (*riverdriver.Notification, error) {
	select {
	case <-l.kick:
		n, _ := l.note()
		return n, nil
	default:
	}
	wctx, cancel := context.WithCancel(ctx)
	woken := make(chan bool, 1)
	go func() {
		select {
		case <-l.kick:
			cancel()
			woken <- true
		case <-wctx.Done():
			woken <- false
		}
	}()
	n, err := l.inner.WaitForNotification(wctx)
	cancel()
	if <-woken {
		if err == nil && n != nil {
			l.wake() // both came: deliver the database's now, the wake next
			return n, nil
		}
		if ctx.Err() != nil {
			l.wake() // River interrupted the wait: keep the wake for the next one
			return nil, ctx.Err()
		}
		wn, _ := l.note()
		return wn, nil
	}
	return n, err
}

// sqliteDriver is River's SQLite driver with the in-process listener and
// without River's notification table.
type sqliteDriver struct {
	*riversqlite.Driver
	listener *wakeListener
}

func (d *sqliteDriver) GetListener(params *riverdriver.GetListenenerParams) riverdriver.Listener {
	d.listener.mu.Lock()
	d.listener.schema = params.Schema
	d.listener.mu.Unlock()
	return d.listener
}

// SupportsListenNotify is false: River then writes no notification rows
// (nobody reads them; this process's inserts wake it through the listener).
func (d *sqliteDriver) SupportsListenNotify() bool { return false }

func newSQLiteDriver(db *sql.DB, l *wakeListener) riverdriver.Driver[*sql.Tx] {
	return &sqliteDriver{Driver: riversqlite.New(db), listener: l}
}

// pgDriver is River's pgx driver whose listener also hears this process's
// wakes.
type pgDriver struct {
	*riverpgxv5.Driver
	listener *wakeListener
}

func (d *pgDriver) GetListener(params *riverdriver.GetListenenerParams) riverdriver.Listener {
	d.listener.inner = d.Driver.GetListener(params)
	return d.listener
}

func newPGDriver(d *riverpgxv5.Driver, l *wakeListener) riverdriver.Driver[pgx.Tx] {
	return &pgDriver{Driver: d, listener: l}
}
