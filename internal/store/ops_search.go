package store

import (
	"context"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
)

// ConsoleSearch narrows the operations console's payment list. Every field
// is optional and they combine with AND; the list is newest first, a page
// at a time, continued after the last row of the page before (keyset
// paging: a deep page costs what the first does).
type ConsoleSearch struct {
	ID       string          // a transaction id, exactly
	Email    string          // the payer's e-mail (on the payment's customer or its account), exactly
	Last4    string          // the last 4 characters of the payer's tax id or of the US account number
	States   []payment.State // in any of these states
	Currency money.Currency  // the corridor: BRL or MXN
	MinUSD   int64           // amount_usd at least this many cents (0: no floor)
	MaxUSD   int64           // amount_usd at most this many cents (0: no ceiling)
	From     time.Time       // created at or after
	To       time.Time       // created before
	// After continues a list: rows older than this one (its time and id).
	AfterAt time.Time
	AfterID string
	Limit   int
}

// ConsoleRow is one payment in the console's list, with who made it.
type ConsoleRow struct {
	ID           string
	State        payment.State
	Method       string
	Delivery     payment.Delivery
	AmountLocal  money.Amount
	AmountUSD    money.Amount
	CreatedAt    time.Time
	AccountID    string
	Email        string
	FirstName    string
	LastName     string
	TaxIDLast4   string
	AccountLast4 string // of the US bank account paid to ("" for a check)
}

