package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

// These benchmarks drive the whole application (real HTTP, the embedded
// sandbox partner over loopback, River, the database) one request at a time,
// so ns/op is the latency a single browser sees and allocs/op counts every
// allocation in the process for that request: client, server and sandbox.
// They are measurements, not assertions. Run them with
//
//	go test -run='^$' -bench=. -benchmem ./internal/app/
//
// PostgreSQL is the storetest server (CREBIT_TEST_POSTGRES_URL); its
// sub-benchmarks are skipped when it is unreachable.

// benchEachEngine runs fn as a sub-benchmark named after each engine.
func benchEachEngine(b *testing.B, fn func(b *testing.B, h *apptest.Harness)) {
	for _, e := range storetest.Engines {
		b.Run(string(e), func(b *testing.B) {
			// Limits off: one browser asks far more often than a person may.
			fn(b, apptest.New(b, e, apptest.Env("CREBIT_RATE_LIMIT_SCALE", "0")))
		})
	}
}

const benchQuoteBody = `{"symbol":"USDC/BRL","amount_usd":100}`

// BenchmarkQuoteCreate is POST /api/create-quote in a session that already
// exists: the session lookup, two partner calls to the sandbox over HTTP,
// pricing, and the transaction that stores the quote.
func BenchmarkQuoteCreate(b *testing.B) {
	benchEachEngine(b, func(b *testing.B, h *apptest.Harness) {
		br := h.Browser()
		br.MustOK("POST", "/api/create-quote", benchQuoteBody) // creates the session
		b.ReportAllocs()
		for b.Loop() {
			br.MustOK("POST", "/api/create-quote", benchQuoteBody)
		}
	})
}

// BenchmarkPaymentCreate is POST /api/create-pix-payment for a fresh quote
// (the quote itself is made with the timer stopped): ownership and quote
// checks, the payment and authorization rows, the sandbox pay-in with its
// BR Code over HTTP, and the transaction that opens the payment and
// schedules its expiry.
func BenchmarkPaymentCreate(b *testing.B) {
	benchEachEngine(b, func(b *testing.B, h *apptest.Harness) {
		p := h.NewBrazilPayer()
		b.ReportAllocs()
		for b.Loop() {
			b.StopTimer()
			q := p.Quote("USDC/BRL", "100")
			b.StartTimer()
			if r := p.PixPayment(q, ""); r.Status != http.StatusOK {
				b.Fatalf("pix payment: %d %s", r.Status, r.Body)
			}
		}
	})
}

// BenchmarkWebhookProcess measures end to end, from sending a signed
// payin_completed event to POST /api/webhook/payout-events until the
// payment's new state is committed and visible in the database: the
// signature check, recording the event and enqueuing its job, River
// picking the job up, and the transaction that moves the payment and posts
// its ledger entries. The payment is created, and the event built and
// signed, with the timer stopped. The state is polled every millisecond, so
// figures carry up to that much extra, and allocs/op counts the polling
// and River's own fetch loop during the wait. ack-ns/op is the part until
// the webhook's 200 answer; queue-ns/job (scheduled to picked up) and
// work-ns/job (picked up to recorded done) come from River's job rows.
func BenchmarkWebhookProcess(b *testing.B) {
	benchEachEngine(b, func(b *testing.B, h *apptest.Harness) {
		secret, err := config.DecodeWebhookSecret(h.Config.WebhookSecret.Reveal())
		if err != nil {
			b.Fatal(err)
		}
		p := h.NewBrazilPayer()
		client := &http.Client{Timeout: 30 * time.Second}
		var ack time.Duration
		b.ReportAllocs()
		for b.Loop() {
			b.StopTimer()
			txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
			pay := benchPayment(b, h, txn)
			req := benchSignedEvent(b, h.URL, secret, partner.EventPayinCompleted, pay)
			b.StartTimer()

			start := time.Now()
			resp, err := client.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				b.Fatalf("webhook answered %d", resp.StatusCode)
			}
			ack += time.Since(start)
			benchWaitForState(b, h, txn, payment.StatePayinCompleted)
		}
		b.ReportMetric(float64(ack.Nanoseconds())/float64(b.N), "ack-ns/op")
		wait, work := benchWebhookJobTimes(b, h)
		b.ReportMetric(float64(wait.Nanoseconds()), "queue-ns/job")
		b.ReportMetric(float64(work.Nanoseconds()), "work-ns/job")
	})
}

