package app_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/partner/blindpay"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

// These benchmarks drive the whole application (real HTTP, the embedded
// BlindPay sandbox partner over loopback, River, the database) one request at a time,
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
// exists: the session lookup, two FX calls to the embedded BlindPay
// sandbox, pricing, and the transaction that stores the quote.
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
// checks, the payment and authorization rows, the sandbox's firm payin
// quote (checked against a payout FX) and pay-in with its BR Code, and the
// transaction that opens the payment and schedules its expiry.
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

// BenchmarkWebhookProcess measures end to end, from sending BlindPay's
// signed delivery of a pay-in whose deposit arrived (payin.update, Svix
// headers) to POST /api/webhook/payout-events until the payment's new
// state (payin_completed) is committed and visible in the database: the
// signature check, and the one transaction that records the delivery,
// moves the payment and posts its ledger entries (a job applies it only
// when that fails). The payment is created, and the delivery built and
// signed, with the timer stopped. The state is polled every millisecond,
// so figures carry up to that much extra, and allocs/op counts the
// polling during the wait. ack-ns/op is the part until the webhook's 200
// answer.
func BenchmarkWebhookProcess(b *testing.B) {
	benchEachEngine(b, func(b *testing.B, h *apptest.Harness) {
		secret := h.WebhookSecret()
		p := h.NewBrazilPayer()
		client := &http.Client{Timeout: 30 * time.Second}
		var ack time.Duration
		b.ReportAllocs()
		for b.Loop() {
			b.StopTimer()
			txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
			pay := benchPayment(b, h, txn)
			req := benchSignedDelivery(b, h.URL, secret, pay)
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
	})
}

// benchSignedDelivery builds BlindPay's delivery (payin.update, the deposit
// arrived) for the payment's pay-in, signed as Svix does with the
// endpoint's whsec_ secret.
func benchSignedDelivery(b *testing.B, base, secret string, p payment.Record) *http.Request {
	now := time.Now().UTC()
	body := apptest.PayinUpdate("payin.update", p.PartnerPayinID, "processing", true, p.AmountLocal)
	req, err := http.NewRequest(http.MethodPost, base+"/api/webhook/payout-events", bytes.NewReader(body))
	if err != nil {
		b.Fatal(err)
	}
	hdr, err := blindpay.Sign(secret, randid.New("msg"), now, body)
	if err != nil {
		b.Fatal(err)
	}
	req.Header = hdr
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
