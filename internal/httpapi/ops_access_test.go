package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// Issue 30: who may use the operations console.

// TestConsoleIsInvisibleToEveryoneButOperators: a guest, a signed-in
// customer and an operator whose role falls short get, on every console
// path and method, exactly the answer of a path that does not exist.
func TestConsoleIsInvisibleToEveryoneButOperators(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		customer := h.Browser()
		customer.SignUp("customer@example.com")
		support, _ := h.NewOperator("support@example.com", "support")
		unknown := h.Browser().Do("GET", "/api/ops/nothing-here", nil)
		for name, b := range map[string]*apptest.Browser{"guest": h.Browser(), "customer": customer} {
			for _, c := range []struct{ method, path string }{
				{"GET", "/api/ops/me"}, {"POST", "/api/ops/me"}, {"GET", "/api/ops/operators"},
				{"PUT", "/api/ops/operators"}, {"GET", "/api/ops/audit"}, {"DELETE", "/api/ops/audit"},
				{"GET", "/api/ops/rewards"}, {"GET", "/api/ops/health"},
				{"GET", "/api/ops/support"}, {"GET", "/api/ops/support/cnv_x"}, {"POST", "/api/ops/support/cnv_x/reply"},
				{"POST", "/api/ops/support/cnv_x/assign"}, {"POST", "/api/ops/support/cnv_x/status"}, {"DELETE", "/api/ops/support/cnv_x"},
			} {
				r := b.Do(c.method, c.path, nil)
				want := strings.Replace(string(unknown.Body), "GET /api/ops/nothing-here", c.method+" "+c.path, 1)
				if r.Status != http.StatusNotFound || string(r.Body) != want {
					t.Errorf("%s %s %s: %d %s, want the 404 of a missing path %s", name, c.method, c.path, r.Status, r.Body, want)
				}
			}
		}
		if r := support.Do("GET", "/api/ops/operators", nil); r.Status != http.StatusNotFound {
			t.Errorf("support lists operators: %d %s", r.Status, r.Body)
		}
		if r := support.MustOK("GET", "/api/ops/me", nil); r.Str("role") != "support" || r.Str("email") != "support@example.com" {
			t.Errorf("support's console: %s", r.Body)
		}
	})
}

// TestConsoleNeedsARecentTwoFactorSignIn: an operator signed in without the
// second factor, or more than 8 hours ago, is told to sign in again.
func TestConsoleNeedsARecentTwoFactorSignIn(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		noTwoFactor := h.Browser()
		noTwoFactor.SignUp("plain.op@example.com")
		if err := h.Stack.Ops.SetOperatorRole(t.Context(), nil, "plain.op@example.com", "finance", "test"); err != nil {
			t.Fatal(err)
		}
		if r := noTwoFactor.Do("GET", "/api/ops/me", nil); r.Status != http.StatusForbidden || r.Str("code") != "two_factor_required" {
			t.Fatalf("an operator without two-factor: %d %s", r.Status, r.Body)
		}
		op, _ := h.NewOperator("fin@example.com", "finance")
		op.MustOK("GET", "/api/ops/me", nil)
		h.Clock.Advance(8*time.Hour + time.Minute)
		if r := op.Do("GET", "/api/ops/me", nil); r.Status != http.StatusForbidden || r.Str("code") != "two_factor_required" {
			t.Fatalf("a console sign-in 8 hours old: %d %s", r.Status, r.Body)
		}
	})
}

// TestAdminsManageOperatorsAndEveryChangeIsAudited: an admin adds and
// removes operators with a reason, never themselves; each change is in the
// audit log with who, what, before, after and why; the log refuses every
// change to itself.
func TestAdminsManageOperatorsAndEveryChangeIsAudited(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		admin, _ := h.NewOperator("admin@example.com", "admin")
		h.Browser().SignUp("newbie@example.com")
		if r := admin.Do("PUT", "/api/ops/operators", map[string]string{"email": "newbie@example.com", "role": "support"}); r.Status != 400 || r.Str("field") != "reason" {
			t.Fatalf("a change without a reason: %d %s", r.Status, r.Body)
		}
		admin.MustOK("PUT", "/api/ops/operators", map[string]string{"email": "newbie@example.com", "role": "support", "reason": "joins the support team"})
		admin.MustOK("PUT", "/api/ops/operators", map[string]string{"email": "newbie@example.com", "role": "finance", "reason": "moves to finance"})
		if r := admin.Do("POST", "/api/ops/operators/remove", map[string]string{"email": "admin@example.com", "reason": "leaving"}); r.Status != http.StatusConflict {
			t.Fatalf("an admin removed themselves: %d %s", r.Status, r.Body)
		}
		admin.MustOK("POST", "/api/ops/operators/remove", map[string]string{"email": "newbie@example.com", "reason": "left the company"})
		list := admin.MustOK("GET", "/api/ops/operators", nil)
		if strings.Contains(string(list.Body), "newbie@") || !strings.Contains(string(list.Body), "admin@example.com") {
			t.Fatalf("operators: %s", list.Body)
		}

		r := admin.MustOK("GET", "/api/ops/audit", nil)
		entries, _ := r.JSON["entries"].([]any)
		var actions []string
		for _, x := range entries {
			m := x.(map[string]any)
			actions = append(actions, m["action"].(string)+" by "+m["actor_email"].(string)+": "+m["reason"].(string))
		}
		want := []string{
			"operator.remove by admin@example.com: left the company",
			"operator.set_role by admin@example.com: moves to finance",
			"operator.set_role by admin@example.com: joins the support team",
			"operator.set_role by cli: test operator",
		}
		if strings.Join(actions, "\n") != strings.Join(want, "\n") {
			t.Fatalf("audit log:\n%s\nwant:\n%s", strings.Join(actions, "\n"), strings.Join(want, "\n"))
		}
		moved := entries[1].(map[string]any)
		if b, a := moved["before"].(map[string]any), moved["after"].(map[string]any); b["role"] != "support" || a["role"] != "finance" {
			t.Fatalf("before/after of the role change: %v / %v", b, a)
		}

		// Append-only, whoever asks: the database refuses changes.
		for _, q := range []string{`UPDATE audit_log SET reason = 'edited'`, `DELETE FROM audit_log`} {
			err := h.DB.Tx(t.Context(), func(tx *store.Tx) error { _, err := tx.Exec(t.Context(), q); return err })
			if err == nil || !strings.Contains(err.Error(), "append-only") {
				t.Errorf("%s: %v, want refused as append-only", q, err)
			}
		}
		if n := count(t, h, `SELECT COUNT(*) FROM audit_log`); n != 4 {
			t.Fatalf("%d audit entries after the refused changes, want 4", n)
		}
	})
}
