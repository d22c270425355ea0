package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

func TestLedgerPostsBalancedAndCheckCatchesTampering(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		brl := func(minor int64) money.Amount { return money.Amount{Minor: minor, Currency: money.BRL} }
		tx1, err := ledger.NewTransaction("payin_received", ledger.Posting{Source: ledger.PayerAccount, Destination: ledger.PaymentAccount("txn_1"), Amount: brl(54223)})
		if err != nil {
			t.Fatal(err)
		}
		refund := ledger.Reverse(tx1, "refund")
		err = db.Tx(ctx, func(tx *store.Tx) error {
			return tx.PostLedger(ctx, "txn_1", []ledger.Transaction{tx1, refund}, time.Now())
		})
		if err != nil {
			t.Fatal(err)
		}
		check := func() []ledger.Problem {
			var txs []ledger.StoredTransaction
			var bals []ledger.Balance
			if err := db.Tx(ctx, func(tx *store.Tx) (err error) { txs, bals, err = tx.LedgerSnapshot(ctx); return }); err != nil {
				t.Fatal(err)
			}
			return ledger.Check(txs, bals)
		}
		if p := check(); len(p) != 0 {
			t.Fatalf("clean ledger: %v", p)
		}
		var bal int64
		db.Tx(ctx, func(tx *store.Tx) (err error) {
			bal, err = tx.Balance(ctx, ledger.PaymentAccount("txn_1"), money.BRL)
			return
		})
		if bal != 0 {
			t.Fatalf("after pay-in and refund the payment holds %d", bal)
		}
		// Tampering with a stored balance or entry is caught.
		db.Tx(ctx, func(tx *store.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE ledger_balances SET balance = balance + 1 WHERE account = ?`, ledger.PayerAccount)
			return err
		})
		db.Tx(ctx, func(tx *store.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE ledger_entries SET delta = delta + 5 WHERE id = (SELECT MIN(id) FROM ledger_entries)`)
			return err
		})
		problems := check()
		var unbalanced, mismatch bool
		for _, p := range problems {
			unbalanced = unbalanced || p.Kind == ledger.ProblemUnbalancedTransaction
			mismatch = mismatch || p.Kind == ledger.ProblemBalanceMismatch
		}
		if !unbalanced || !mismatch {
			t.Fatalf("tampering not reported: %v", problems)
		}
	})
}
