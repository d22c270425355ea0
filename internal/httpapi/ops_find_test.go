package httpapi_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/opsstore"
)

// Issue 30, Find: an operator finds payments made through the API by their
// transaction id, the payer's e-mail, the last 4 of the tax id or of the
// US account number, state, corridor, amount and dates; and people by
// e-mail. A customer gets the 404 of a path that does not exist.
func TestConsoleFindsPayments(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		support, _ := h.NewOperator("support.find@example.com", "support")
		br, mx := h.NewBrazilPayer(), h.NewMexicoPayer()
		pix := br.PixPayment(br.Quote("USDC/BRL", "1500"), "find-1").Str("transaction_id")
		spei := mx.SpeiPayment(mx.Quote("USDC/MXN", "250"), "find-2").Str("transaction_id")
		member := h.NewAccountPayer("member.find@example.com", apptest.CPF2)
		memberTxn := member.Pay("99")

		found := func(query string) []string {
			t.Helper()
			r := support.MustOK("GET", "/api/ops/payments?"+query, nil)
			var page struct {
				Payments []struct {
					TransactionID string `json:"transaction_id"`
				} `json:"payments"`
			}
			if err := json.Unmarshal(r.Body, &page); err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, p := range page.Payments {
				ids = append(ids, p.TransactionID)
			}
			return ids
		}
		same := func(query string, want ...string) {
			t.Helper()
			got := found(query)
			if len(got) != len(want) {
				t.Errorf("%s: found %v, want %v", query, got, want)
				return
			}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("%s: found %v, want %v", query, got, want)
					return
				}
			}
		}
		same("", memberTxn, spei, pix)
		same("q="+pix, pix)
		same("q=maria@example.com", memberTxn, pix) // the e-mail both Brazilian payer profiles carry
		same("q=juan@example.mx", spei)
		same("q=MEMBER.find@example.com", memberTxn)
		same("q=4725", pix) // the CPF 529.982.247-25
		same("q=xn09", spei)
		// A payer stored before the last 4 was kept is found once the
		// start-up fill has read it from the sealed tax id.
		if err := h.DB.Tx(t.Context(), func(tx *store.Tx) error { return opsstore.SetTaxIDLast4(t.Context(), tx, br.CustomerID, "") }); err != nil {
			t.Fatal(err)
		}
		same("q=4725")
		if n, err := h.Stack.Ops.FillTaxIDLast4(t.Context()); err != nil || n != 1 {
			t.Fatalf("filled %d: %v", n, err)
		}
		same("q=4725", pix)                  // the CURP ...XN09
		same("q=6789", memberTxn, spei, pix) // everyone's test account number ends 6789
		same("corridor=MX", spei)
		same("status=awaiting_payin&corridor=BR", memberTxn, pix)
		same("min_usd=1000&max_usd=1500", pix)
		same("min_usd=99&max_usd=250", memberTxn, spei)
		same("from=2000-01-01&to=2000-12-31")

		for query, field := range map[string]string{
			"q=hello": "q", "status=paid": "status", "corridor=AR": "corridor", "min_usd=-5": "min_usd",
			"min_usd=20&max_usd=10": "max_usd", "from=yesterday": "from", "after=nope": "after",
		} {
			r := support.Do("GET", "/api/ops/payments?"+query, nil)
			if r.Status != http.StatusBadRequest || r.Str("field") != field {
				t.Errorf("%s: %d %s, want 400 on field %s", query, r.Status, r.Body, field)
			}
		}

		people := support.MustOK("GET", "/api/ops/people?email=maria@example.com", nil)
		var list struct {
			People []struct{ Kind, Email string } `json:"people"`
		}
		if err := json.Unmarshal(people.Body, &list); err != nil {
			t.Fatal(err)
		}
		if len(list.People) != 1 || list.People[0].Kind != "guest" { // the member's profile has an account
			t.Errorf("people with maria's address: %s", people.Body)
		}
		people = support.MustOK("GET", "/api/ops/people?email=member.find@example.com", nil)
		if err := json.Unmarshal(people.Body, &list); err != nil {
			t.Fatal(err)
		}
		if len(list.People) != 1 || list.People[0].Kind != "account" {
			t.Errorf("the member: %s", people.Body)
		}

		customer := member.Browser
		for _, path := range []string{"/api/ops/payments", "/api/ops/people?email=maria@example.com"} {
			if r := customer.Do("GET", path, nil); r.Status != http.StatusNotFound {
				t.Errorf("a customer asks %s: %d %s", path, r.Status, r.Body)
			}
		}
	})
}
