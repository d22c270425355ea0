package conformance

import (
	"testing"

	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
)

func exerciseLedger(t *testing.T, s *suite) {
	t.Run("Ledger", func(t *testing.T) {
		t.Parallel()
		t.Run("PostingsMoveBalancesAndCheckClean", func(t *testing.T) {
			t.Parallel()
			b := s.fresh(t) // reads the whole ledger
			brl := money.Amount{Minor: 5_422_300, Currency: money.BRL}
			payin, err := ledger.NewTransaction("payin_received",
				ledger.Posting{Source: ledger.PayerAccount, Destination: ledger.PaymentAccount("txn_1"), Amount: brl})
			if err != nil {
				t.Fatal(err)
			}
			b.exec(t, func(tx *store.Tx) error { return tx.PostLedger(b.ctx, "txn_1", []ledger.Transaction{payin}, b.now) })
			balance := func(account string) int64 {
				return must(t, b, func(tx *store.Tx) (int64, error) { return tx.Balance(b.ctx, account, money.BRL) })
			}
			equal(t, "payment account", balance(ledger.PaymentAccount("txn_1")), brl.Minor)
			equal(t, "payer account", balance(ledger.PayerAccount), -brl.Minor)
			equal(t, "never moved", balance("crebit:unknown"), int64(0))
			b.exec(t, func(tx *store.Tx) error {
				return tx.PostLedger(b.ctx, "txn_1", []ledger.Transaction{ledger.Reverse(payin, "refund")}, b.now)
			})
			equal(t, "after refund", balance(ledger.PaymentAccount("txn_1")), int64(0))

			type snapshot struct {
				txs  []ledger.StoredTransaction
				bals []ledger.Balance
			}
			s := must(t, b, func(tx *store.Tx) (snapshot, error) {
				txs, bals, err := tx.LedgerSnapshot(b.ctx)
				return snapshot{txs, bals}, err
			})
			equal(t, "transactions", len(s.txs), 2)
			equal(t, "entries of the first", len(s.txs[0].Entries), 2)
			equal(t, "balances", len(s.bals), 2)
			if p := ledger.Check(s.txs, s.bals); len(p) != 0 {
				t.Fatalf("clean ledger reported: %v", p)
			}
		})
		t.Run("FailedTransactionPostsNothing", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			txn := randid.New("txn")
			usdc := money.Amount{Minor: 100, Currency: money.USDC}
			tr, err := ledger.NewTransaction("payin_received",
				ledger.Posting{Source: ledger.PayerAccount, Destination: ledger.PaymentAccount(txn), Amount: usdc})
			if err != nil {
				t.Fatal(err)
			}
			err = b.db.Tx(b.ctx, func(tx *store.Tx) error {
				if err := tx.PostLedger(b.ctx, txn, []ledger.Transaction{tr}, b.now); err != nil {
					return err
				}
				return store.ErrConflict // the state change that caused the postings failed
			})
			requireIs(t, "Tx", err, store.ErrConflict)
			got := must(t, b, func(tx *store.Tx) (int64, error) { return tx.Balance(b.ctx, ledger.PaymentAccount(txn), money.USDC) })
			equal(t, "payment balance", got, int64(0))
		})
	})
}
