package httpapi_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// linkParams returns the id and token of the first link to path in text.
func linkParams(t *testing.T, text, path string) (string, string) {
	t.Helper()
	for _, f := range strings.Fields(text) {
		if u, err := url.Parse(f); err == nil && u.Path == path {
			return u.Query().Get("id"), u.Query().Get("token")
		}
	}
	t.Fatalf("no link to %s in:\n%s", path, text)
	return "", ""
}

// mailIDs is the local mailbox's mail to to, by id (with its subject), once the queues settled.
func mailIDs(t *testing.T, h *apptest.Harness, to string) map[string]string {
	t.Helper()
	h.Settled()
	ms, err := h.Stack.Outbox.Mailbox(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, m := range ms {
		if m.To == to {
			out[m.ID] = m.Subject
		}
	}
	return out
}

func mailCount(t *testing.T, h *apptest.Harness, to, subject string) int {
	t.Helper()
	h.Settled()
	ms, err := h.Stack.Outbox.Mailbox(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range ms {
		if m.To == to && strings.Contains(m.Subject, subject) {
			n++
		}
	}
	return n
}

// Alerts: double opt-in, a first digest on confirmation and then at most
// weekly with only new programs, reminders 14 and 3 days before a tracked
// program's dated deadline (once each), one-click unsubscribe (RFC 8058)
// in every message, all in the student's language.
func TestScholarshipAlerts(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		const email = "alerts@example.com"
		b := h.Browser()
		b.SetLanguage("es-MX")
		b.SignUp(email)
		if r := h.Browser().Do("POST", "/api/me/scholarships/alerts", map[string]string{"params": ""}); r.Status != http.StatusUnauthorized {
			t.Fatalf("a guest subscribed: %d", r.Status)
		}
		if r := b.Do("POST", "/api/me/scholarships/alerts", map[string]string{"params": "sort=nonsense"}); r.Status != http.StatusBadRequest {
			t.Fatalf("a bad search was accepted: %d %s", r.Status, r.Body)
		}
		r := b.Do("POST", "/api/me/scholarships/alerts", map[string]string{"params": "q=derecho&page=3"})
		if r.Status != http.StatusCreated || r.Str("status") != "pending" || r.Str("params") != "q=derecho" {
			t.Fatalf("subscribe: %d %s", r.Status, r.Body)
		}
		confirm := h.Mail(email, "Confirma tus alertas de becas")
		if confirm.Headers["List-Unsubscribe-Post"] != "List-Unsubscribe=One-Click" || !strings.HasPrefix(confirm.Headers["List-Unsubscribe"], "<"+h.URL) {
			t.Fatalf("confirmation headers: %v", confirm.Headers)
		}
		// Nothing but the confirmation before the link is followed.
		h.Stack.Scholarships.RunScholarshipAlerts(context.Background())
		if n := mailCount(t, h, email, "Becas nuevas"); n != 0 {
			t.Fatalf("a digest before confirmation: %d", n)
		}
		id, token := linkParams(t, confirm.Text, "/scholarship-alerts/confirm")
		if r := h.Browser().Do("POST", "/api/scholarships/alerts/confirm", map[string]string{"id": id, "token": token + "x"}); r.Status != http.StatusBadRequest && r.Status != http.StatusGone && r.Status != http.StatusNotFound {
			t.Fatalf("a wrong token confirmed: %d %s", r.Status, r.Body)
		}
		if r := h.Browser().MustOK("POST", "/api/scholarships/alerts/confirm", map[string]string{"id": id, "token": token}); r.Str("status") != "active" {
			t.Fatalf("confirm: %s", r.Body)
		}
		h.Browser().MustOK("POST", "/api/scholarships/alerts/confirm", map[string]string{"id": id, "token": token}) // a second click is fine
		digest := h.Mail(email, "Becas nuevas para ti")
		if !strings.Contains(digest.Text, "MALDEF Law School Scholarship") || !strings.Contains(digest.Text, "como máximo un correo por semana") {
			t.Fatalf("first digest:\n%s", digest.Text)
		}
		if digest.Headers["List-Unsubscribe-Post"] != "List-Unsubscribe=One-Click" {
			t.Fatalf("digest headers: %v", digest.Headers)
		}
		if n := mailCount(t, h, email, "Becas nuevas"); n != 1 {
			t.Fatalf("confirming twice sent %d digests", n)
		}

		// The weekly limit: the next day's run sends no digest; a week later
		// there is nothing new either (the catalog did not change).
		h.Clock.Advance(24 * time.Hour)
		h.Stack.Scholarships.RunScholarshipAlerts(context.Background())
		h.Clock.Advance(7 * 24 * time.Hour)
		h.Stack.Scholarships.RunScholarshipAlerts(context.Background())
		if n := mailCount(t, h, email, "Becas nuevas"); n != 1 {
			t.Fatalf("want still one digest, got %d", n)
		}
		// A program that matches later (here: forgotten from what was sent)
		// is in the next digest, but not before a week has passed.
		if err := h.DB.Tx(context.Background(), func(tx *store.Tx) error {
			_, err := tx.Exec(context.Background(), `UPDATE scholarship_alerts SET seen = '[]', last_digest_at = ? WHERE id = ?`, h.Clock.Now().UTC(), id)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		h.Clock.Advance(6 * 24 * time.Hour)
		h.Stack.Scholarships.RunScholarshipAlerts(context.Background())
		if n := mailCount(t, h, email, "Becas nuevas"); n != 1 {
			t.Fatalf("a second digest within the week: %d", n)
		}
		h.Clock.Advance(24 * time.Hour)
		h.Stack.Scholarships.RunScholarshipAlerts(context.Background())
		if n := mailCount(t, h, email, "Becas nuevas"); n != 2 {
			t.Fatalf("want the new match a week later, got %d digests", n)
		}

		// Reminders 14 and 3 days before a tracked program's deadline, once each.
		app := b.MustOK("POST", "/api/me/scholarships/tracker", map[string]string{"program_id": "knight-hennessy-scholars"}).Str("id")
		deadline := h.Clock.Now().AddDate(0, 0, 20).Format(time.DateOnly)
		b.MustOK("PATCH", "/api/me/scholarships/tracker/"+app, map[string]string{"deadline": deadline})
		h.Stack.Scholarships.RunScholarshipAlerts(context.Background())
		if n := mailCount(t, h, email, "Knight-Hennessy"); n != 0 {
			t.Fatalf("a reminder 20 days ahead: %d", n)
		}
		h.Clock.Advance(7 * 24 * time.Hour) // 13 days left
		h.Stack.Scholarships.RunScholarshipAlerts(context.Background())
		h.Stack.Scholarships.RunScholarshipAlerts(context.Background())
		reminder := h.Mail(email, "Knight-Hennessy")
		if !strings.Contains(reminder.Subject, "faltan 13 días") || reminder.Headers["List-Unsubscribe-Post"] != "List-Unsubscribe=One-Click" {
			t.Fatalf("reminder: %q %v", reminder.Subject, reminder.Headers)
		}
		if n := mailCount(t, h, email, "Knight-Hennessy"); n != 1 {
			t.Fatalf("the 14-day reminder went %d times", n)
		}
		h.Clock.Advance(10 * 24 * time.Hour) // 3 days left
		h.Stack.Scholarships.RunScholarshipAlerts(context.Background())
		if n := mailCount(t, h, email, "faltan 3 días"); n != 1 {
			t.Fatalf("the 3-day reminder: %d", n)
		}
		// A submitted application needs no reminder.
		h.Clock.Advance(-20 * 24 * time.Hour)
		b.MustOK("PATCH", "/api/me/scholarships/tracker/"+app, map[string]string{"status": "preparing"})
		b.MustOK("PATCH", "/api/me/scholarships/tracker/"+app, map[string]string{"status": "submitted"})

		// One-click unsubscribe: the mail client's POST, with no cookie.
		oneClick := strings.Trim(digest.Headers["List-Unsubscribe"], "<>")
		req, _ := http.NewRequest("POST", oneClick, strings.NewReader("List-Unsubscribe=One-Click"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		resp, err := http.DefaultClient.Do(req)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("one-click unsubscribe: %v %v", err, resp)
		}
		resp.Body.Close()
		if r := b.MustOK("GET", "/api/me/scholarships/alerts", nil); len(r.JSON["alerts"].([]any)) != 0 {
			t.Fatalf("still subscribed: %s", r.Body)
		}
		h.Clock.Advance(30 * 24 * time.Hour)
		// Nothing new comes. (Counting all mail is not enough: the mailbox's
		// retention may purge old mail now that the clock moved a month.)
		before := mailIDs(t, h, email)
		h.Stack.Scholarships.RunScholarshipAlerts(context.Background())
		for id, subject := range mailIDs(t, h, email) {
			if _, ok := before[id]; !ok {
				t.Fatalf("mail after unsubscribing: %q", subject)
			}
		}
		bad := strings.Replace(oneClick, "token=", "token=0", 1)
		if r, _ := http.Post(bad, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click")); r.StatusCode == http.StatusOK {
			t.Fatal("a wrong token unsubscribed")
		}

		// Another account cannot stop someone's alert.
		b.MustOK("POST", "/api/me/scholarships/alerts", map[string]string{"params": "q=fulbright"})
		mine := b.MustOK("GET", "/api/me/scholarships/alerts", nil).JSON["alerts"].([]any)[0].(map[string]any)["id"].(string)
		other := h.Browser()
		other.SignUp("other-alerts@example.com")
		if r := other.Do("DELETE", "/api/me/scholarships/alerts/"+mine, nil); r.Status != http.StatusNotFound {
			t.Fatalf("another account stopped the alert: %d", r.Status)
		}
		b.MustOK("DELETE", "/api/me/scholarships/alerts/"+mine, nil)
	})
}
