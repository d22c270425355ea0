package httpapi_test

import (
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
		{name: "ops_find_payments", as: admin, method: "GET", tmpl: "/api/ops/payments", path: "/api/ops/payments?corridor=BR&status=awaiting_payin", status: 200},
		{name: "ops_find_payments_bad", as: admin, method: "GET", tmpl: "/api/ops/payments", path: "/api/ops/payments?q=hello", status: 400},
		{name: "ops_explain", as: admin, method: "GET", tmpl: "/api/ops/payments/{transaction_id}", path: "/api/ops/payments/" + txn, status: 200},
		{name: "ops_explain_unknown", as: admin, method: "GET", tmpl: "/api/ops/payments/{transaction_id}", path: "/api/ops/payments/txn_none", status: 404},
		{name: "ops_find_people", as: admin, method: "GET", tmpl: "/api/ops/people", path: "/api/ops/people?email=stranger.doc@example.com", status: 200},
		{name: "ops_find_people_bad", as: admin, method: "GET", tmpl: "/api/ops/people", path: "/api/ops/people?email=stranger", status: 400},
		{name: "ops_audit_bad_limit", as: admin, method: "GET", tmpl: "/api/ops/audit", path: "/api/ops/audit?limit=0", status: 400},
	}
}
