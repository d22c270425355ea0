package blindpay

import (
	"testing"
)

// The legacy shape of a list is a bare array; the spec allows both.
func TestListBareArray(t *testing.T) {
	t.Parallel()
	f := setup(t)
	f.then(reply{status: 200, body: `[]`})
	got, err := f.client.ListPayouts(t.Context(), ListOptions{CustomerID: "re_000000000000", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Data) != 0 || got.Pagination.HasMore {
		t.Errorf("got %+v", got)
	}
	if r := f.requests()[0]; r.Op != "GET /v1/instances/{instance_id}/payouts" {
		t.Errorf("operation %s", r.Op)
	}
}

func TestListQuery(t *testing.T) {
	t.Parallel()
	t.Run("filters", func(t *testing.T) {
		t.Parallel()
		f := setup(t)
		if _, err := f.client.ListPayins(t.Context(), ListOptions{Limit: 100, CustomerID: "re_000000000000", Status: StatusCompleted}); err != nil {
			t.Fatal(err)
		}
		if q := f.requests()[0].Query; q != "customer_id=re_000000000000&limit=100&status=completed" {
			t.Errorf("query %q", q)
		}
	})
	t.Run("a limit the API does not offer", func(t *testing.T) {
		t.Parallel()
		f := setup(t)
		if _, err := f.client.ListPayins(t.Context(), ListOptions{Limit: 7}); err == nil {
			t.Error("the fake accepted limit=7")
		}
	})
}
