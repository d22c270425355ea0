package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// Notify sends a PostgreSQL notification on channel with payload. It is
// transactional: listeners receive it only if and when tx commits.
func (tx *Tx) Notify(ctx context.Context, channel, payload string) error {
	if tx.engine != Postgres {
		return errors.New("store: NOTIFY needs PostgreSQL")
	}
	_, err := tx.exec(ctx, `SELECT pg_notify(?, ?)`, channel, payload)
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
