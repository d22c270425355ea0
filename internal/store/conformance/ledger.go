package conformance

import (
	"sync"
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
			payin := payinOf(t, "txn_1", brl)
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

			s := readLedger(t, b)
			equal(t, "transactions", len(s.txs), 2)
			equal(t, "entries of the first", len(s.txs[0].Entries), 2)
			equal(t, "balances", len(s.bals), 2)
			if p := ledger.Check(s.txs, s.bals); len(p) != 0 {
				t.Fatalf("clean ledger reported: %v", p)
			}
		})
		t.Run("BalanceSeesItsOwnTransactionsPostings", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			txn := randid.New("txn")
			brl := money.Amount{Minor: 1_000, Currency: money.BRL}
			tr := payinOf(t, txn, brl)
			// Balances are written when the transaction commits; a read
			// inside it still sees what it posted, and so does the commit.
			got := must(t, b, func(tx *store.Tx) (int64, error) {
				if err := tx.PostLedger(b.ctx, txn, []ledger.Transaction{tr, tr}, b.now); err != nil {
					return 0, err
				}
				return tx.Balance(b.ctx, ledger.PaymentAccount(txn), money.BRL)
			})
			equal(t, "inside the transaction", got, 2*brl.Minor)
			got = must(t, b, func(tx *store.Tx) (int64, error) { return tx.Balance(b.ctx, ledger.PaymentAccount(txn), money.BRL) })
			equal(t, "after it", got, 2*brl.Minor)
		})
		t.Run("ConcurrentPostingsToSharedAccountsAddUp", func(t *testing.T) {
			t.Parallel()
			b := s.fresh(t) // sums whole shared accounts
			// Many payments at once move the same shared accounts, half of
			// them in the opposite direction (so their entries name the
			// accounts in the other order). Every transaction must commit
			// (no deadlock between them), and every shared balance must be
			// the sum of what was posted, however it is stored.
			const payments = 40
			brl := money.Amount{Minor: 10_000, Currency: money.BRL}
			usdc := money.Amount{Minor: 2_000, Currency: money.USDC}
			var wg sync.WaitGroup
			errs := make(chan error, payments)
			for i := range payments {
				wg.Go(func() {
					txn := randid.New("txn")
					payin := ledger.Posting{Source: ledger.PayerAccount, Destination: ledger.PaymentAccount(txn), Amount: brl}
					give := ledger.Posting{Source: ledger.PaymentAccount(txn), Destination: ledger.PartnerFX, Amount: brl}
					get := ledger.Posting{Source: ledger.PartnerFX, Destination: ledger.PaymentAccount(txn), Amount: usdc}
					postings := []ledger.Posting{payin, give, get}
					if i%2 == 1 {
						postings = []ledger.Posting{get, give, payin}
					}
					tr, err := ledger.NewTransaction("payin_converted", postings...)
					if err != nil {
						errs <- err
						return
					}
					errs <- b.db.Tx(b.ctx, func(tx *store.Tx) error { return tx.PostLedger(b.ctx, txn, []ledger.Transaction{tr}, b.now) })
				})
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatalf("posting: %v", err)
				}
			}
			balance := func(account string, cur money.Currency) int64 {
				return must(t, b, func(tx *store.Tx) (int64, error) { return tx.Balance(b.ctx, account, cur) })
			}
			equal(t, "payer BRL", balance(ledger.PayerAccount, money.BRL), -payments*brl.Minor)
			equal(t, "desk BRL", balance(ledger.PartnerFX, money.BRL), payments*brl.Minor)
			equal(t, "desk USDC", balance(ledger.PartnerFX, money.USDC), -payments*usdc.Minor)
			snap := readLedger(t, b)
			equal(t, "transactions", len(snap.txs), payments)
			// One balance per account and currency: 40 payment accounts in
			// BRL and USDC, the payer in BRL, the desk in BRL and USDC.
			equal(t, "balances", len(snap.bals), 2*payments+3)
			if p := ledger.Check(snap.txs, snap.bals); len(p) != 0 {
				t.Fatalf("ledger check: %v", p)
			}
		})
		t.Run("FailedTransactionPostsNothing", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			txn := randid.New("txn")
			usdc := money.Amount{Minor: 100, Currency: money.USDC}
			tr := payinOf(t, txn, usdc)
			err := b.db.Tx(b.ctx, func(tx *store.Tx) error {
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

// ledgerSnapshot is the whole ledger as LedgerSnapshot reads it.
type ledgerSnapshot struct {
	txs  []ledger.StoredTransaction
	bals []ledger.Balance
}

// readLedger reads the whole ledger in one transaction.
func readLedger(t *testing.T, b *bundle) ledgerSnapshot {
	t.Helper()
	return must(t, b, func(tx *store.Tx) (ledgerSnapshot, error) {
		txs, bals, err := tx.LedgerSnapshot(b.ctx)
		return ledgerSnapshot{txs, bals}, err
	})
}

// payinOf is a pay-in of amount from the payer into payment txn's account.
func payinOf(t *testing.T, txn string, amount money.Amount) ledger.Transaction {
	t.Helper()
	tr, err := ledger.NewTransaction("payin_received",
		ledger.Posting{Source: ledger.PayerAccount, Destination: ledger.PaymentAccount(txn), Amount: amount})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}
