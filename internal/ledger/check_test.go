package ledger_test

import (
	"reflect"
	"testing"

	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/money"
)

// stored turns built transactions into what the database would return, so
// the consistent case is produced by the same code that writes entries.
func stored(t *testing.T, ids []string, txs ...ledger.Transaction) []ledger.StoredTransaction {
	t.Helper()
	out := make([]ledger.StoredTransaction, len(txs))
	for i, tx := range txs {
		out[i] = ledger.StoredTransaction{ID: ids[i], Entries: tx.Entries()}
	}
	return out
}

func TestCheckConsistent(t *testing.T) {
	t.Parallel()
	payin, err := ledger.NewTransaction("payin_received",
		ledger.Posting{Source: ledger.PayerAccount, Destination: "payment:1", Amount: brl(540)})
	if err != nil {
		t.Fatal(err)
	}
	refund := ledger.Reverse(payin, "refund")
	txs := stored(t, []string{"t1", "t2"}, payin, refund)
	balances := []ledger.Balance{
		{Account: ledger.PayerAccount, Currency: money.BRL, Minor: 0},
		// A missing row for payment:1 reads as zero, which is its sum.
	}
	if got := ledger.Check(txs, balances); got != nil {
		t.Errorf("Check() = %v, want no problems", got)
	}
	if got := ledger.Check(nil, nil); got != nil {
		t.Errorf("Check(nil, nil) = %v, want no problems", got)
	}
}

func TestCheckProblems(t *testing.T) {
	t.Parallel()
	entry := func(account string, cur money.Currency, delta int64) ledger.Entry {
		return ledger.Entry{Account: account, Currency: cur, Delta: delta}
	}
	balanced := ledger.StoredTransaction{ID: "ok", Entries: []ledger.Entry{
		entry("a", money.BRL, -100), entry("b", money.BRL, 100),
	}}
	okBalances := []ledger.Balance{{Account: "a", Currency: money.BRL, Minor: -100}, {Account: "b", Currency: money.BRL, Minor: 100}}
	tests := []struct {
		name     string
		txs      []ledger.StoredTransaction
		balances []ledger.Balance
		want     []string
	}{
		{
			name: "unbalanced in two currencies, balances follow entries",
			txs: []ledger.StoredTransaction{{ID: "bad", Entries: []ledger.Entry{
				entry("a", money.USDC, -5), entry("b", money.USDC, 4),
				entry("a", money.BRL, -1), entry("b", money.BRL, 1),
				entry("a", money.USD, 3),
			}}},
			balances: []ledger.Balance{
				{Account: "a", Currency: money.USDC, Minor: -5}, {Account: "b", Currency: money.USDC, Minor: 4},
				{Account: "a", Currency: money.BRL, Minor: -1}, {Account: "b", Currency: money.BRL, Minor: 1},
				{Account: "a", Currency: money.USD, Minor: 3},
			},
			want: []string{
				`transaction "bad" does not balance in USD: entries sum to 3, want 0`,
				`transaction "bad" does not balance in USDC: entries sum to -1, want 0`,
			},
		},
		{
			name:     "empty and duplicate transactions",
			txs:      []ledger.StoredTransaction{balanced, {ID: "empty"}, {ID: "ok", Entries: balanced.Entries}},
			balances: []ledger.Balance{{Account: "a", Currency: money.BRL, Minor: -200}, {Account: "b", Currency: money.BRL, Minor: 200}},
			want: []string{
				`transaction "empty" has no entries`,
				`transaction ID "ok" is used by more than one transaction`,
			},
		},
		{
			name:     "stored balance differs",
			txs:      []ledger.StoredTransaction{balanced},
			balances: []ledger.Balance{{Account: "a", Currency: money.BRL, Minor: -100}, {Account: "b", Currency: money.BRL, Minor: 99}},
			want:     []string{`account "b" in BRL has stored balance 99, but its entries sum to 100`},
		},
		{
			name:     "entries but no balance row",
			txs:      []ledger.StoredTransaction{balanced},
			balances: []ledger.Balance{{Account: "b", Currency: money.BRL, Minor: 100}},
			want:     []string{`account "a" in BRL has no balance row, but its entries sum to -100`},
		},
		{
			name: "balance row without entries",
			txs:  []ledger.StoredTransaction{balanced},
			balances: append(okBalances,
				ledger.Balance{Account: "c", Currency: money.BRL, Minor: 7},
				ledger.Balance{Account: "a", Currency: money.USD, Minor: 1},
				ledger.Balance{Account: "d", Currency: money.USD, Minor: 0}),
			want: []string{
				`account "a" in USD has stored balance 1, but no entries`,
				`account "c" in BRL has stored balance 7, but no entries`,
			},
		},
		{
			name:     "duplicate balance row",
			txs:      []ledger.StoredTransaction{balanced},
			balances: append(okBalances, ledger.Balance{Account: "a", Currency: money.BRL, Minor: 5}),
			want:     []string{`account "a" in BRL has more than one balance row: -100 and 5`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			problems := ledger.Check(tt.txs, tt.balances)
			got := make([]string, len(problems))
			for i, p := range problems {
				got[i] = p.String()
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Check() =\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func TestProblemKinds(t *testing.T) {
	t.Parallel()
	txs := []ledger.StoredTransaction{{ID: "x", Entries: []ledger.Entry{{Account: "a", Currency: money.BRL, Delta: 1}}}}
	problems := ledger.Check(txs, nil)
	want := []ledger.Problem{
		{Kind: ledger.ProblemUnbalancedTransaction, TransactionID: "x", Currency: money.BRL, Got: 1},
		{Kind: ledger.ProblemMissingBalance, Account: "a", Currency: money.BRL, Want: 1},
	}
	if !reflect.DeepEqual(problems, want) {
		t.Errorf("Check() = %+v, want %+v", problems, want)
	}
}
