package store

import (
	"context"
	"database/sql"
	"time"
)

// Checkpoints (SQLite). In WAL mode a commit appends the pages it changed
// to the WAL file, and a checkpoint copies them back into the database
// file, syncing both to disk. By default SQLite checkpoints in the
// committing connection every 1,000 pages: on our one writer connection,
// with every queued writer waiting for the copy and its two syncs.
// Measured at 32 browsers creating quotes, checkpoints in the writer cost a
// third of the rate (no checkpoint at all: 1,860 quotes/s against 1,237).
//
// So a connection of its own checkpoints every checkpointEvery in PASSIVE
// mode, beside the writer and the readers, blocking neither: it copies and
// syncs what has been committed. The writer still checkpoints itself, but
// only every 8,000 pages (wal_autocheckpoint in openSQLite), and then finds
// all but the last pages already copied. Only the writer can start the
// WAL file over from its beginning, and it does so after its own
// checkpoint, so the WAL stays near 8,000 pages (32 MiB) under sustained
// writes, as it stayed near 1,000 before. Measured with group commit in
// the same minutes: 1,340 to 1,494 quotes/s with this set-up (1,318 to
// 1,598 with the writer at 4,000 pages) against 1,237 to 1,307 with
// SQLite's default (PERFORMANCE.md).
//
// Durability does not change: a commit is in the WAL when DB.Tx returns,
// as before, and a crash before a checkpoint loses nothing (SQLite replays
// the WAL on open).

// checkpointEvery is how often the checkpointing connection runs.
const checkpointEvery = 100 * time.Millisecond

// startCheckpointer opens the checkpointing connection to the database at
// path and starts its loop; Close stops it.
func (db *DB) startCheckpointer(path string) error {
	c, err := sql.Open("sqlite", fileURI(path)+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return err
	}
	c.SetMaxOpenConns(1)
	c.SetConnMaxIdleTime(0)
	db.ckpt, db.ckptStop, db.ckptDone = c, make(chan struct{}), make(chan struct{})
	go db.checkpointLoop()
	return nil
}

func (db *DB) checkpointLoop() {
	defer close(db.ckptDone)
	tick := time.NewTicker(checkpointEvery)
	defer tick.Stop()
	for {
		select {
		case <-db.ckptStop:
			return
		case <-tick.C:
		}
		var busy, frames, copied int64
		err := db.ckpt.QueryRowContext(context.Background(), "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &frames, &copied)
		if err != nil {
			db.ckptErrors.Add(1) // the next round tries again
			continue
		}
		db.walFrames.Store(frames)
	}
}
