package bpsandbox

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/bpsandbox/bpstore"
	"github.com/crebit/crebit/internal/bpsandbox/bpwire"
	"github.com/crebit/crebit/internal/store"
)

// advanceArgs is one scheduled step of the automatic progression: take
// Action on the object if it is still at step From.
type advanceArgs struct {
	Object string `json:"kind"` // customer, payin, payout
	ID     string `json:"id"`
	From   string `json:"from"`
	Action string `json:"action"`
}

func (advanceArgs) Kind() string { return "bpsandbox_advance" }

// schedule takes a step after delay, twice over: a timer in this process
// takes it on time once the transaction commits, and a job scheduled in the
// same transaction takes it if this process is gone by then (River
// promotes scheduled jobs only every few seconds); whichever comes second
// finds the step taken and does nothing. A zero delay schedules nothing:
// that step waits for Simulate.
func (s *Sandbox) schedule(ctx context.Context, tx *store.Tx, a advanceArgs, delay time.Duration) error {
	if delay <= 0 {
		return nil
	}
	tx.AfterCommit(func() {
		time.AfterFunc(delay, func() {
			if s.ctx.Err() == nil {
				s.autoAdvance(s.ctx, a)
			}
		})
	})
	// River schedules on real time; the injected clock only moves the
	// sandbox's own decisions (quote expiry, webhook timestamps).
	return s.queue.InsertTx(ctx, tx, a, &river.InsertOpts{ScheduledAt: time.Now().Add(delay)})
}

// autoAdvance takes a scheduled step once, when the object is still where
// the step expects it.
func (s *Sandbox) autoAdvance(ctx context.Context, a advanceArgs) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		return s.step(ctx, tx, a.Object, a.ID, a.Action, a.From)
	})
	if err != nil && ctx.Err() == nil {
		s.log.Warn("bpsandbox automatic step failed; the scheduled job retries", "kind", a.Object, "id", a.ID, "action", a.Action, "err", err)
	}
	return err
}

// step takes action on an object, and schedules the step after it. With
// from set (automatic steps), an object no longer at from is left alone.
func (s *Sandbox) step(ctx context.Context, tx *store.Tx, kind, id, action, from string) error {
	if kind == kindCustomer {
		rec, err := bpstore.LockCustomer(ctx, tx, id)
		if errors.Is(err, store.ErrNotFound) {
			return bpwire.Fail("CUSTOMERS_NOT_FOUND")
		}
		if err != nil || (from != "" && rec.Status != from) {
			return err
		}
		return s.decideKYC(ctx, tx, id, action)
	}
	rec, err := bpstore.Transfer(ctx, tx, kind, id)
	if errors.Is(err, store.ErrNotFound) {
		if kind == kindPayout {
			return bpwire.Fail("PAYOUTS_NOT_FOUND")
		}
		return bpwire.Fail("PAYINS_NOT_FOUND")
	}
	if err != nil || (from != "" && rec.Stage != from) {
		return err
	}
	var next string
	switch kind {
	case kindPayin:
		next, err = s.stepPayin(ctx, tx, rec, action)
	case kindPayout:
		next, err = s.stepPayout(ctx, tx, rec, action)
	default:
		return bpwire.Invalid("kind: customer, payin or payout")
	}
	if err != nil || next == "" {
		return err
	}
	after, err := bpstore.Transfer(ctx, tx, kind, id)
	if err != nil {
		return err
	}
	return s.schedule(ctx, tx, advanceArgs{Object: kind, ID: id, From: after.Stage, Action: next}, s.cfg.StepDelay)
}

type advanceWorker struct {
	river.WorkerDefaults[advanceArgs]
	s *Sandbox
}

// Work takes the step unless the timer (or Simulate) already moved the object.
func (w *advanceWorker) Work(ctx context.Context, job *river.Job[advanceArgs]) error {
	return bpwire.AsSandbox(ctx, func(ctx context.Context) error { return w.s.autoAdvance(ctx, job.Args) })
}

