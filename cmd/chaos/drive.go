package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"sync"
	"sync/atomic"
	"time"

	"github.com/crebit/crebit/cmd/internal/bpflow"
	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
)

// What the simulated payer and bank do with a payment. The partner is the
// embedded BlindPay sandbox: the driver moves a payment by asking the
// sandbox (POST /api/trigger-mock-webhook), and the sandbox delivers its own
// signed webhooks, with its own retries, to the instance running its
// delivery job.
//
// There is no "underpaid" plan any more: with the removed sandbox the
// driver signed a payin_completed 1.00 BRL short itself; a BlindPay pay-in
// is a Pix BR Code that fixes the amount, so the sandbox cannot be made to
// receive less, and Crebit's short-payment path (payin_mismatch, refund)
// cannot be reached from outside. It is covered by the Go tests of
// internal/payments.
type plan int

const (
	planPaid   plan = iota // payin_processing, payin_completed; Crebit asks for the payout; offramp_completed
	planFailed             // the bank reports the pay-in failed (payin_failed)
)

// steps are the triggers each plan takes, in order.
var steps = map[plan][]string{
	planPaid:   {partner.EventPayinProcessing, partner.EventPayinCompleted, partner.EventOfframpCompleted},
	planFailed: {partner.EventPayinFailed},
}

// attempt is one payment a client tried to make.
type attempt struct {
	key  string
	plan plan
	txn  string // empty until a 200 answer
	// first is the state the create call answered (awaiting_payin, or
	// failed when the crash left the partner without a pay-in).
	first string

	c         *http.Client // the payer's browser: the trigger is for the payer's own payments
	steps     []string     // triggers still to take
	uncertain bool         // the last trigger got no answer (or a 5xx): the partner may have taken it
	tries     int          // consecutive triggers without progress
	notBefore time.Time    // waiting for the payout to be made
}

type driver struct {
	instances []*instance
	payments  int
	workers   int
	// db and sdb are Crebit's and the sandbox partner's databases (one on
	// PostgreSQL), read (never written) to learn whether a trigger the
	// driver got no answer to was taken.
	db, sdb *store.DB

	mu        sync.Mutex
	rng       *rand.Rand
	attempts  []*attempt
	pool      []*attempt // payments with triggers left, picked at random
	created   atomic.Int64
	producing atomic.Bool
	triggers  atomic.Int64 // triggers the partner took (202)
	retries   atomic.Int64 // calls and triggers sent again after a network error or 5xx
}

func (d *driver) rand(n int) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.rng.IntN(n)
}

