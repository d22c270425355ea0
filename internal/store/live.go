package store

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
)

// Notify sends a PostgreSQL notification on channel with payload. It is
// transactional: listeners receive it only if and when tx commits.
//
// In a transaction (DB.Tx) it is not sent at once: it rides on the next
// statement that can carry it (a payment's step, AdvancePayment), and what
// none carried is sent just before the commit. A payment's step used to
// cost a statement of its own for it (issue 31). Outside one (WriteOne,
// ReadOne) it is sent at once.
func (tx *Tx) Notify(ctx context.Context, channel, payload string) error {
	if tx.engine != Postgres {
		return errors.New("store: NOTIFY needs PostgreSQL")
	}
	if tx.raw == nil {
		_, err := tx.exec(ctx, `SELECT pg_notify(?, ?)`, channel, payload)
		return err
	}
	n := notification{channel, payload}
	for _, p := range tx.notifies {
		if p == n {
			return nil // PostgreSQL sends one of the same anyway
		}
	}
	tx.notifies = append(tx.notifies, n)
	return nil
}

// notification is a NOTIFY a transaction has yet to send.
type notification struct{ channel, payload string }

// takeNotifies returns the notifications not yet sent as a relation of
// (channel, payload) rows with its arguments, for a statement that sends
// them with pg_notify, and forgets them; "" when there are none.
func (tx *Tx) takeNotifies() (string, []any) {
	if len(tx.notifies) == 0 {
		return "", nil
	}
	var b strings.Builder
	args := make([]any, 0, 2*len(tx.notifies))
	b.WriteString("(VALUES ")
	for i, n := range tx.notifies {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("(CAST(? AS TEXT), CAST(? AS TEXT))")
		args = append(args, n.channel, n.payload)
	}
	b.WriteString(") AS notified (channel, payload)")
	tx.notifies = nil
	return b.String(), args
}

// flushNotifies sends what no statement carried, just before the commit.
func (tx *Tx) flushNotifies(ctx context.Context) error {
	rel, args := tx.takeNotifies()
	if rel == "" {
		return nil
	}
	_, err := tx.exec(ctx, `SELECT pg_notify(channel, payload) FROM `+rel, args...)
	return err
}

// Listen opens a dedicated PostgreSQL connection (outside the pool: a
// listening connection is never handed back), LISTENs on channel, calls
// ready once listening and then fn for every notification until ctx ends
// or the connection fails; it returns why it stopped.
func (db *DB) Listen(ctx context.Context, channel string, ready func(), fn func(payload string)) error {
	if db.pool == nil {
		return errors.New("store: LISTEN needs PostgreSQL")
	}
	conn, err := pgx.ConnectConfig(ctx, db.pool.Config().ConnConfig.Copy())
	if err != nil {
		return fmt.Errorf("listen: connect: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	ready()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		fn(n.Payload)
	}
}
