package httpapi_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
)

// opsExchanges are the console's requests checked against the document:
// an admin's own view, the operators list, a change, the audit log, and the
// answers to a stranger and to bad input.
func opsExchanges(t *testing.T, h *apptest.Harness, txn string) []exchange {
	t.Helper()
	admin, _ := h.NewOperator("admin.doc@example.com", "admin")
	h.NewOperator("support.doc@example.com", "support")
	h.Browser().SignUp("new.op.doc@example.com")
	// A reward to work: held (the friend pays from the referrer's address), its card chosen.
	referrer := h.NewVerifiedAccountPayer("rewards.doc@example.com", apptest.CPF)
	code := referralCode(t, h, referrer, "doc.friend@example.com")
	far := friend(t, h, code, "doc.far@example.com", "046.591.018-19")
	complete(t, h, far, "20", "046.591.018-19")
	h.Settled()
	var queue struct {
		Rewards []struct {
			ID            string
			ReferredEmail string `json:"referred_email"`
		} `json:"rewards"`
	}
	if err := json.Unmarshal(admin.MustOK("GET", "/api/ops/rewards?status=held", nil).Body, &queue); err != nil {
		t.Fatal(err)
	}
	reward := ""
	for _, r := range queue.Rewards {
		if r.ReferredEmail == "doc.far@example.com" {
			reward = r.ID
		}
	}
	if reward == "" {
		t.Fatalf("no reward for the document's exchanges: %+v", queue)
	}
	referrer.MustOK("PUT", "/api/me/referrals/rewards/"+reward+"/gift-card", map[string]string{"brand": "Visa"})
	// A payment with a webhook and an e-mail to resend and replay.
	fixed := h.NewMexicoPayer()
	fixTxn := fixed.SpeiPayment(fixed.Quote("USDC/MXN", "60"), "ops-doc").Str("transaction_id")
	fixed.Simulate(fixTxn, "payin_completed")
	var story struct {
		Webhooks []struct{ ID string } `json:"webhooks"`
		Emails   []struct{ ID string } `json:"emails"`
	}
	h.Eventually("a webhook and an e-mail", func() bool {
		json.Unmarshal(admin.MustOK("GET", "/api/ops/payments/"+fixTxn, nil).Body, &story) //nolint:errcheck
		return len(story.Webhooks) > 0 && len(story.Emails) > 0
	})
	stranger := h.Browser()
	stranger.SignUp("stranger.doc@example.com")
	money := moneyFixExchanges(t, h, admin)
	return append(money, []exchange{
		{name: "ops_me", as: admin, method: "GET", tmpl: "/api/ops/me", status: 200},
		{name: "ops_me_stranger", as: stranger, method: "GET", tmpl: "/api/ops/me", status: 404},
		{name: "ops_operators", as: admin, method: "GET", tmpl: "/api/ops/operators", status: 200},
		{name: "ops_operators_stranger", as: stranger, method: "GET", tmpl: "/api/ops/operators", status: 404},
		{name: "ops_operator_set", as: admin, method: "PUT", tmpl: "/api/ops/operators",
			body: map[string]string{"email": "new.op.doc@example.com", "role": "support", "reason": "joins the support team"}, status: 204, validRequest: true},
		{name: "ops_operator_set_bad_role", as: admin, method: "PUT", tmpl: "/api/ops/operators",
			body: map[string]string{"email": "new.op.doc@example.com", "role": "owner", "reason": "x"}, status: 400},
		{name: "ops_operator_set_self", as: admin, method: "PUT", tmpl: "/api/ops/operators",
			body: map[string]string{"email": "admin.doc@example.com", "role": "support", "reason": "x"}, status: 409},
		{name: "ops_operator_remove", as: admin, method: "POST", tmpl: "/api/ops/operators/remove",
			body: map[string]string{"email": "new.op.doc@example.com", "reason": "left the team"}, status: 204, validRequest: true},
		{name: "ops_operator_remove_no_reason", as: admin, method: "POST", tmpl: "/api/ops/operators/remove",
			body: map[string]string{"email": "support.doc@example.com", "reason": ""}, status: 400},
		{name: "ops_operator_remove_self", as: admin, method: "POST", tmpl: "/api/ops/operators/remove",
			body: map[string]string{"email": "admin.doc@example.com", "reason": "x"}, status: 409},
		{name: "ops_audit", as: admin, method: "GET", tmpl: "/api/ops/audit", path: "/api/ops/audit?limit=10", status: 200},
		{name: "ops_audit_paged", as: admin, method: "GET", tmpl: "/api/ops/audit", path: "/api/ops/audit?limit=1", status: 200},
		{name: "ops_find_payments", as: admin, method: "GET", tmpl: "/api/ops/payments", path: "/api/ops/payments?corridor=BR&status=awaiting_payin", status: 200},
		{name: "ops_find_payments_bad", as: admin, method: "GET", tmpl: "/api/ops/payments", path: "/api/ops/payments?q=hello", status: 400},
		{name: "ops_explain", as: admin, method: "GET", tmpl: "/api/ops/payments/{transaction_id}", path: "/api/ops/payments/" + txn, status: 200},
		{name: "ops_explain_unknown", as: admin, method: "GET", tmpl: "/api/ops/payments/{transaction_id}", path: "/api/ops/payments/txn_none", status: 404},
		{name: "ops_resend", as: admin, method: "POST", tmpl: "/api/ops/payments/{transaction_id}/resend-email", path: "/api/ops/payments/" + fixTxn + "/resend-email",
			body: map[string]string{"mail_id": story.Emails[0].ID, "reason": "lost it"}, status: 204, validRequest: true},
		{name: "ops_resend_none", as: admin, method: "POST", tmpl: "/api/ops/payments/{transaction_id}/resend-email", path: "/api/ops/payments/" + fixTxn + "/resend-email",
			body: map[string]string{"mail_id": "msg_none", "reason": "lost it"}, status: 404},
		{name: "ops_replay", as: admin, method: "POST", tmpl: "/api/ops/payments/{transaction_id}/replay-webhook", path: "/api/ops/payments/" + fixTxn + "/replay-webhook",
			body: map[string]string{"event_id": story.Webhooks[0].ID, "reason": "stalled"}, status: 200, validRequest: true},
		{name: "ops_replay_no_reason", as: admin, method: "POST", tmpl: "/api/ops/payments/{transaction_id}/replay-webhook", path: "/api/ops/payments/" + fixTxn + "/replay-webhook",
			body: map[string]string{"event_id": story.Webhooks[0].ID, "reason": ""}, status: 400},
		{name: "ops_hold", as: admin, method: "POST", tmpl: "/api/ops/payments/{transaction_id}/hold", path: "/api/ops/payments/" + fixTxn + "/hold",
			body: map[string]string{"reason": "the payer's bank asked"}, status: 204, validRequest: true},
		{name: "ops_hold_twice", as: admin, method: "POST", tmpl: "/api/ops/payments/{transaction_id}/hold", path: "/api/ops/payments/" + fixTxn + "/hold",
			body: map[string]string{"reason": "again"}, status: 409},
		{name: "ops_release", as: admin, method: "POST", tmpl: "/api/ops/payments/{transaction_id}/release", path: "/api/ops/payments/" + fixTxn + "/release",
			body: map[string]string{"reason": "the bank is satisfied"}, status: 200, validRequest: true},
		{name: "ops_release_not_held", as: admin, method: "POST", tmpl: "/api/ops/payments/{transaction_id}/release", path: "/api/ops/payments/" + fixTxn + "/release",
			body: map[string]string{"reason": "again"}, status: 409},
		{name: "ops_health", as: admin, method: "GET", tmpl: "/api/ops/health", status: 200},
		{name: "ops_health_stranger", as: stranger, method: "GET", tmpl: "/api/ops/health", status: 404},
		{name: "ops_rewards", as: admin, method: "GET", tmpl: "/api/ops/rewards", path: "/api/ops/rewards?status=earned", status: 200},
		{name: "ops_rewards_bad", as: admin, method: "GET", tmpl: "/api/ops/rewards", path: "/api/ops/rewards?status=lost", status: 400},
		{name: "ops_reward_release", as: admin, method: "POST", tmpl: "/api/ops/rewards/{id}/review", path: "/api/ops/rewards/" + reward + "/review",
			body: map[string]string{"decision": "release", "reason": "a real friend"}, status: 204, validRequest: true},
		{name: "ops_reward_send_bad", as: admin, method: "POST", tmpl: "/api/ops/rewards/{id}/send", path: "/api/ops/rewards/" + reward + "/send",
			body: map[string]string{"code": "", "reason": "payout", "current_password": apptest.Password}, status: 400},
		{name: "ops_reward_send", as: admin, method: "POST", tmpl: "/api/ops/rewards/{id}/send", path: "/api/ops/rewards/" + reward + "/send",
			body: map[string]string{"code": "VISA-0000", "reason": "payout", "current_password": apptest.Password}, status: 204, validRequest: true},
		{name: "ops_reward_review_bad", as: admin, method: "POST", tmpl: "/api/ops/rewards/{id}/review", path: "/api/ops/rewards/" + reward + "/review",
			body: map[string]string{"decision": "refuse", "reason": "already sent"}, status: 409},
		{name: "ops_reward_review_none", as: admin, method: "POST", tmpl: "/api/ops/rewards/{id}/review", path: "/api/ops/rewards/rwd_none/review",
			body: map[string]string{"decision": "refuse", "reason": "gone"}, status: 404},
		{name: "ops_find_people", as: admin, method: "GET", tmpl: "/api/ops/people", path: "/api/ops/people?email=stranger.doc@example.com", status: 200},
		{name: "ops_find_people_bad", as: admin, method: "GET", tmpl: "/api/ops/people", path: "/api/ops/people?email=stranger", status: 400},
		{name: "ops_audit_bad_limit", as: admin, method: "GET", tmpl: "/api/ops/audit", path: "/api/ops/audit?limit=0", status: 400},
	}...)
}

