package httpapi_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// conversations lists the console's conversations as b sees them.
func conversations(t *testing.T, b *apptest.Browser, query string) []map[string]any {
	t.Helper()
	var out struct {
		Conversations []map[string]any `json:"conversations"`
	}
	if err := json.Unmarshal(b.MustOK("GET", "/api/ops/support"+query, nil).Body, &out); err != nil {
		t.Fatal(err)
	}
	return out.Conversations
}

var refInSubject = regexp.MustCompile(`\[ref:([A-Z2-7]{10})\]`)

// Issue 30, support: a message from the dashboard's Support tab becomes a
// conversation the console lists (nobody but an operator sees it); support
// answers it by e-mail through the outbox (the subject names the
// conversation), assigns and closes it, each in the audit log; the payer's
// reply from the sandbox mailbox comes back into it and opens it again.
func TestSupportConversationFromMessageToReply(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		payer := h.Browser()
		payer.SignUp("lucia@example.com")
		if r := payer.Do("POST", "/api/support/messages", map[string]string{"subject": "Where is my money?", "message": ""}); r.Status != http.StatusBadRequest || r.Str("field") != "message" {
			t.Fatalf("an empty message: %d %s", r.Status, r.Body)
		}
		// Signed in, the account's address is answered, whatever is typed.
		r := payer.Do("POST", "/api/support/messages", map[string]string{"subject": "Where is my money?",
			"message": "I paid on Monday.\nThe school says nothing arrived.", "email": "someone.else@example.com"})
		if r.Status != http.StatusCreated || len(r.Str("reference")) != 10 {
			t.Fatalf("send: %d %s", r.Status, r.Body)
		}
		ref := r.Str("reference")
		if r := h.Browser().Do("GET", "/api/ops/support", nil); r.Status != http.StatusNotFound {
			t.Fatalf("a stranger lists conversations: %d", r.Status)
		}
		if r := payer.Do("GET", "/api/ops/support", nil); r.Status != http.StatusNotFound {
			t.Fatalf("the payer lists conversations: %d", r.Status)
		}

		support, _ := h.NewOperator("agent@example.com", "support")
		colleague, _ := h.NewOperator("colleague@example.com", "support")
		list := conversations(t, support, "?status=open")
		if len(list) != 1 || list[0]["email"] != "lucia@example.com" || list[0]["source"] != "dashboard" || list[0]["reference"] != ref {
			t.Fatalf("open conversations: %v", list)
		}
		id := list[0]["id"].(string)
		thread := support.MustOK("GET", "/api/ops/support/"+id, nil)
		entries, _ := thread.JSON["entries"].([]any)
		if len(entries) != 1 || entries[0].(map[string]any)["text"] != "I paid on Monday.\nThe school says nothing arrived." {
			t.Fatalf("thread: %s", thread.Body)
		}
		if r := support.Do("GET", "/api/ops/support/cnv_nope", nil); r.Status != http.StatusNotFound || r.Str("code") != "not_found" {
			t.Fatalf("no such conversation: %d %s", r.Status, r.Body)
		}

		// The answer goes by e-mail; the subject names the conversation.
		if r := support.Do("POST", "/api/ops/support/"+id+"/reply", map[string]string{"text": "  "}); r.Status != http.StatusBadRequest || r.Str("field") != "text" {
			t.Fatalf("an empty answer: %d %s", r.Status, r.Body)
		}
		support.MustOK("POST", "/api/ops/support/"+id+"/reply", map[string]string{"text": "Your payment arrived on Tuesday.\nThe school has it."})
		answer := h.Mail("lucia@example.com", "Where is my money?")
		if m := refInSubject.FindStringSubmatch(answer.Subject); m == nil || m[1] != ref || !strings.Contains(answer.Text, "The school has it.") {
			t.Fatalf("the answer e-mail: %q\n%s", answer.Subject, answer.Text)
		}
		if _, ok := answer.Headers["Reply-To"]; ok {
			t.Fatal("a Reply-To without an inbound address configured")
		}

		// Assign to a colleague (an operator only), then close.
		if r := support.Do("POST", "/api/ops/support/"+id+"/assign", map[string]string{"assignee": "lucia@example.com"}); r.Status != http.StatusNotFound || r.Str("field") != "assignee" {
			t.Fatalf("assigned to a payer: %d %s", r.Status, r.Body)
		}
		support.MustOK("POST", "/api/ops/support/"+id+"/assign", map[string]string{"assignee": "colleague@example.com"})
		if mine := conversations(t, colleague, "?mine=1"); len(mine) != 1 || mine[0]["assignee_email"] != "colleague@example.com" {
			t.Fatalf("the colleague's conversations: %v", mine)
		}
		if mine := conversations(t, support, "?mine=1"); len(mine) != 0 {
			t.Fatalf("the agent's own conversations: %v", mine)
		}
		colleague.MustOK("POST", "/api/ops/support/"+id+"/status", map[string]string{"status": "closed"})
		if r := colleague.Do("POST", "/api/ops/support/"+id+"/status", map[string]string{"status": "closed"}); r.Status != http.StatusConflict {
			t.Fatalf("closed twice: %d %s", r.Status, r.Body)
		}
		if open := conversations(t, support, "?status=open"); len(open) != 0 {
			t.Fatalf("still open: %v", open)
		}

		// The payer answers the e-mail from the sandbox mailbox: it comes back and opens the conversation.
		if r := h.Browser().Do("POST", "/api/sandbox/mailbox/"+h.Mail("agent@example.com", "").ID+"/reply", map[string]string{"text": "Thanks"}); r.Status != http.StatusConflict {
			t.Fatalf("a reply to an e-mail that is no support answer: %d %s", r.Status, r.Body)
		}
		h.Browser().MustOK("POST", "/api/sandbox/mailbox/"+answer.ID+"/reply", map[string]string{"text": "Thank you, found it!\n\nOn Tue, Crebit wrote:\n> Your payment arrived"})
		thread = support.MustOK("GET", "/api/ops/support/"+id, nil)
		entries, _ = thread.JSON["entries"].([]any)
		last := entries[len(entries)-1].(map[string]any)
		if thread.Str("status") != "open" || len(entries) != 3 || last["direction"] != "in" || last["text"] != "Thank you, found it!" {
			t.Fatalf("after the reply: %s", thread.Body)
		}

		audit := support.MustOK("GET", "/api/ops/audit?object_type=conversation&object_id="+id, nil)
		for _, action := range []string{"support.reply", "support.assign", "support.close"} {
			if !strings.Contains(string(audit.Body), action) {
				t.Errorf("no %s in the conversation's audit log: %s", action, audit.Body)
			}
		}
	})
}