// live returns a running instance, waiting for one if all are down.
func (d *driver) live(ctx context.Context) (*instance, error) {
	for {
		start := d.rand(len(d.instances))
		for i := range d.instances {
			in := d.instances[(start+i)%len(d.instances)]
			in.mu.Lock()
			up := in.up
			in.mu.Unlock()
			if up {
				return in, nil
			}
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// send makes one JSON request to a live instance.
func (d *driver) send(ctx context.Context, c *http.Client, method, path string, raw []byte, header ...string) (int, map[string]any, error) {
	in, err := d.live(ctx)
	if err != nil {
		return 0, nil, err
	}
	var rd io.Reader
	if raw != nil {
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequestWithContext(ctx, method, in.base+path, rd)
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := c.Do(req)
	if err != nil {
		return 0, nil, err
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	var out map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	dec.Decode(&out)
	return res.StatusCode, out, nil
}

// call sends one JSON request to a live instance and retries on network
// errors and 5xx (the instance was killed, or a partner call was cut),
// and on 409 payment_in_progress, until ctx ends.
func (d *driver) call(ctx context.Context, c *http.Client, method, path string, body any, header ...string) (int, map[string]any, error) {
	var raw []byte
	if body != nil {
		raw, _ = json.Marshal(body)
	}
	backoff := 50 * time.Millisecond
	for {
		st, out, err := d.send(ctx, c, method, path, raw, header...)
		if ctx.Err() != nil {
			return 0, nil, ctx.Err()
		}
		if err == nil && st < 500 && (st != http.StatusConflict || out["code"] != "payment_in_progress") {
			return st, out, nil
		}
		d.retries.Add(1)
		select {
		case <-ctx.Done():
			return 0, nil, ctx.Err()
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, time.Second)
	}
}

// client is one browser: its own session, accepted terms, approved
// customer, wallet and bank account.
func (d *driver) client(ctx context.Context) (*http.Client, bpflow.Payer, error) {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	do := func(ctx context.Context, method, path string, body any) (int, map[string]any, error) {
		return d.call(ctx, c, method, path, body)
	}
	base := func(ctx context.Context) (string, error) {
		in, err := d.live(ctx)
		if err != nil {
			return "", err
		}
		return in.base, nil
	}
	// Each wait covers a kill -9 in the middle of it: a webhook delivery
	// the kill cut off is rescued a minute after it started (jobs.Queue's
	// RescueAfter), at the leader's next rescue pass (every 30 s, once the
	// dead instance's leadership has lapsed: up to 20 s), then retried on
	// Svix's schedule (5 s): about 95 s on a quiet machine. A short run in
	// CI gave up at 2 minutes ("the partner's tos.accept webhook did not
	// arrive", 2026-11-28); its logs were gone, and this is the likeliest
	// cause, so 4 minutes (a failed scenario now keeps its logs).
	p, err := bpflow.Onboard(ctx, do, bpflow.Options{Client: c, Base: base, Patience: 4 * time.Minute},
		bpflow.CustomerBR("Maria", "maria@example.com", cpf), bpflow.BankAccount())
	return c, p, err
}

// work makes payments until the target count is reached.
func (d *driver) work(ctx context.Context) error {
	c, payer, err := d.client(ctx)
	if err != nil {
		return err
	}
	for {
		d.mu.Lock()
		if len(d.attempts) >= d.payments {
			d.mu.Unlock()
			return nil
		}
		p := &attempt{key: randid.New("chaos"), plan: planPaid, c: c}
		if d.rng.IntN(20) >= 17 { // 85% paid, 15% failed
			p.plan = planFailed
		}
		d.attempts = append(d.attempts, p)
		d.mu.Unlock()

		st, q, err := d.call(ctx, c, "POST", "/api/create-quote", map[string]any{"symbol": corridor.Brazil.Symbol, "amount_usd": json.Number(fmt.Sprintf("%d.%02d", 16+d.rand(3000), d.rand(100)))})
		if err != nil || st != http.StatusOK {
			return fmt.Errorf("quote: %d %v %v", st, q, err)
		}
		onRamp, _ := q["on_ramp"].(map[string]any)
		body := map[string]any{"amount_brl": q["total_local_amount"], "customer_id": payer.CustomerID,
			"wallet_address": payer.WalletAddress, "quote_id": onRamp["id"], "sender_name": "Maria Silva",
			"sender_document": cpf, "external_account_id": payer.AccountID}
		// The payer's retries all carry the same Idempotency-Key.
		st, pay, err := d.call(ctx, c, "POST", "/api/create-pix-payment", body, "Idempotency-Key", p.key)
		if err != nil {
			return err
		}
		if st != http.StatusOK {
			return fmt.Errorf("payment: %d %v", st, pay)
		}
		d.mu.Lock()
		p.txn, p.first = fmt.Sprint(pay["transaction_id"]), fmt.Sprint(pay["status"])
		if p.first == "awaiting_payin" {
			p.steps = steps[p.plan]
			d.pool = append(d.pool, p)
		}
		d.mu.Unlock()
		d.created.Add(1)
	}
}

// take removes a random payment whose next trigger can be tried now from
// the pool; empty reports that the pool holds nothing at all.
func (d *driver) take() (a *attempt, empty bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.pool) == 0 {
		return nil, true
	}
	now := time.Now()
	start := d.rng.IntN(len(d.pool))
	for k := range d.pool {
		i := (start + k) % len(d.pool)
		if p := d.pool[i]; !p.notBefore.After(now) {
			d.pool[i] = d.pool[len(d.pool)-1]
			d.pool = d.pool[:len(d.pool)-1]
			return p, false
		}
	}
	return nil, false
}

// putBack returns a payment with triggers left to the pool.
func (d *driver) putBack(a *attempt, wait time.Duration) {
	if len(a.steps) == 0 {
		return
	}
	a.notBefore = time.Now().Add(wait)
	d.mu.Lock()
	d.pool = append(d.pool, a)
	d.mu.Unlock()
}

// move takes the payments' triggers, in random order across payments (in
// order within one), at random live instances, until the pool is empty and
// no more payments are coming. A trigger that got no answer, or a 5xx, may
// have been taken by the partner before the instance died: before sending
// it again the driver looks at the partner's own record (a trigger the
// sandbox already took is refused, as BlindPay refuses a step its object
// has passed).
func (d *driver) move(ctx context.Context) error {
	c := &http.Client{Timeout: 15 * time.Second}
	for {
		a, empty := d.take()
		if a == nil {
			if empty && !d.producing.Load() {
				return nil
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(20 * time.Millisecond):
			}
			continue
		}
		ev := a.steps[0]
		if a.tries++; a.tries > 1000 {
			return fmt.Errorf("trigger %s of %s: no progress after %d tries", ev, a.txn, a.tries)
		}
		if a.uncertain {
			taken, err := d.taken(ctx, a.txn, ev)
			if err != nil {
				return err
			}
			if taken {
				a.steps, a.uncertain, a.tries = a.steps[1:], false, 0
				d.putBack(a, 0)
				continue
			}
		}
		raw, _ := json.Marshal(map[string]string{"transaction_id": a.txn, "event": ev})
		hc := *c
		hc.Jar = a.c.Jar
		st, out, err := d.send(ctx, &hc, "POST", "/api/trigger-mock-webhook", raw)
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case err != nil || st >= 500:
			d.retries.Add(1)
			a.uncertain = true
			d.putBack(a, 50*time.Millisecond)
		case st == http.StatusAccepted:
			d.triggers.Add(1)
			a.steps, a.uncertain, a.tries = a.steps[1:], false, 0
			d.putBack(a, 0)
		case bpflow.NoPayoutYet(st, out):
			// The pay-in's completion is on its way to Crebit (a delivery
			// to a killed instance waits for the sandbox's retry, 5 s, or
			// the reconciliation sweep), or the payout job is running.
			d.putBack(a, 100*time.Millisecond)
		default:
			return fmt.Errorf("trigger %s of %s: %d %v", ev, a.txn, st, out)
		}
	}
}

// taken reports whether the partner already took a payment's trigger,
// from the sandbox's records of its pay-in and payout.
func (d *driver) taken(ctx context.Context, txn, event string) (bool, error) {
	var payin, payout string
	err := d.db.Read(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `SELECT COALESCE(partner_payin_id, ''), COALESCE(offramp_id, '') FROM payments WHERE id = ?`, txn).Scan(&payin, &payout)
	})
	if err != nil {
		return false, fmt.Errorf("payment %s: %w", txn, err)
	}
	table, id := "bpsandbox_payins", payin
	if event == partner.EventOfframpCompleted {
		table, id = "bpsandbox_payouts", payout
	}
	if id == "" {
		return false, nil
	}
	var stage, status string
	err = d.sdb.Read(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `SELECT stage, status FROM `+table+` WHERE id = ?`, id).Scan(&stage, &status)
	})
	if err != nil {
		return false, fmt.Errorf("%s %s: %w", table, id, err)
	}
	switch event {
	case partner.EventPayinProcessing:
		return stage != "awaiting", nil
	case partner.EventPayinFailed:
		return status == "failed", nil
	default: // payin_completed, offramp_completed
		return status == "completed", nil
	}
}

// A valid test identity (check digits verified), as in apptest.
const cpf = "529.982.247-25"