// moneyFixExchanges are the console's money fixes checked against the
// document: a refund of a received pay-in, a cancel of an unpaid one, the
// returns queue and a recorded return (of a deposit that arrived after a
// cancel), and a payout paid out again after it came back.
func moneyFixExchanges(t *testing.T, h *apptest.Harness, admin *apptest.Browser) []exchange {
	t.Helper()
	ctx := context.Background()
	payer := h.NewBrazilPayer() // one identity check: the harness's browsers share an address
	pay := func(key string) (*apptest.Payer, string) {
		return payer, payer.PixPayment(payer.Quote("USDC/BRL", "40"), key).Str("transaction_id")
	}
	refunded, refundTxn := pay("doc-refund")
	h.Settled()
	arrive(t, h, refunded, refundTxn, "msg_doc_refund", storedPayment(t, h, refundTxn).AmountLocal)
	h.Eventually("the deposit recorded", func() bool { return refunded.State(refundTxn) == "payin_completed" })
	_, cancelTxn := pay("doc-cancel")
	late, lateTxn := pay("doc-late")
	h.Settled()
	admin.MustOK("POST", "/api/ops/payments/"+lateTxn+"/cancel", map[string]string{"reason": "the payer asked"})
	arrive(t, h, late, lateTxn, "msg_doc_late", storedPayment(t, h, lateTxn).AmountLocal)
	h.Eventually("the late deposit owed back", func() bool { return late.State(lateTxn) == "refunded" })
	owed := returnsQueue(t, admin).Owed
	if len(owed) == 0 {
		t.Fatal("no return owed for the document's exchanges")
	}
	again, againTxn := pay("doc-again")
	h.Settled()
	again.SettlePayin(againTxn)
	h.Eventually("the payout asked for", func() bool { return again.State(againTxn) == "offramp_created" })
	if err := h.Stack.BlindPaySandbox.Simulate(ctx, "payout", storedPayment(t, h, againTxn).OfframpID, "refund"); err != nil {
		t.Fatal(err)
	}
	h.Eventually("the payout came back", func() bool { return storedPayment(t, h, againTxn).OfframpStatus == "refunded" })
	pw := apptest.Password
	fix := func(txn, what string) string { return "/api/ops/payments/" + txn + "/" + what }
	return []exchange{
		{name: "ops_refund", as: admin, method: "POST", tmpl: "/api/ops/payments/{transaction_id}/refund", path: fix(refundTxn, "refund"),
			body: map[string]string{"reason": "the school cancelled", "current_password": pw}, status: 200, validRequest: true},
		{name: "ops_refund_twice", as: admin, method: "POST", tmpl: "/api/ops/payments/{transaction_id}/refund", path: fix(refundTxn, "refund"),
			body: map[string]string{"reason": "again", "current_password": pw}, status: 409},
		{name: "ops_refund_bad_password", as: admin, method: "POST", tmpl: "/api/ops/payments/{transaction_id}/refund", path: fix(cancelTxn, "refund"),
			body: map[string]string{"reason": "x", "current_password": "not my password 123"}, status: 400},
		{name: "ops_cancel", as: admin, method: "POST", tmpl: "/api/ops/payments/{transaction_id}/cancel", path: fix(cancelTxn, "cancel"),
			body: map[string]string{"reason": "the payer asked us to stop"}, status: 200, validRequest: true},
		{name: "ops_cancel_twice", as: admin, method: "POST", tmpl: "/api/ops/payments/{transaction_id}/cancel", path: fix(cancelTxn, "cancel"),
			body: map[string]string{"reason": "again"}, status: 409},
		{name: "ops_cancel_unknown", as: admin, method: "POST", tmpl: "/api/ops/payments/{transaction_id}/cancel", path: fix("txn_none", "cancel"),
			body: map[string]string{"reason": "x"}, status: 404},
		{name: "ops_returns", as: admin, method: "GET", tmpl: "/api/ops/returns", status: 200},
		{name: "ops_returns_stranger", as: payer.Browser, method: "GET", tmpl: "/api/ops/returns", status: 404},
		{name: "ops_record_return", as: admin, method: "POST", tmpl: "/api/ops/returns/{id}/record", path: "/api/ops/returns/" + owed[0].ID + "/record",
			body: map[string]string{"reference": "BP support 1", "reason": "returned by Pix", "current_password": pw}, status: 200, validRequest: true},
		{name: "ops_record_return_twice", as: admin, method: "POST", tmpl: "/api/ops/returns/{id}/record", path: "/api/ops/returns/" + owed[0].ID + "/record",
			body: map[string]string{"reference": "again", "reason": "again", "current_password": pw}, status: 409},
		{name: "ops_record_return_none", as: admin, method: "POST", tmpl: "/api/ops/returns/{id}/record", path: "/api/ops/returns/ret_none/record",
			body: map[string]string{"reference": "x", "reason": "x", "current_password": pw}, status: 404},
		{name: "ops_payout_again", as: admin, method: "POST", tmpl: "/api/ops/payments/{transaction_id}/payout-again", path: fix(againTxn, "payout-again"),
			body: map[string]string{"reason": "the bank account was corrected", "current_password": pw}, status: 204, validRequest: true},
		{name: "ops_payout_again_none", as: admin, method: "POST", tmpl: "/api/ops/payments/{transaction_id}/payout-again", path: fix(refundTxn, "payout-again"),
			body: map[string]string{"reason": "x", "current_password": pw}, status: 409},
	}
}