// ConsolePayments returns up to f.Limit payments matching f, newest first.
// Each filter has an index that finds its rows (migration 00078): the
// e-mail and last-4 filters look up the few customers, accounts and bank
// accounts they name and then those people's payments; the others walk
// payments by (state,) created_at.
func (tx *Tx) ConsolePayments(ctx context.Context, f ConsoleSearch) ([]ConsoleRow, error) {
	where, args := []string{"1 = 1"}, []any{}
	add := func(cond string, a ...any) { where, args = append(where, cond), append(args, a...) }
	if f.ID != "" {
		add("p.id = ?", f.ID)
	}
	if f.Email != "" {
		add(`(p.customer_id IN (SELECT id FROM customers WHERE email = ?)
			OR p.account_id IN (SELECT id FROM accounts WHERE email = ?))`, f.Email, f.Email)
	}
	if f.Last4 != "" {
		add(`(p.customer_id IN (SELECT id FROM customers WHERE tax_id_last4 = ?)
			OR p.external_account_id IN (SELECT id FROM external_accounts WHERE account_last4 = ?))`, f.Last4, f.Last4)
	}
	if len(f.States) > 0 {
		marks := make([]string, len(f.States))
		for i, s := range f.States {
			marks[i], args = "?", append(args, string(s))
		}
		where = append(where, "p.state IN ("+strings.Join(marks, ", ")+")")
	}
	if f.Currency != "" {
		add("p.local_currency = ?", string(f.Currency))
	}
	if f.MinUSD > 0 {
		add("p.amount_usd >= ?", f.MinUSD)
	}
	if f.MaxUSD > 0 {
		add("p.amount_usd <= ?", f.MaxUSD)
	}
	if !f.From.IsZero() {
		add("p.created_at >= ?", utc(f.From))
	}
	if !f.To.IsZero() {
		add("p.created_at < ?", utc(f.To))
	}
	if !f.AfterAt.IsZero() {
		at := utc(f.AfterAt)
		add("(p.created_at < ? OR (p.created_at = ? AND p.id < ?))", at, at, f.AfterID)
	}
	limit := f.Limit
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	rs, err := tx.query(ctx, `SELECT p.id, p.state, p.method, p.delivery, p.local_currency, p.amount_local, p.amount_usd,
		p.created_at, COALESCE(p.account_id, ''), c.email, c.first_name, c.last_name, c.tax_id_last4, COALESCE(e.account_last4, '')
		FROM payments p JOIN customers c ON c.id = p.customer_id
		LEFT JOIN external_accounts e ON e.id = p.external_account_id
		WHERE `+strings.Join(where, " AND ")+` ORDER BY p.created_at DESC, p.id DESC LIMIT ?`, append(args, limit)...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []ConsoleRow
	for rs.Next() {
		var r ConsoleRow
		var state, delivery, currency string
		if err := rs.Scan(&r.ID, &state, &r.Method, &delivery, &currency, &r.AmountLocal.Minor, &r.AmountUSD.Minor,
			&r.CreatedAt, &r.AccountID, &r.Email, &r.FirstName, &r.LastName, &r.TaxIDLast4, &r.AccountLast4); err != nil {
			return nil, err
		}
		r.State, r.Delivery = payment.State(state), payment.Delivery(delivery)
		r.AmountLocal.Currency, r.AmountUSD.Currency = money.Currency(currency), money.USD
		r.CreatedAt = r.CreatedAt.UTC()
		out = append(out, r)
	}
	return out, rs.Err()
}

// ConsolePerson is an account or a guest (a payer profile with no account)
// found by e-mail.
type ConsolePerson struct {
	Kind      string // account or guest
	ID        string // the account's id, or the guest customer's
	Email     string
	Name      string
	Verified  bool // the account's e-mail is confirmed (accounts only)
	Closed    bool
	CreatedAt time.Time
	Payments  int
}

// ConsolePeople returns the account with this e-mail and the guest payer
// profiles that carry it.
func (tx *Tx) ConsolePeople(ctx context.Context, email string) ([]ConsolePerson, error) {
	var out []ConsolePerson
	rs, err := tx.query(ctx, `SELECT a.id, a.email, a.email_verified_at IS NOT NULL, a.closed_at IS NOT NULL, a.created_at,
		(SELECT COUNT(*) FROM payments p WHERE p.account_id = a.id)
		FROM accounts a WHERE a.email = ?`, email)
	if err != nil {
		return nil, err
	}
	for rs.Next() {
		p := ConsolePerson{Kind: "account"}
		if err := rs.Scan(&p.ID, &p.Email, &p.Verified, &p.Closed, &p.CreatedAt, &p.Payments); err != nil {
			rs.Close()
			return nil, err
		}
		p.CreatedAt = p.CreatedAt.UTC()
		out = append(out, p)
	}
	rs.Close()
	if err := rs.Err(); err != nil {
		return nil, err
	}
	rs, err = tx.query(ctx, `SELECT c.id, c.email, c.first_name || ' ' || c.last_name, c.created_at,
		(SELECT COUNT(*) FROM payments p WHERE p.customer_id = c.id)
		FROM customers c WHERE c.email = ? AND c.account_id IS NULL ORDER BY c.created_at DESC LIMIT 50`, email)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	for rs.Next() {
		p := ConsolePerson{Kind: "guest"}
		if err := rs.Scan(&p.ID, &p.Email, &p.Name, &p.CreatedAt, &p.Payments); err != nil {
			return nil, err
		}
		p.Name = strings.TrimSpace(p.Name)
		p.CreatedAt = p.CreatedAt.UTC()
		out = append(out, p)
	}
	return out, rs.Err()
}

// SealedTaxID is a customer's sealed tax id, for filling tax_id_last4.
type SealedTaxID struct{ CustomerID, Sealed string }

// TaxIDsWithoutLast4 returns up to limit customers stored before the
// last 4 of the tax id was kept (migration 00078) and not redacted since.
func (tx *Tx) TaxIDsWithoutLast4(ctx context.Context, limit int) ([]SealedTaxID, error) {
	rs, err := tx.query(ctx, `SELECT id, tax_id_sealed FROM customers WHERE tax_id_last4 = '' AND tax_id_sealed <> '' LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []SealedTaxID
	for rs.Next() {
		var s SealedTaxID
		if err := rs.Scan(&s.CustomerID, &s.Sealed); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rs.Err()
}

// SetTaxIDLast4 records the last 4 of a customer's tax id.
func (tx *Tx) SetTaxIDLast4(ctx context.Context, customerID, last4 string) error {
	_, err := tx.exec(ctx, `UPDATE customers SET tax_id_last4 = ? WHERE id = ?`, last4, customerID)
	return err
}