// Simulation actions, per kind:
//
//	customer: approve, reject (from verifying)
//	payin:    receive (the deposit arrives), complete, fail, refund
//	payout:   hold, send, complete, fail, refund
//
// complete and refund of a payin still waiting for its deposit take
// receive first; complete of a payout takes the steps before it. Each step
// sends its webhook, and the automatic progression goes on from there.
var simulatePath = map[string]map[string][]string{
	kindPayin:  {"complete": {"receive", "complete"}, "refund": {"receive", "refund"}},
	kindPayout: {"send": {"hold", "send"}, "complete": {"hold", "send", "complete"}},
}

// simulateActions are the actions Simulate takes, per kind.
var simulateActions = map[string][]string{
	kindCustomer: {"approve", "reject"},
	kindPayin:    {"receive", "complete", "fail", "refund"},
	kindPayout:   {"hold", "send", "complete", "fail", "refund"},
}

// Simulate moves a customer, payin or payout as if the payer, the bank or
// compliance acted (the UI's Simulate panel, and tests). kind is
// "customer", "payin" or "payout"; see simulatePath for the actions. An
// action the object's state does not allow is an error, as is a missing
// object.
func (s *Sandbox) Simulate(ctx context.Context, kind, id, action string) error {
	return bpwire.AsSandbox(ctx, func(ctx context.Context) error {
		return s.db.Tx(ctx, func(tx *store.Tx) error { return s.simulate(ctx, tx, kind, id, action) })
	})
}

func (s *Sandbox) simulate(ctx context.Context, tx *store.Tx, kind, id, action string) error {
	if simulateActions[kind] == nil {
		return bpwire.Invalid("kind: customer, payin or payout")
	}
	if !slices.Contains(simulateActions[kind], action) {
		return bpwire.Invalid("action: one of " + strings.Join(simulateActions[kind], ", "))
	}
	steps := []string{action}
	if path, ok := simulatePath[kind][action]; ok && kind != kindCustomer {
		rec, err := bpstore.Transfer(ctx, tx, kind, id)
		if err == nil {
			steps = remaining(kind, rec.Stage, path)
		}
	}
	for _, a := range steps {
		if err := s.step(ctx, tx, kind, id, a, ""); err != nil {
			return err
		}
	}
	return nil
}

// remaining drops the steps of path an object at stage has already taken.
func remaining(kind, stage string, path []string) []string {
	done := map[string]int{ // how many of the path's first steps are behind each stage
		stageAwaiting: 0, stageReceived: 1, stageCaptured: 0, stageHeld: 1, stageSent: 2,
	}
	n, ok := done[stage]
	if !ok || n >= len(path) {
		return path[len(path)-1:]
	}
	return path[n:]
}

// simulateHTTP serves POST /simulate/{kind}/{id} {"action": "..."} with
// kind customers, payins or payouts: Simulate over HTTP, for the UI.
func (s *Sandbox) simulateHTTP(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Action string `json:"action"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&req); err != nil || req.Action == "" {
		bpwire.Write(w, r, bpwire.Fail("VALIDATION_FAILED", `body: {"action": "..."}`))
		return
	}
	kind := map[string]string{"customers": kindCustomer, "payins": kindPayin, "payouts": kindPayout}[r.PathValue("kind")]
	if kind == "" {
		bpwire.Write(w, r, bpwire.Fail("VALIDATION_FAILED", "kind: customers, payins or payouts"))
		return
	}
	err := s.Simulate(r.Context(), kind, r.PathValue("id"), req.Action)
	var ae *bpwire.Error
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, []byte(`{"success":true}`))
	case errors.As(err, &ae):
		bpwire.Write(w, r, ae)
	default:
		s.log.Error("bpsandbox simulate failed", "err", err)
		bpwire.Write(w, r, bpwire.Fail("INTERNAL_ERROR"))
	}
}