// benchWebhookJobTimes reads River's own record of the webhook jobs: the mean
// wait from being scheduled to being picked up, and the mean time from then
// to being finished (the processing transaction plus River's bookkeeping).
// SQLite stores these times to the millisecond.
func benchWebhookJobTimes(b *testing.B, h *apptest.Harness) (wait, work time.Duration) {
	const q = `SELECT scheduled_at, attempted_at, finalized_at FROM river_job
		WHERE kind = 'process_webhook_event' AND state = 'completed'`
	var n int
	add := func(scheduled, attempted, finalized time.Time) {
		wait += attempted.Sub(scheduled)
		work += finalized.Sub(attempted)
		n++
	}
	ctx := context.Background()
	if h.DB.Engine() == store.SQLite {
		rows, err := h.DB.SQLDB().QueryContext(ctx, q)
		if err != nil {
			b.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var s, a, f time.Time
			if err := rows.Scan(&s, &a, &f); err != nil {
				b.Fatal(err)
			}
			add(s, a, f)
		}
		if err := rows.Err(); err != nil {
			b.Fatal(err)
		}
	} else {
		rows, err := h.DB.Pool().Query(ctx, q)
		if err != nil {
			b.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var s, a, f time.Time
			if err := rows.Scan(&s, &a, &f); err != nil {
				b.Fatal(err)
			}
			add(s, a, f)
		}
		if err := rows.Err(); err != nil {
			b.Fatal(err)
		}
	}
	if n == 0 {
		return 0, 0
	}
	return wait / time.Duration(n), work / time.Duration(n)
}

// benchSignedEvent builds the partner's delivery of event typ for the payment's
// pay-in, signed with the configured webhook secret.
func benchSignedEvent(b *testing.B, base string, secret []byte, typ string, p payment.Record) *http.Request {
	now := time.Now().UTC()
	ev := partner.Event{ID: randid.New("evt"), Type: typ, CreatedAt: now, Data: partner.EventData{
		PayinID: p.PartnerPayinID, Reference: p.ID, Status: "completed",
		Amount: p.AmountLocal.String(), Currency: string(p.AmountLocal.Currency)}}
	body, err := json.Marshal(ev)
	if err != nil {
		b.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPost, base+"/api/webhook/payout-events", bytes.NewReader(body))
	if err != nil {
		b.Fatal(err)
	}
	req.Header = partner.Sign(secret, ev.ID, now, body)
	req.Header.Set("Content-Type", "application/json")
	return req
}

func benchPayment(b *testing.B, h *apptest.Harness, txn string) payment.Record {
	var p payment.Record
	ctx := context.Background()
	if err := h.DB.Tx(ctx, func(tx *store.Tx) (err error) { p, err = tx.Payment(ctx, txn); return }); err != nil {
		b.Fatalf("payment %q: %v", txn, err)
	}
	return p
}

// benchWaitForState polls the payment until it reaches want (or 20 s pass).
func benchWaitForState(b *testing.B, h *apptest.Harness, txn string, want payment.State) {
	deadline := time.Now().Add(20 * time.Second)
	for {
		if p := benchPayment(b, h, txn); p.State == want {
			return
		} else if time.Now().After(deadline) {
			b.Fatalf("payment %s is %s after 20s, want %s", txn, p.State, want)
		}
		time.Sleep(time.Millisecond)
	}
}
