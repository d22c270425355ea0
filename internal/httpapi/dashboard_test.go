package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// expireNow ends txn's pay-in window: the application's clock moves past
// it (once no webhook is in flight) and the payment's scheduled expiry job
// is made due.
func expireNow(t *testing.T, h *apptest.Harness, p *apptest.AccountPayer, txn string) {
	t.Helper()
	h.AdvanceClock(6 * time.Minute)
	ctx := context.Background()
	err := h.DB.Tx(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE river_job SET scheduled_at = ? WHERE kind = 'expire_payment' AND CAST(args AS TEXT) LIKE ?`,
			time.Now().Add(-time.Second).UTC(), "%"+txn+"%")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	h.Eventually(txn+" expired", func() bool { return p.State(txn) == "expired" })
}

type dashTxn struct {
	ID        string          `json:"transaction_id"`
	Recipient string          `json:"recipient"`
	Direction string          `json:"direction"`
	AmountUSD json.Number     `json:"amount_usd"`
	Status    string          `json:"status"`
	Group     string          `json:"status_group"`
	CreatedAt time.Time       `json:"created_at"`
	Next      string          `json:"next_action"`
	Stages    []dashStageJSON `json:"stages"`
}

type dashStageJSON struct {
	Status  string     `json:"status"`
	Reached bool       `json:"reached"`
	At      *time.Time `json:"at"`
}

type dashPage struct {
	Transactions []dashTxn `json:"transactions"`
	Page         int       `json:"page"`
	PageSize     int       `json:"page_size"`
	Total        int       `json:"total"`
}

func decodeInto(t *testing.T, r apptest.Response, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// TestDashboardTotalsAndStatuses drives one account's payments into every
// state the sandbox can reach and checks the cards, the list's badges and
// each detail's next action.
func TestDashboardTotalsAndStatuses(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		p := h.NewAccountPayer("totals@example.com", apptest.CPF)

		empty := p.MustOK("GET", "/api/dashboard/overview", nil)
		if empty.Num("total_sent_usd") != "0.00" || empty.Num("pending_usd") != "0.00" || empty.Num("payment_count") != "0" {
			t.Fatalf("new account's overview: %s", empty.Body)
		}

		expired := p.Pay("20.00")
		expireNow(t, h, p, expired)
		refunded := p.Pay("30.00")
		expireNow(t, h, p, refunded)
		p.Simulate(refunded, "payin_completed") // a late pay-in is sent back
		failed := p.Pay("40.00")
		p.Simulate(failed, "payin_failed")
		awaiting := p.Pay("50.00")
		processing := p.Pay("60.00")
		// BlindPay moves a payin from "in progress" to "settled" at once
		// when simulated; what it reports in between (the payin moving, the
		// deposit arrived but not yet converted) comes as its webhooks would.
		secret := h.WebhookSecret()
		pay := storedPayment(t, h, processing)
		if r := h.PostWebhook("msg_dash_processing", h.Clock.Now(), secret,
			apptest.PayinUpdate("payin.update", pay.PartnerPayinID, "processing", false, pay.AmountLocal)); r.Status != http.StatusOK {
			t.Fatalf("payin.update: %d %s", r.Status, r.Body)
		}
		received := p.Pay("70.00")
		pay = storedPayment(t, h, received)
		if r := h.PostWebhook("msg_dash_received", h.Clock.Now(), secret,
			apptest.PayinUpdate("payin.update", pay.PartnerPayinID, "processing", true, pay.AmountLocal)); r.Status != http.StatusOK {
			t.Fatalf("payin.update: %d %s", r.Status, r.Body)
		}
		converting := p.Pay("80.00")
		p.SettlePayin(converting) // Crebit asks for the payout itself
		completed := p.Pay("90.25")
		p.Deliver(completed)
		want := map[string]struct{ state, group, next, direction string }{
			expired:    {"expired", "failed", "new_payment", "sent"},
			refunded:   {"refunded", "failed", "refund", "received"},
			failed:     {"failed", "failed", "new_payment", "sent"},
			awaiting:   {"awaiting_payin", "processing", "pay", "sent"},
			processing: {"payin_processing", "processing", "wait", "sent"},
			received:   {"payin_completed", "processing", "wait", "sent"},
			converting: {"offramp_created", "processing", "wait", "sent"},
			completed:  {"completed", "completed", "receipt", "sent"},
		}
		for txn, w := range want {
			h.Eventually(txn+" "+w.state, func() bool { return p.State(txn) == w.state })
		}
		h.Settled()

		o := p.MustOK("GET", "/api/dashboard/overview", nil)
		// Sent: the completed 90.25; pending: 50 + 60 + 70 + 80; received: the refunded 30.
		if o.Num("total_sent_usd") != "90.25" || o.Num("pending_usd") != "260.00" || o.Num("total_received_usd") != "30.00" ||
			o.Num("payment_count") != "8" {
			t.Fatalf("overview: %s", o.Body)
		}

		var page dashPage
		decodeInto(t, p.MustOK("GET", "/api/dashboard/transactions", nil), &page)
		if page.Total != 8 || len(page.Transactions) != 8 || page.PageSize != 20 {
			t.Fatalf("page: total %d, %d rows", page.Total, len(page.Transactions))
		}
		if page.Transactions[0].ID != completed || page.Transactions[7].ID != expired {
			t.Errorf("not newest first: first %s, last %s", page.Transactions[0].ID, page.Transactions[7].ID)
		}
		for _, row := range page.Transactions {
			w := want[row.ID]
			if row.Status != w.state || row.Group != w.group || row.Direction != w.direction || row.Recipient != "Maria Silva" {
				t.Errorf("%s: %+v, want %+v", row.ID, row, w)
			}
			var d dashTxn
			decodeInto(t, p.MustOK("GET", "/api/dashboard/transactions/"+row.ID, nil), &d)
			if d.Next != w.next || d.Status != w.state {
				t.Errorf("%s detail: next %q state %q, want %q %q", row.ID, d.Next, d.Status, w.next, w.state)
			}
			if len(d.Stages) == 0 || d.Stages[0].Status != "created" {
				t.Errorf("%s detail stages: %+v", row.ID, d.Stages)
			}
		}
		// The late pay-in is owed back: the detail says the refund is in
		// progress (not returned) until an operator records the return.
		back := p.MustOK("GET", "/api/dashboard/transactions/"+refunded, nil)
		if rf, _ := back.JSON["refund"].(map[string]any); rf == nil || rf["status"] != "in_progress" || rf["currency"] != "BRL" {
			t.Errorf("the refunded payment's detail: %s", back.Body)
		}
		if r := p.MustOK("GET", "/api/dashboard/transactions/"+completed, nil); r.JSON["refund"] != nil {
			t.Errorf("a completed payment owes nothing back: %s", r.Body)
		}
		var done dashTxn
		decodeInto(t, p.MustOK("GET", "/api/dashboard/transactions/"+completed, nil), &done)
		// Every stage reached; those the payment entered (not the skipped
		// payin_processing) with their times, as /track shows them.
		for _, sg := range done.Stages {
			if !sg.Reached || (sg.At == nil) != (sg.Status == "payin_processing") {
				t.Errorf("completed payment's stage %+v", sg)
			}
		}
		h.RequireBalancedLedger()
	})
}

// TestDashboardPaging: 20 a page, newest first, beyond the first page too.
func TestDashboardPaging(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay(), apptest.Env("CREBIT_RATE_LIMIT_SCALE", "0"))
		p := h.NewAccountPayer("pages@example.com", apptest.CPF)
		var made []string
		for i := range 23 {
			made = append(made, p.Pay(fmt.Sprintf("%d.00", 20+i)))
			h.Clock.Advance(time.Second) // distinct creation times
		}
		var one, two, three dashPage
		decodeInto(t, p.MustOK("GET", "/api/dashboard/transactions?page=1", nil), &one)
		decodeInto(t, p.MustOK("GET", "/api/dashboard/transactions?page=2", nil), &two)
		decodeInto(t, p.MustOK("GET", "/api/dashboard/transactions?page=3", nil), &three)
		if one.Total != 23 || len(one.Transactions) != 20 || len(two.Transactions) != 3 || len(three.Transactions) != 0 {
			t.Fatalf("pages: %d/%d/%d of %d", len(one.Transactions), len(two.Transactions), len(three.Transactions), one.Total)
		}
		got := append(one.Transactions, two.Transactions...)
		for i, row := range got {
			if row.ID != made[len(made)-1-i] {
				t.Fatalf("row %d is %s, want %s (newest first)", i, row.ID, made[len(made)-1-i])
			}
		}
		for _, bad := range []string{"0", "-1", "x", "5001", "99999999"} {
			if r := p.Do("GET", "/api/dashboard/transactions?page="+bad, nil); r.Status != 400 {
				t.Errorf("page=%s: %d", bad, r.Status)
			}
		}
	})
}
