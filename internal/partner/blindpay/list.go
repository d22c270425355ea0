package blindpay

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
)

// ListOptions filters and pages GET …/payins and …/payouts. Zero values
// are left out.
type ListOptions struct {
	// Limit is one of 10, 50, 100, 200, 500, 1000 (the API's choices).
	Limit         int
	StartingAfter string // an id: the page after it
	EndingBefore  string // an id: the page before it
	CustomerID    string
	Status        string
	PaymentMethod string
}

func (o ListOptions) values() url.Values {
	q := url.Values{}
	set := func(k, v string) {
		if v != "" {
			q.Set(k, v)
		}
	}
	if o.Limit > 0 {
		set("limit", strconv.Itoa(o.Limit))
	}
	set("starting_after", o.StartingAfter)
	set("ending_before", o.EndingBefore)
	set("customer_id", o.CustomerID)
	set("status", o.Status)
	set("payment_method", o.PaymentMethod)
	return q
}

// Pagination is PaginationMetadata: NextPage is the StartingAfter of the
// next page.
type Pagination struct {
	HasMore  bool   `json:"has_more"`
	NextPage string `json:"next_page"`
	PrevPage string `json:"prev_page"`
}

// Page is one page of a list. The API answers {data, pagination}, or a bare
// array in its legacy shape; both decode here (a bare array has no more
// pages).
type Page[T any] struct {
	Data       []T        `json:"data"`
	Pagination Pagination `json:"pagination"`
}

// UnmarshalJSON accepts both shapes.
func (p *Page[T]) UnmarshalJSON(b []byte) error {
	if b = bytes.TrimSpace(b); len(b) > 0 && b[0] == '[' {
		*p = Page[T]{}
		return json.Unmarshal(b, &p.Data)
	}
	type plain Page[T]
	return json.Unmarshal(b, (*plain)(p))
}

// ListPayins returns a page of payins, newest first, for reconciliation.
func (c *Client) ListPayins(ctx context.Context, o ListOptions) (Page[Payin], error) {
	var out Page[Payin]
	return out, c.do(ctx, call{method: http.MethodGet, path: c.instancePath("payins"), query: o.values(), out: &out})
}

// ListPayouts returns a page of payouts.
func (c *Client) ListPayouts(ctx context.Context, o ListOptions) (Page[Payout], error) {
	var out Page[Payout]
	return out, c.do(ctx, call{method: http.MethodGet, path: c.instancePath("payouts"), query: o.values(), out: &out})
}
