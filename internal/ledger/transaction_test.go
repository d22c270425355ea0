package ledger_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/money"
)

func TestNewTransaction(t *testing.T) {
	t.Parallel()
	good := ledger.Posting{Source: "a", Destination: "b", Amount: brl(100)}
	tests := []struct {
		name     string
		kind     string
		postings []ledger.Posting
		wantErr  bool
	}{
		{"one posting", "payin_received", []ledger.Posting{good}, false},
		{"several currencies", "convert", []ledger.Posting{good, {Source: "b", Destination: "a", Amount: usdc(7)}}, false},
		{"no postings", "payin_received", nil, true},
		{"no kind", "", []ledger.Posting{good}, true},
		{"one bad posting", "x", []ledger.Posting{good, {Source: "a", Destination: "b", Amount: brl(0)}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tx, err := ledger.NewTransaction(tt.kind, tt.postings...)
			if (err != nil) != tt.wantErr {
				t.Fatalf("NewTransaction() error = %v, wantErr %v", err, tt.wantErr)
			}
			if err != nil {
				if !errors.Is(err, ledger.ErrInvalidTransaction) {
					t.Errorf("error %v does not wrap ErrInvalidTransaction", err)
				}
				return
			}
			if tx.Kind != tt.kind || !reflect.DeepEqual(tx.Postings, tt.postings) {
				t.Errorf("NewTransaction() = %+v, want kind %q postings %+v", tx, tt.kind, tt.postings)
			}
		})
	}
}

func TestNewTransactionCopiesPostings(t *testing.T) {
	t.Parallel()
	postings := []ledger.Posting{{Source: "a", Destination: "b", Amount: brl(100)}}
	tx, err := ledger.NewTransaction("k", postings...)
	if err != nil {
		t.Fatal(err)
	}
	postings[0].Amount = brl(-1)
	if tx.Postings[0].Amount.Minor != 100 {
		t.Errorf("transaction changed with the caller's slice: %+v", tx.Postings[0])
	}
}

func TestEntries(t *testing.T) {
	t.Parallel()
	tx, err := ledger.NewTransaction("convert",
		ledger.Posting{Source: "payment:1", Destination: ledger.PartnerFX, Amount: brl(540)},
		ledger.Posting{Source: ledger.PartnerFX, Destination: "payment:1", Amount: usdc(1_000_000)},
	)
	if err != nil {
		t.Fatal(err)
	}
	want := []ledger.Entry{
		{Account: "payment:1", Currency: money.BRL, Delta: -540},
		{Account: ledger.PartnerFX, Currency: money.BRL, Delta: 540},
		{Account: ledger.PartnerFX, Currency: money.USDC, Delta: -1_000_000},
		{Account: "payment:1", Currency: money.USDC, Delta: 1_000_000},
	}
	if got := tx.Entries(); !reflect.DeepEqual(got, want) {
		t.Errorf("Entries() = %+v, want %+v", got, want)
	}
}

func TestReverse(t *testing.T) {
	t.Parallel()
	tx, err := ledger.NewTransaction("payout",
		ledger.Posting{Source: "a", Destination: "b", Amount: usd(10)},
		ledger.Posting{Source: "b", Destination: "c", Amount: usd(9)},
	)
	if err != nil {
		t.Fatal(err)
	}
	rev := ledger.Reverse(tx, "payout_reversed")
	want := ledger.Transaction{Kind: "payout_reversed", Postings: []ledger.Posting{
		{Source: "c", Destination: "b", Amount: usd(9)},
		{Source: "b", Destination: "a", Amount: usd(10)},
	}}
	if !reflect.DeepEqual(rev, want) {
		t.Fatalf("Reverse() = %+v, want %+v", rev, want)
	}
	if tx.Postings[0].Source != "a" {
		t.Errorf("Reverse modified its input: %+v", tx)
	}
	// The original and its reversal together leave every balance at zero.
	sums := make(map[string]int64)
	for _, e := range append(tx.Entries(), rev.Entries()...) {
		sums[e.Account+" "+string(e.Currency)] += e.Delta
	}
	for k, v := range sums {
		if v != 0 {
			t.Errorf("balance %s = %d after transaction and reversal, want 0", k, v)
		}
	}
}
