package httpapi_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// Issue 30, rewards: finance works the queue — releases a held reward,
// sends an earned one's gift card code to the referrer by e-mail (asking
// for the operator's password again; the code is in the e-mail only, never
// in the audit log), refuses one with a reason; support cannot see it.
func TestConsoleRewardsQueue(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay(), apptest.Env("CREBIT_TRUSTED_PROXIES", "127.0.0.0/8,::1/128"))
		referrer := h.NewVerifiedAccountPayer("rewarded@example.com", apptest.CPF)
		code := referralCode(t, h, referrer, "first.friend@example.com")
		far := friend(t, h, code, "far.friend@example.com", "046.591.018-19")
		complete(t, h, far, "20", "046.591.018-19")
		near := friend(t, h, code, "near.friend@example.com", "714.602.380-01")
		near.Headers = nil // the referrer's own address today: held
		complete(t, h, near, "20", "714.602.380-01")
		h.Settled()

		finance, _ := h.NewOperator("finance@example.com", "finance")
		support, _ := h.NewOperator("support.rw@example.com", "support")
		if r := support.Do("GET", "/api/ops/rewards", nil); r.Status != http.StatusNotFound {
			t.Fatalf("support sees the rewards queue: %d", r.Status)
		}
		queue := func(status string) []map[string]any {
			t.Helper()
			var out struct {
				Rewards []map[string]any `json:"rewards"`
			}
			if err := json.Unmarshal(finance.MustOK("GET", "/api/ops/rewards?status="+status, nil).Body, &out); err != nil {
				t.Fatal(err)
			}
			return out.Rewards
		}
		earned, held := queue("earned"), queue("held")
		if len(earned) != 1 || len(held) != 1 || held[0]["review_reason"] != "same_ip_day" || earned[0]["referrer_email"] != "maria@example.com" {
			t.Fatalf("queue: earned %v, held %v", earned, held)
		}
		earnedID, heldID := earned[0]["id"].(string), held[0]["id"].(string)
		send := func(id string, body map[string]string) apptest.Response {
			return finance.Do("POST", "/api/ops/rewards/"+id+"/send", body)
		}
		good := map[string]string{"code": "GIFT-1234-ABCD", "reason": "monthly payout", "current_password": apptest.Password}

		if r := send(earnedID, good); r.Status != http.StatusConflict || !strings.Contains(r.Error(), "not chosen") {
			t.Fatalf("sent before the card was chosen: %d %s", r.Status, r.Body)
		}
		referrer.MustOK("PUT", "/api/me/referrals/rewards/"+earnedID+"/gift-card", map[string]string{"brand": "Amazon"})
		wrong := map[string]string{"code": "GIFT-1234-ABCD", "reason": "monthly payout", "current_password": "not my password 123"}
		if r := send(earnedID, wrong); r.Status != http.StatusUnauthorized && r.Status != http.StatusBadRequest || r.Str("code") != "current_password_invalid" {
			t.Fatalf("a wrong password: %d %s", r.Status, r.Body)
		}
		if r := send(earnedID, map[string]string{"code": "", "reason": "x", "current_password": apptest.Password}); r.Status != http.StatusBadRequest || r.Str("field") != "code" {
			t.Fatalf("no code: %d %s", r.Status, r.Body)
		}
		if r := send(earnedID, good); r.Status != http.StatusNoContent {
			t.Fatalf("send: %d %s", r.Status, r.Body)
		}
		if r := send(earnedID, good); r.Status != http.StatusConflict {
			t.Fatalf("sent twice: %d %s", r.Status, r.Body)
		}
		if m := h.Mail("maria@example.com", "Amazon gift card"); !strings.Contains(m.Text, "GIFT-1234-ABCD") {
			t.Fatalf("the referrer's e-mail:\n%s", m.Text)
		}
		if len(queue("sent")) != 1 {
			t.Fatal("the reward is not marked sent")
		}

		review := func(id, decision, why string) apptest.Response {
			return finance.Do("POST", "/api/ops/rewards/"+id+"/review", map[string]string{"decision": decision, "reason": why})
		}
		if r := review(heldID, "release", ""); r.Status != http.StatusBadRequest || r.Str("field") != "reason" {
			t.Fatalf("a release without a reason: %d %s", r.Status, r.Body)
		}
		if r := review(heldID, "release", "called the referrer: a real neighbour"); r.Status != http.StatusNoContent {
			t.Fatalf("release: %d %s", r.Status, r.Body)
		}
		if r := review(heldID, "release", "again"); r.Status != http.StatusConflict {
			t.Fatalf("released twice: %d %s", r.Status, r.Body)
		}
		if r := review(heldID, "refuse", "the neighbour is the referrer's spouse"); r.Status != http.StatusNoContent {
			t.Fatalf("refuse: %d %s", r.Status, r.Body)
		}
		if m := h.Mail("maria@example.com", "About your"); !strings.Contains(m.Text, "the neighbour is the referrer's spouse") || !strings.Contains(m.Text, "near.friend@example.com") {
			t.Fatalf("the referrer is not told why:\n%s", m.Text)
		}
		if r := review(earnedID, "refuse", "too late"); r.Status != http.StatusConflict {
			t.Fatalf("a sent reward refused: %d %s", r.Status, r.Body)
		}
		if r := review(heldID, "maybe", "x"); r.Status != http.StatusBadRequest || r.Str("field") != "decision" {
			t.Fatalf("an unknown decision: %d %s", r.Status, r.Body)
		}

		audit := finance.MustOK("GET", "/api/ops/audit?object_type=reward&object_id="+earnedID, nil)
		if !strings.Contains(string(audit.Body), "reward.send") || strings.Contains(string(audit.Body), "GIFT-1234") {
			t.Fatalf("the audit of the sending: %s", audit.Body)
		}
		audit = finance.MustOK("GET", "/api/ops/audit?object_type=reward&object_id="+heldID, nil)
		if !strings.Contains(string(audit.Body), "reward.release") || !strings.Contains(string(audit.Body), "reward.refuse") {
			t.Fatalf("the audit of the review: %s", audit.Body)
		}
	})
}