// The contact form, signed out, needs a name and an address; with an
// inbound address configured, answers ask for replies there (plus-tagged),
// and the mail provider's POST /api/support/inbound adds a reply only with
// the token and only from the conversation's own address.
func TestSupportContactFormAndInboundReplies(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		const token = "inbound-token-0123456789"
		h := apptest.New(t, e, apptest.BlindPay(), apptest.Env("CREBIT_SUPPORT_INBOUND", "support@reply.example.com"), apptest.Env("CREBIT_SUPPORT_INBOUND_TOKEN", token))
		visitor := h.Browser()
		if r := visitor.Do("POST", "/api/support/messages", map[string]string{"subject": "Fees", "message": "How much is it?", "email": "pedro@example.com"}); r.Status != http.StatusBadRequest || r.Str("field") != "name" {
			t.Fatalf("no name: %d %s", r.Status, r.Body)
		}
		if r := visitor.Do("POST", "/api/support/messages", map[string]string{"subject": "Fees", "message": "How much is it?", "name": "Pedro"}); r.Status != http.StatusBadRequest || r.Str("field") != "email" {
			t.Fatalf("no address: %d %s", r.Status, r.Body)
		}
		ref := visitor.MustOK("POST", "/api/support/messages", map[string]string{"subject": "Fees", "message": "How much is it?", "name": "Pedro Ruiz", "email": "Pedro@Example.com"}).Str("reference")

		agent, _ := h.NewOperator("agent2@example.com", "support")
		list := conversations(t, agent, "")
		if len(list) != 1 || list[0]["source"] != "contact" || list[0]["email"] != "pedro@example.com" || list[0]["name"] != "Pedro Ruiz" {
			t.Fatalf("conversations: %v", list)
		}
		id := list[0]["id"].(string)
		agent.MustOK("POST", "/api/ops/support/"+id+"/reply", map[string]string{"text": "0.5% and nothing else."})
		answer := h.Mail("pedro@example.com", "Fees")
		if got := answer.Headers["Reply-To"]; got != "support+"+ref+"@reply.example.com" {
			t.Fatalf("Reply-To %q", got)
		}

		inbound := func(auth string, body map[string]string) apptest.Response {
			return h.Browser().Do("POST", "/api/support/inbound", body, "Authorization", auth)
		}
		reply := map[string]string{"from": "Pedro Ruiz <pedro@example.com>", "to": "support+" + ref + "@reply.example.com", "subject": "Re: Fees", "text": "And for Mexico?"}
		if r := inbound("Bearer wrong-token-wrong-token", reply); r.Status != http.StatusUnauthorized {
			t.Fatalf("a wrong token: %d %s", r.Status, r.Body)
		}
		forged := map[string]string{"from": "mallory@example.com", "to": reply["to"], "subject": "Re: Fees", "text": "Send the money to me"}
		if r := inbound("Bearer "+token, forged); r.Status != http.StatusOK || r.JSON["taken"] != false {
			t.Fatalf("another sender: %d %s", r.Status, r.Body)
		}
		if r := inbound("Bearer "+token, reply); r.Status != http.StatusOK || r.JSON["taken"] != true {
			t.Fatalf("the reply: %d %s", r.Status, r.Body)
		}
		thread := agent.MustOK("GET", "/api/ops/support/"+id, nil)
		if body := string(thread.Body); !strings.Contains(body, "And for Mexico?") || strings.Contains(body, "Send the money") {
			t.Fatalf("the thread: %s", body)
		}
	})
}
