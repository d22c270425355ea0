package httpapi_test

import (
	"net/http"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// The tracker: a signed-in student saves a program, moves it through the
// states one step at a time, keeps a deadline, notes and the documents
// checklist from the record; nobody else can see or touch it.
func TestScholarshipTracker(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		guest := h.Browser()
		if r := guest.Do("POST", "/api/me/scholarships/tracker", map[string]string{"program_id": "knight-hennessy-scholars"}); r.Status != http.StatusUnauthorized {
			t.Fatalf("a guest tracked a program: %d %s", r.Status, r.Body)
		}
		student := h.Browser()
		student.SignUp("tracker@example.com")
		student.SetLanguage("pt-BR")

		r := student.Do("POST", "/api/me/scholarships/tracker", map[string]string{"program_id": "maldef-law-school-scholarship"})
		if r.Status != http.StatusCreated || r.Str("status") != "interested" {
			t.Fatalf("track: %d %s", r.Status, r.Body)
		}
		id := r.Str("id")
		docs := r.JSON["documents"].([]any)
		if len(docs) != 3 || docs[0].(map[string]any)["label"] != "Inscrição on-line com declaração pessoal" {
			t.Fatalf("documents checklist from the record, in Portuguese: %v", docs)
		}
		if r := student.Do("POST", "/api/me/scholarships/tracker", map[string]string{"program_id": "maldef-law-school-scholarship"}); r.Status != http.StatusConflict {
			t.Fatalf("tracked twice: %d %s", r.Status, r.Body)
		}
		if r := student.Do("POST", "/api/me/scholarships/tracker", map[string]string{"program_id": "no-such-program"}); r.Status != http.StatusBadRequest {
			t.Fatalf("unknown program: %d %s", r.Status, r.Body)
		}

		// A result only after submitting.
		if r := student.Do("PATCH", "/api/me/scholarships/tracker/"+id, map[string]string{"status": "awarded"}); r.Status != http.StatusConflict {
			t.Fatalf("interested -> awarded allowed: %d %s", r.Status, r.Body)
		}
		for _, st := range []string{"preparing", "submitted", "awarded"} {
			if r := student.Do("PATCH", "/api/me/scholarships/tracker/"+id, map[string]string{"status": st}); r.Status != http.StatusOK || r.Str("status") != st {
				t.Fatalf("move to %s: %d %s", st, r.Status, r.Body)
			}
		}
		r = student.MustOK("PATCH", "/api/me/scholarships/tracker/"+id, map[string]any{"deadline": "2027-02-01", "notes": "Pedir carta ao professor", "documents": []int{0, 2}})
		if r.Str("deadline") != "2027-02-01" || r.Str("notes") != "Pedir carta ao professor" {
			t.Fatalf("edit: %s", r.Body)
		}
		if r := student.Do("PATCH", "/api/me/scholarships/tracker/"+id, map[string]any{"documents": []int{7}}); r.Status != http.StatusBadRequest {
			t.Fatalf("a document outside the checklist: %d %s", r.Status, r.Body)
		}
		if r := student.Do("PATCH", "/api/me/scholarships/tracker/"+id, map[string]any{"deadline": "next week"}); r.Status != http.StatusBadRequest {
			t.Fatalf("a deadline that is not a date: %d %s", r.Status, r.Body)
		}

		list := student.MustOK("GET", "/api/me/scholarships/tracker", nil)
		apps := list.JSON["applications"].([]any)
		if len(apps) != 1 {
			t.Fatalf("list: %s", list.Body)
		}
		app := apps[0].(map[string]any)
		done := []bool{}
		for _, d := range app["documents"].([]any) {
			done = append(done, d.(map[string]any)["done"].(bool))
		}
		if app["status"] != "awarded" || len(done) != 3 || !done[0] || done[1] || !done[2] {
			t.Fatalf("saved state: %v", app)
		}

		// Another account sees nothing and cannot change or delete it.
		other := h.Browser()
		other.SignUp("other@example.com")
		if r := other.MustOK("GET", "/api/me/scholarships/tracker", nil); len(r.JSON["applications"].([]any)) != 0 {
			t.Fatalf("another account sees the tracker: %s", r.Body)
		}
		if r := other.Do("PATCH", "/api/me/scholarships/tracker/"+id, map[string]string{"notes": "x"}); r.Status != http.StatusNotFound {
			t.Fatalf("another account edited it: %d %s", r.Status, r.Body)
		}
		if r := other.Do("DELETE", "/api/me/scholarships/tracker/"+id, nil); r.Status != http.StatusNotFound {
			t.Fatalf("another account deleted it: %d %s", r.Status, r.Body)
		}
		student.MustOK("DELETE", "/api/me/scholarships/tracker/"+id, nil)
		if r := student.MustOK("GET", "/api/me/scholarships/tracker", nil); len(r.JSON["applications"].([]any)) != 0 {
			t.Fatalf("deleted but listed: %s", r.Body)
		}
	})
}
