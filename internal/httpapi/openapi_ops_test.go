package httpapi_test

import (
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
	return []exchange{
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
	}
}
