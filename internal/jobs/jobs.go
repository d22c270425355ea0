// Package jobs runs durable background work in the application database with
// River: jobs are inserted in the same transaction as the change that causes
// them (InsertTx), retried with backoff, and survive restarts. River needs a
// driver per engine (riversqlite over *sql.DB, riverpgxv5 over pgx); this
// package hides that choice behind one Queue.
package jobs

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"github.com/crebit/crebit/internal/store"
)

// Queue inserts and works jobs on the application database.
type Queue struct {
	db      *store.DB
	log     *slog.Logger
	workers *river.Workers
	// PollInterval is how often idle workers look for jobs they were not
	// woken for: a transaction that inserts a job wakes this process's
	// workers when it commits (wake.go), and on PostgreSQL other instances'
	// inserts arrive by LISTEN/NOTIFY, so polling is only the safety net
	// for jobs River's scheduler makes due and periodic jobs (1 s on both
	// engines; it was 20 ms on SQLite and 200 ms on PostgreSQL, most of an
	// idle server's CPU).
	PollInterval time.Duration
	periodic     []*river.PeriodicJob
	// OnError, when set, is told of every failed attempt: the job's kind
	// and whether it was the last (metrics count retries and failures).
	OnError func(kind string, final bool)
	// RescueAfter is how long a job may be running before it is taken for
	// abandoned by a crashed process and run again (default a minute).
	RescueAfter time.Duration

	sqlite *river.Client[*sql.Tx]
	pg     *river.Client[pgx.Tx]
	wake   *wakeListener
}

// New returns a Queue whose workers are registered with Register before Init.
func New(db *store.DB, log *slog.Logger) *Queue {
	return &Queue{db: db, log: log, workers: river.NewWorkers(), PollInterval: time.Second, wake: newWakeListener()}
}

// Register adds a worker; call it before Init.
func Register[T river.JobArgs](q *Queue, w river.Worker[T]) {
	river.AddWorker(q.workers, w)
}

// Periodic adds a job inserted on a schedule (with River's leader election,
// only one instance inserts it). Call before Init.
func (q *Queue) Periodic(every time.Duration, args func() river.JobArgs) {
	q.periodic = append(q.periodic, river.NewPeriodicJob(river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) { return args(), nil },
		&river.PeriodicJobOpts{RunOnStart: true}))
}

// Init builds the River client. Jobs can be inserted after Init; they are
// worked only after Start.
func (q *Queue) Init() error {
	rescue := q.RescueAfter
	if rescue <= 0 {
		rescue = time.Minute
	}
	cfg := &river.Config{
		// Jobs mostly wait (on the database, a partner or SMTP): 50 at a time
		// keep a deadline rush moving (docs/PERFORMANCE.md, "Deadline rush").
		Queues:            map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 50}},
		Workers:           q.workers,
		PeriodicJobs:      q.periodic,
		FetchPollInterval: q.PollInterval,
		FetchCooldown:     min(q.PollInterval, 10*time.Millisecond),
		// A job gets 50 s (a partner call with its retries fits); one left
		// running by a crash is rescued after a minute instead of River's
		// default hour.
		JobTimeout:           min(50*time.Second, rescue),
		RescueStuckJobsAfter: rescue,
		ErrorHandler:         &errorHandler{q: q},
		Logger:               q.log.With("component", "river"),
		MaxAttempts:          MaxAttempts,
	}
	var err error
	switch q.db.Engine() {
	case store.SQLite:
		q.sqlite, err = river.NewClient(newSQLiteDriver(q.db.SQLDB(), q.wake), cfg)
	case store.Postgres:
		q.pg, err = river.NewClient(newPGDriver(riverpgxv5.New(q.db.Pool()), q.wake), cfg)
	}
	if err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	return nil
}

// Start begins working jobs. The queue runs until Stop, whatever becomes
// of ctx: River ends abruptly, cancelling running jobs mid-way, when the
// context given to its Start is cancelled, and a server's context ends at
// the first signal, before Stop has let running jobs finish.
func (q *Queue) Start(ctx context.Context) error {
	ctx = context.WithoutCancel(ctx)
	if q.sqlite != nil {
		return q.sqlite.Start(ctx)
	}
	if q.pg != nil {
		return q.pg.Start(ctx)
	}
	return errors.New("jobs: Start before Init")
}

