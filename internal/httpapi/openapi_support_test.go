package httpapi_test

import (
	"encoding/json"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
)

// docInboundToken is the mail provider's token in the document's harness.
const docInboundToken = "doc-inbound-token-0123456789"

// supportExchanges are the support conversations' requests checked against
// the document: a person's message, the console's list, thread, answer,
// assignment and status, the provider's inbound reply and the sandbox
// mailbox's, with their refusals.
func supportExchanges(t *testing.T, h *apptest.Harness) []exchange {
	t.Helper()
	agent, _ := h.NewOperator("support.conv.doc@example.com", "support")
	stranger := h.Browser()
	stranger.SignUp("stranger.conv.doc@example.com")
	visitor := h.Browser()
	ref := visitor.MustOK("POST", "/api/support/messages", map[string]string{"name": "Rosa Lima", "email": "rosa.doc@example.com",
		"subject": "A receipt", "message": "Can I have a receipt for my school?"}).Str("reference")
	var list struct {
		Conversations []struct{ ID, Reference string } `json:"conversations"`
	}
	if err := json.Unmarshal(agent.MustOK("GET", "/api/ops/support", nil).Body, &list); err != nil {
		t.Fatal(err)
	}
	id := ""
	for _, c := range list.Conversations {
		if c.Reference == ref {
			id = c.ID
		}
	}
	if id == "" {
		t.Fatalf("no conversation for the document's exchanges: %+v", list)
	}
	agent.MustOK("POST", "/api/ops/support/"+id+"/reply", map[string]string{"text": "Yes: it is attached to your completion e-mail."})
	answer := h.Mail("rosa.doc@example.com", "A receipt")
	other := h.Mail("stranger.conv.doc@example.com", "")
	inbound := map[string]string{"from": "rosa.doc@example.com", "to": "support+" + ref + "@reply.example.com", "subject": "Re: A receipt [ref:" + ref + "]", "text": "Found it, thanks."}
	bearer := []string{"Authorization", "Bearer " + docInboundToken}
	return []exchange{
		{name: "support_message", method: "POST", tmpl: "/api/support/messages",
			body: map[string]string{"name": "Tomás Díaz", "email": "tomas.doc@example.com", "subject": "SPEI times", "message": "When does a SPEI arrive?"}, status: 201, validRequest: true},
		{name: "support_message_bad", method: "POST", tmpl: "/api/support/messages", body: map[string]string{"subject": "", "message": "x"}, status: 400},
		{name: "ops_support_list", as: agent, method: "GET", tmpl: "/api/ops/support", path: "/api/ops/support?status=open", status: 200},
		{name: "ops_support_list_bad", as: agent, method: "GET", tmpl: "/api/ops/support", path: "/api/ops/support?status=lost", status: 400},
		{name: "ops_support_list_stranger", as: stranger, method: "GET", tmpl: "/api/ops/support", status: 404},
		{name: "ops_support_thread", as: agent, method: "GET", tmpl: "/api/ops/support/{id}", path: "/api/ops/support/" + id, status: 200},
		{name: "ops_support_thread_none", as: agent, method: "GET", tmpl: "/api/ops/support/{id}", path: "/api/ops/support/cnv_none", status: 404},
		{name: "ops_support_reply", as: agent, method: "POST", tmpl: "/api/ops/support/{id}/reply", path: "/api/ops/support/" + id + "/reply",
			body: map[string]string{"text": "It is also in your dashboard."}, status: 204, validRequest: true},
		{name: "ops_support_reply_empty", as: agent, method: "POST", tmpl: "/api/ops/support/{id}/reply", path: "/api/ops/support/" + id + "/reply",
			body: map[string]string{"text": ""}, status: 400},
		{name: "ops_support_assign", as: agent, method: "POST", tmpl: "/api/ops/support/{id}/assign", path: "/api/ops/support/" + id + "/assign",
			body: map[string]string{"assignee": "support.conv.doc@example.com"}, status: 204, validRequest: true},
		{name: "ops_support_assign_nobody", as: agent, method: "POST", tmpl: "/api/ops/support/{id}/assign", path: "/api/ops/support/" + id + "/assign",
			body: map[string]string{"assignee": "stranger.conv.doc@example.com"}, status: 404},
		{name: "ops_support_close", as: agent, method: "POST", tmpl: "/api/ops/support/{id}/status", path: "/api/ops/support/" + id + "/status",
			body: map[string]string{"status": "closed"}, status: 204, validRequest: true},
		{name: "ops_support_close_again", as: agent, method: "POST", tmpl: "/api/ops/support/{id}/status", path: "/api/ops/support/" + id + "/status",
			body: map[string]string{"status": "closed"}, status: 409},
		{name: "support_inbound", method: "POST", tmpl: "/api/support/inbound", body: inbound, header: bearer, status: 200, validRequest: true},
		{name: "support_inbound_bad_token", method: "POST", tmpl: "/api/support/inbound", body: inbound, header: []string{"Authorization", "Bearer nope"}, status: 401},
		{name: "sandbox_mailbox_reply", method: "POST", tmpl: "/api/sandbox/mailbox/{id}/reply", path: "/api/sandbox/mailbox/" + answer.ID + "/reply",
			body: map[string]string{"text": "One more question."}, status: 204, validRequest: true},
		{name: "sandbox_mailbox_reply_not_support", method: "POST", tmpl: "/api/sandbox/mailbox/{id}/reply", path: "/api/sandbox/mailbox/" + other.ID + "/reply",
			body: map[string]string{"text": "Hello?"}, status: 409},
	}
}
