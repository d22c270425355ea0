package store

import (
	"context"
	"time"

	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/randid"
)

// PostLedger writes transactions' entries and moves the account balances,
// inside the caller's transaction: postings commit with the state change
// that caused them, or not at all. Rows are only ever inserted; corrections
// are new reversing transactions.
func (tx *Tx) PostLedger(ctx context.Context, paymentID string, txs []ledger.Transaction, now time.Time) error {
	for _, t := range txs {
		id := randid.New("ltx")
		if _, err := tx.exec(ctx, `INSERT INTO ledger_transactions (id, kind, payment_id, created_at) VALUES (?, ?, ?, ?)`,
			id, t.Kind, nullable(paymentID), utc(now)); err != nil {
			return err
		}
		for _, e := range t.Entries() {
			if _, err := tx.exec(ctx, `INSERT INTO ledger_entries (transaction_id, account, currency, delta) VALUES (?, ?, ?, ?)`,
				id, e.Account, string(e.Currency), e.Delta); err != nil {
				return err
			}
			if _, err := tx.exec(ctx, `INSERT INTO ledger_balances (account, currency, balance) VALUES (?, ?, ?)
				ON CONFLICT (account, currency) DO UPDATE SET balance = ledger_balances.balance + excluded.balance`,
				e.Account, string(e.Currency), e.Delta); err != nil {
				return err
			}
		}
	}
	return nil
}

// LedgerSnapshot reads every transaction's entries and every balance, for
// ledger.Check.
func (tx *Tx) LedgerSnapshot(ctx context.Context) ([]ledger.StoredTransaction, []ledger.Balance, error) {
	rs, err := tx.query(ctx, `SELECT t.id, e.account, e.currency, e.delta FROM ledger_transactions t
		LEFT JOIN ledger_entries e ON e.transaction_id = t.id ORDER BY t.created_at, t.id, e.id`)
	if err != nil {
		return nil, nil, err
	}
	var txs []ledger.StoredTransaction
	index := map[string]int{}
	for rs.Next() {
		var id string
		var account, currency *string
		var delta *int64
		if err := rs.Scan(&id, &account, &currency, &delta); err != nil {
			rs.Close()
			return nil, nil, err
		}
		i, ok := index[id]
		if !ok {
			i = len(txs)
			index[id] = i
			txs = append(txs, ledger.StoredTransaction{ID: id})
		}
		if account != nil {
			txs[i].Entries = append(txs[i].Entries, ledger.Entry{Account: *account, Currency: money.Currency(*currency), Delta: *delta})
		}
	}
	rs.Close()
	if err := rs.Err(); err != nil {
		return nil, nil, err
	}
	brs, err := tx.query(ctx, `SELECT account, currency, balance FROM ledger_balances ORDER BY account, currency`)
	if err != nil {
		return nil, nil, err
	}
	defer brs.Close()
	var bals []ledger.Balance
	for brs.Next() {
		var b ledger.Balance
		var cur string
		if err := brs.Scan(&b.Account, &cur, &b.Minor); err != nil {
			return nil, nil, err
		}
		b.Currency = money.Currency(cur)
		bals = append(bals, b)
	}
	return txs, bals, brs.Err()
}

// Balance returns an account's balance in a currency (0 when it never moved).
func (tx *Tx) Balance(ctx context.Context, account string, cur money.Currency) (int64, error) {
	var b int64
	err := tx.queryRow(ctx, `SELECT balance FROM ledger_balances WHERE account = ? AND currency = ?`, account, string(cur)).Scan(&b)
	if err == ErrNotFound {
		return 0, nil
	}
	return b, err
}