// riverClient is what Stop needs of either engine's River client.
type riverClient interface {
	Stop(ctx context.Context) error
	StopAndCancel(ctx context.Context) error
}

// Stop stops fetching jobs and waits for running ones to finish; should
// ctx end first, it cancels the jobs still running (River's StopAndCancel,
// which waits up to stopCancelWait for them to return) and reports ctx's
// error.
func (q *Queue) Stop(ctx context.Context) error {
	var c riverClient
	switch {
	case q.sqlite != nil:
		c = q.sqlite
	case q.pg != nil:
		c = q.pg
	default:
		return nil
	}
	err := c.Stop(ctx)
	if err != nil && ctx.Err() != nil {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), stopCancelWait)
		defer cancel()
		_ = c.StopAndCancel(cctx) // a cancelled job is retried like any failed attempt
	}
	return err
}

// stopCancelWait is how long Stop waits for cancelled jobs to return once
// its own deadline has passed.
const stopCancelWait = 5 * time.Second

// MaxAttempts is how often a job is tried before it is given up.
const MaxAttempts = 25

// errorHandler logs a job's last failed attempt at ERROR with the payment
// it was about, and reports every failed attempt to OnError.
type errorHandler struct{ q *Queue }

func (h *errorHandler) HandleError(ctx context.Context, job *rivertype.JobRow, err error) *river.ErrorHandlerResult {
	h.report(job, "error", err.Error())
	return nil
}

func (h *errorHandler) HandlePanic(ctx context.Context, job *rivertype.JobRow, panicVal any, trace string) *river.ErrorHandlerResult {
	h.report(job, "panic", fmt.Sprint(panicVal))
	return nil
}

func (h *errorHandler) report(job *rivertype.JobRow, what, msg string) {
	final := job.Attempt >= job.MaxAttempts
	if h.q.OnError != nil {
		h.q.OnError(job.Kind, final)
	}
	if !final {
		return
	}
	var args struct {
		PaymentID string `json:"payment_id"`
		EventID   string `json:"event_id"`
	}
	_ = json.Unmarshal(job.EncodedArgs, &args)
	h.q.log.Error("job gave up after its last attempt", "kind", job.Kind, "job_id", job.ID, "attempts", job.Attempt,
		"transaction_id", args.PaymentID, "event_id", args.EventID, what, msg)
}

// InsertTx enqueues a job inside tx: it exists only if tx commits, and
// this process's workers are woken when it does.
func (q *Queue) InsertTx(ctx context.Context, tx *store.Tx, args river.JobArgs, opts *river.InsertOpts) error {
	ctx = tx.Context(ctx) // not cancelled mid-way when the transaction is shared
	var err error
	switch raw := tx.Raw().(type) {
	case *sql.Tx:
		if q.sqlite == nil {
			return errors.New("jobs: InsertTx before Init")
		}
		_, err = q.sqlite.InsertTx(ctx, raw, args, opts)
	case pgx.Tx:
		if q.pg == nil {
			return errors.New("jobs: InsertTx before Init")
		}
		_, err = q.pg.InsertTx(ctx, raw, args, opts)
	default:
		return fmt.Errorf("jobs: unknown transaction type %T", raw)
	}
	if err != nil {
		return fmt.Errorf("jobs: insert %s: %w", args.Kind(), err)
	}
	// Wake this process's workers once the job is visible (wake.go).
	tx.AfterCommit(q.wake.wake)
	return nil
}

// Migrate applies River's own versioned migrations on the database.
func Migrate(ctx context.Context, db *store.DB) error {
	var err error
	switch db.Engine() {
	case store.SQLite:
		var m *rivermigrate.Migrator[*sql.Tx]
		if m, err = rivermigrate.New(riversqlite.New(db.SQLDB()), nil); err == nil {
			_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
		}
	case store.Postgres:
		var m *rivermigrate.Migrator[pgx.Tx]
		if m, err = rivermigrate.New(riverpgxv5.New(db.Pool()), nil); err == nil {
			_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
		}
	}
	if err != nil {
		return fmt.Errorf("migrate jobs: %w", err)
	}
	return nil
}
