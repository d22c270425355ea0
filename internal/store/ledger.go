package store

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/randid"
)

// Balances and hot accounts. A balance is kept as running rows beside the
// entries so reads need not sum every entry. Every payment's postings move
// a few shared accounts (the payer's and payee's outside accounts, the
// partner's desk, the off-ramp fees), so on PostgreSQL their rows are what
// concurrent webhook transactions queue for: profiled at 64 payers on two
// instances, each balance upsert waited 23 ms on average for the row lock
// that a transaction took mid-way and held until its commit.
//
// So PostLedger writes the transactions and entries at once but only
// collects the balance changes; they are written, summed per account and
// currency, in one statement when the transaction is about to commit
// (Tx.flushBalances), which holds those row locks for the commit alone.
// And on PostgreSQL a shared account's balance is spread over
// sharedBalanceSlots rows (the slot column, picked at random per
// transaction): concurrent transactions rarely take the same row, and an
// account's balance is the sum of its slots. The statement writes its rows
// in one order (account, currency, slot), so two transactions never wait
// for each other's rows in a cycle. A payment's own account is only moved
// under its payment's row lock, so it keeps slot 0, as does everything on
// SQLite, which has one writer and no row locks.
const sharedBalanceSlots = 8

// balanceKey is one running balance row.
type balanceKey struct {
	account  string
	currency money.Currency
	slot     int
}

// PostLedger writes transactions' entries and moves the account balances,
// inside the caller's transaction: postings commit with the state change
// that caused them, or not at all. Rows are only ever inserted; corrections
// are new reversing transactions. The balances move when the transaction
// commits (see above); Balance and LedgerSnapshot in the same transaction
// see them moved.
func (tx *Tx) PostLedger(ctx context.Context, paymentID string, txs []ledger.Transaction, now time.Time) error {
	if len(txs) == 0 {
		return nil
	}
	var txRows, entryRows strings.Builder
	var txArgs, entryArgs []any
	for _, t := range txs {
		id := randid.New("ltx")
		valuesRow(&txRows, 4)
		txArgs = append(txArgs, id, t.Kind, nullable(paymentID), utc(now))
		for _, e := range t.Entries() {
			valuesRow(&entryRows, 4)
			entryArgs = append(entryArgs, id, e.Account, string(e.Currency), e.Delta)
			tx.moveBalance(e)
		}
	}
	if _, err := tx.exec(ctx, `INSERT INTO ledger_transactions (id, kind, payment_id, created_at) VALUES `+txRows.String(), txArgs...); err != nil {
		return err
	}
	if len(entryArgs) == 0 {
		return nil
	}
	_, err := tx.exec(ctx, `INSERT INTO ledger_entries (transaction_id, account, currency, delta) VALUES `+entryRows.String(), entryArgs...)
	return err
}

// valuesRow appends one "(?, ?, …)" of n placeholders to a VALUES list.
func valuesRow(b *strings.Builder, n int) {
	if b.Len() > 0 {
		b.WriteString(", ")
	}
	b.WriteString("(?")
	b.WriteString(strings.Repeat(", ?", n-1))
	b.WriteString(")")
}

// moveBalance adds an entry to the balance changes the transaction will
// write when it commits.
func (tx *Tx) moveBalance(e ledger.Entry) {
	if tx.balances == nil {
		tx.balances = map[balanceKey]int64{}
		if tx.engine == Postgres {
			tx.balanceSlot = rand.IntN(sharedBalanceSlots)
		}
	}
	k := balanceKey{account: e.Account, currency: e.Currency}
	if _, own := ledger.PaymentIDFromAccount(e.Account); !own {
		k.slot = tx.balanceSlot
	}
	tx.balances[k] += e.Delta
}

// flushBalances writes the balance changes PostLedger collected, in one
// statement and in key order. DB.Tx calls it once fn has succeeded, as the
// transaction's last statement.
func (tx *Tx) flushBalances(ctx context.Context) error {
	if len(tx.balances) == 0 {
		return nil
	}
	keys := make([]balanceKey, 0, len(tx.balances))
	for k := range tx.balances {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b balanceKey) int {
		return cmp.Or(cmp.Compare(a.account, b.account), cmp.Compare(a.currency, b.currency), cmp.Compare(a.slot, b.slot))
	})
	var rows strings.Builder
	args := make([]any, 0, 4*len(keys))
	for _, k := range keys {
		valuesRow(&rows, 4)
		args = append(args, k.account, string(k.currency), k.slot, tx.balances[k])
	}
	if _, err := tx.exec(ctx, `INSERT INTO ledger_balances (account, currency, slot, balance) VALUES `+rows.String()+`
		ON CONFLICT (account, currency, slot) DO UPDATE SET balance = ledger_balances.balance + excluded.balance`, args...); err != nil {
		return err
	}
	clear(tx.balances)
	return nil
}

// LedgerSnapshot reads every transaction's entries and every balance, for
// ledger.Check.
func (tx *Tx) LedgerSnapshot(ctx context.Context) ([]ledger.StoredTransaction, []ledger.Balance, error) {
	if err := tx.flushBalances(ctx); err != nil {
		return nil, nil, err
	}
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
	brs, err := tx.query(ctx, `SELECT account, currency, CAST(SUM(balance) AS BIGINT) FROM ledger_balances
		GROUP BY account, currency ORDER BY account, currency`)
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
	if err := tx.flushBalances(ctx); err != nil {
		return 0, err
	}
	var b int64
	err := tx.queryRow(ctx, `SELECT CAST(COALESCE(SUM(balance), 0) AS BIGINT) FROM ledger_balances WHERE account = ? AND currency = ?`,
		account, string(cur)).Scan(&b)
	return b, err
}
