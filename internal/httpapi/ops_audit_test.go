package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/opsstore"
)

// TestAuditPagesFollowTimeThenID: the audit log is read a page at a time,
// newest first, continuing after the last entry shown by (at, id). Entries
// written in the same instant — several in one transaction, or on two
// instances at once — are neither skipped at a page's edge nor shown twice
// (paging by time alone lost them), as a whole and for one object.
func TestAuditPagesFollowTimeThenID(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		support, _ := h.NewOperator("support.audit@example.com", "support")
		at := h.Clock.Now().Add(time.Hour).UTC().Truncate(time.Microsecond)
		err := h.DB.Tx(t.Context(), func(tx *store.Tx) error {
			// Seven entries: five in one instant (ids in no particular order), two later.
			for i, id := range []string{"aud_c", "aud_a", "aud_e", "aud_b", "aud_d", "aud_late1", "aud_late2"} {
				when := at
				if i >= 5 {
					when = at.Add(time.Duration(i-4) * time.Second)
				}
				if err := opsstore.AppendAudit(t.Context(), tx, opsstore.AuditEntry{ID: id, At: when, Actor: "acc_x", ActorEmail: "x@example.com",
					Action: "payment.hold", ObjectType: "payment", ObjectID: "txn_paged", Before: "{}", After: "{}", Reason: "entry " + id}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"aud_late2", "aud_late1", "aud_e", "aud_d", "aud_c", "aud_b", "aud_a"}

		for _, scope := range []string{"", "&object_type=payment&object_id=txn_paged"} {
			var got []string
			after, pages := "", 0
			for {
				r := support.MustOK("GET", "/api/ops/audit?limit=2"+scope+after, nil)
				pages++
				entries, _ := r.JSON["entries"].([]any)
				for _, x := range entries {
					// The whole log also holds the operator's own making.
					if m := x.(map[string]any); strings.HasPrefix(m["reason"].(string), "entry ") {
						got = append(got, m["id"].(string))
					}
				}
				next, _ := r.JSON["next"].(string)
				if next == "" || pages > 20 {
					break
				}
				after = "&after=" + next
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Fatalf("scope %q: paged through %v, want %v", scope, got, want)
			}
			if scope != "" && pages != 4 {
				t.Fatalf("7 entries of one payment at 2 a page took %d pages, want 4 (the last without next)", pages)
			}
		}

		if r := support.Do("GET", "/api/ops/audit?after=yesterday", nil); r.Status != http.StatusBadRequest || r.Str("field") != "after" {
			t.Fatalf("a continuation that is not one: %d %s", r.Status, r.Body)
		}
	})
}
