package httpapi_test

import (
	"net/http"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// TestSandboxSurfacesAnswerOnlyLoopbackClients: a visitor from elsewhere
// (here through a trusted proxy on loopback, as a public site is reached)
// never reads the sandbox mailbox, never drives the sandbox's simulation or
// its partner API, and is not offered them; the person on this machine is.
func TestSandboxSurfacesAnswerOnlyLoopbackClients(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.Env("CREBIT_TRUSTED_PROXIES", "127.0.0.0/8,::1/128"))
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
		h.Browser().SignUp("owner@example.com") // a verification link lands in the mailbox
		h.Eventually("a message in the mailbox", func() bool {
			return len(p.Do("GET", "/api/sandbox/mailbox", nil).JSON["messages"].([]any)) > 0
		})
		remote := []string{"X-Forwarded-For", "203.0.113.9"}
		for _, c := range []struct {
			method, path string
			body         any
		}{
			{"GET", "/api/sandbox/mailbox", nil},
			{"GET", "/api/sandbox/mailbox/mbx_anything", nil},
			{"GET", "/api/sandbox/mailbox/mbx_anything/attachments/0", nil},
			{"POST", "/api/trigger-mock-webhook", map[string]string{"transaction_id": txn, "event": "payin_completed"}},
			{"POST", "/bpsandbox/v1/instances/in_000000000000/customers", map[string]any{}},
			{"GET", "/bpsandbox/v1/instances/in_000000000000/payins", nil},
		} {
			if r := p.Do(c.method, c.path, c.body, remote...); r.Status != http.StatusNotFound || r.Str("code") != "not_found" {
				t.Errorf("%s %s from a remote client: %d %s, want 404 not_found", c.method, c.path, r.Status, r.Body)
			}
		}
		if r := p.MustOK("GET", "/api/config", nil, remote...); r.JSON["sandbox"] != false {
			t.Errorf("a remote client is offered the sandbox's controls: %s", r.Body)
		}
		if st := p.State(txn); st != "awaiting_payin" {
			t.Fatalf("a remote trigger moved the payment to %s", st)
		}
		// On this machine the sandbox is there to use.
		if r := p.MustOK("GET", "/api/config", nil); r.JSON["sandbox"] != true {
			t.Errorf("a loopback client is not offered the sandbox: %s", r.Body)
		}
		p.Simulate(txn, "payin_completed")
	})
}
