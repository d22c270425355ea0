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

	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/randid"
)

// What the simulated payer and bank do with a payment.
type plan int

const (
	planPaid      plan = iota // pays exactly; every stage's webhook arrives
	planUnderpaid             // pays 1.00 BRL less: payin_mismatch, refunded
	planFailed                // the bank reports the pay-in failed
)

// attempt is one payment a client tried to make.
type attempt struct {
	key  string
	plan plan
	txn  string // empty until a 200 answer
	// first is the state the create call answered (awaiting_payin, or
	// failed when the crash left the partner without a pay-in).
	first string
}

// delivery is one copy of one signed event, posted to some instance.
type delivery struct {
	id   string
	body []byte
}

type driver struct {
	instances []*instance
	secret    []byte
	payments  int
	workers   int

	mu         sync.Mutex
	rng        *rand.Rand
	attempts   []*attempt
	pool       []delivery // shuffled by picking at random
	created    atomic.Int64
	producing  atomic.Bool
	deliveries atomic.Int64
	retries    atomic.Int64
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

// call sends one JSON request to a live instance and retries on network
// errors and 5xx (the instance was killed, or a partner call was cut),
// and on 409 payment_in_progress, until ctx ends.
func (d *driver) call(ctx context.Context, c *http.Client, method, path string, body any, header ...string) (int, map[string]any, error) {
	raw, _ := json.Marshal(body)
	backoff := 50 * time.Millisecond
	for {
		in, err := d.live(ctx)
		if err != nil {
			return 0, nil, err
		}
		req, _ := http.NewRequestWithContext(ctx, method, in.base+path, bytes.NewReader(raw))
		req.Header.Set("Content-Type", "application/json")
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		res, err := c.Do(req)
		if err == nil {
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			var out map[string]any
			dec := json.NewDecoder(bytes.NewReader(b))
			dec.UseNumber()
			dec.Decode(&out)
			if res.StatusCode < 500 && res.StatusCode != http.StatusConflict {
				return res.StatusCode, out, nil
			}
			if res.StatusCode == http.StatusConflict && out["code"] != "payment_in_progress" {
				return res.StatusCode, out, nil
			}
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

// client is one browser: its own session, customer and bank account.
func (d *driver) client(ctx context.Context) (*http.Client, map[string]any, string, error) {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	st, cust, err := d.call(ctx, c, "POST", "/api/create-customer", customerBR)
	if err != nil || st != http.StatusOK {
		return nil, nil, "", fmt.Errorf("create customer: %d %v %v", st, cust, err)
	}
	acct := bankAccount(fmt.Sprint(cust["customer_id"]))
	st, a, err := d.call(ctx, c, "POST", "/api/create-external-account", acct)
	if err != nil || st != http.StatusOK {
		return nil, nil, "", fmt.Errorf("create bank account: %d %v %v", st, a, err)
	}
	return c, cust, fmt.Sprint(a["external_account_id"]), nil
}

// work makes payments until the target count is reached.
func (d *driver) work(ctx context.Context) error {
	c, cust, account, err := d.client(ctx)
	if err != nil {
		return err
	}
	for {
		d.mu.Lock()
		if len(d.attempts) >= d.payments {
			d.mu.Unlock()
			return nil
		}
		p := &attempt{key: randid.New("chaos"), plan: plan(d.rng.IntN(20))}
		switch {
		case p.plan < 17:
			p.plan = planPaid
		case p.plan < 19:
			p.plan = planUnderpaid
		default:
			p.plan = planFailed
		}
		d.attempts = append(d.attempts, p)
		d.mu.Unlock()

		st, q, err := d.call(ctx, c, "POST", "/api/create-quote", map[string]any{"symbol": corridor.Brazil.Symbol, "amount_usd": json.Number(fmt.Sprintf("%d.%02d", 16+d.rand(3000), d.rand(100)))})
		if err != nil || st != http.StatusOK {
			return fmt.Errorf("quote: %d %v %v", st, q, err)
		}
		onRamp, _ := q["on_ramp"].(map[string]any)
		body := map[string]any{"amount_brl": q["total_local_amount"], "customer_id": cust["customer_id"],
			"wallet_address": cust["wallet_address"], "quote_id": onRamp["id"], "sender_name": "Maria Silva",
			"sender_document": cpf, "external_account_id": account}
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
		d.mu.Unlock()
		if p.first == "awaiting_payin" {
			amount, _ := money.Parse(fmt.Sprint(q["total_local_amount"]), corridor.Brazil.Currency)
			d.enqueue(p, amount)
		}
		d.created.Add(1)
	}
}

// enqueue puts three copies of each of the payment's events in the pool.
func (d *driver) enqueue(p *attempt, amount money.Amount) {
	var events []string
	switch p.plan {
	case planPaid:
		events = []string{partner.EventPayinProcessing, partner.EventPayinCompleted, partner.EventOfframpCreated, partner.EventOfframpCompleted}
	case planUnderpaid:
		amount.Minor -= 100
		events = []string{partner.EventPayinCompleted}
	case planFailed:
		events = []string{partner.EventPayinFailed}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, typ := range events {
		ev := partner.Event{ID: randid.New("evt"), Type: typ, CreatedAt: time.Now().UTC(), Data: partner.EventData{
			PayinID: "unknown", Reference: p.txn, Status: typ, Amount: amount.String(), Currency: string(amount.Currency)}}
		if typ == partner.EventOfframpCreated || typ == partner.EventOfframpCompleted {
			ev.Data.Offramp = &partner.Offramp{ID: "off_" + p.txn, Currency: "USD", Status: "completed"}
		}
		body, _ := json.Marshal(ev)
		for range 3 {
			d.pool = append(d.pool, delivery{id: ev.ID, body: body})
		}
	}
}

// deliver posts pooled events in random order to random live instances
// until the pool is empty and no more payments are coming.
func (d *driver) deliver(ctx context.Context) error {
	c := &http.Client{Timeout: 10 * time.Second}
	for {
		d.mu.Lock()
		if len(d.pool) == 0 {
			d.mu.Unlock()
			if !d.producing.Load() {
				return nil
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(20 * time.Millisecond):
			}
			continue
		}
		i := d.rng.IntN(len(d.pool))
		ev := d.pool[i]
		d.pool[i] = d.pool[len(d.pool)-1]
		d.pool = d.pool[:len(d.pool)-1]
		d.mu.Unlock()

		in, err := d.live(ctx)
		if err != nil {
			return err
		}
		req, _ := http.NewRequestWithContext(ctx, "POST", in.base+"/api/webhook/payout-events", bytes.NewReader(ev.body))
		for k, v := range partner.Sign(d.secret, ev.id, time.Now(), ev.body) {
			req.Header[k] = v
		}
		req.Header.Set("Content-Type", "application/json")
		res, err := c.Do(req)
		ok := err == nil && res.StatusCode == http.StatusOK
		if err == nil {
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
		if !ok { // the partner retries until acknowledged
			d.retries.Add(1)
			d.mu.Lock()
			d.pool = append(d.pool, ev)
			d.mu.Unlock()
			time.Sleep(20 * time.Millisecond)
			continue
		}
		d.deliveries.Add(1)
	}
}

// Valid test identities (check digits verified), as in apptest.
const cpf = "529.982.247-25"

var customerBR = map[string]any{
	"first_name": "Maria", "last_name": "Silva", "email": "maria@example.com", "phone_number": "5511987654321",
	"type": "individual", "date_of_birth": "1990-05-10",
	"identity_documents": []map[string]any{{"type": "national_id", "value": cpf, "country": "brazil"}},
	"address": map[string]any{"street_line_1": "Rua Augusta 100", "city": "São Paulo", "state": "SP",
		"postal_code": "01305-000", "country": "brazil"},
}

func bankAccount(customerID string) map[string]any {
	return map[string]any{
		"customer_id": customerID, "account_name": "Maria Silva's USD Account", "beneficiary_name": "Maria Silva",
		"bank_name": "JPMorgan Chase", "bank_account_number": "000123456789", "routing_number": "021000021",
		"address": map[string]any{"street_line_1": "270 Park Ave", "city": "New York", "state": "NY",
			"postal_code": "10017", "country": "USA"},
	}
}
