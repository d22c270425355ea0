package opsstore

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/store"
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
// It chooses how to find them rather than leaving it to the engine's
// planner (SQLite keeps no statistics here), so each search reads few rows
// at 100,000 payments (cmd/opsbench, docs/PERFORMANCE.md):
//   - an e-mail or a last 4 is first turned into the few customers, accounts
//     and bank accounts it names, and their payments are read by those ids;
//   - states are read one state at a time on (state, created_at, id), each
//     at most a page, and merged;
//   - a narrow amount range (under amountNarrow payments) is read on the
//     amount index; these few-row searches (and a transaction id) read the
//     matching ids without ORDER BY, sort them here and read the page by id;
//   - anything else walks payments newest first on (created_at, id), the
//     other filters applied to each row on the way.
func ConsolePayments(ctx context.Context, tx *store.Tx, f ConsoleSearch) ([]ConsoleRow, error) {
	limit := f.Limit
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	where, args := []string{"1 = 1"}, []any{}
	add := func(cond string, a ...any) { where, args = append(where, cond), append(args, a...) }
	if f.ID != "" {
		add("p.id = ?", f.ID)
	}
	if f.Email != "" || f.Last4 != "" {
		cond, a, err := consolePeople(ctx, tx, f.Email, f.Last4)
		if err != nil {
			return nil, err
		}
		if cond == "" {
			return nil, nil // nobody has this e-mail or last 4
		}
		add(cond, a...)
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
		add("p.created_at >= ?", store.UTC(f.From))
	}
	if !f.To.IsZero() {
		add("p.created_at < ?", store.UTC(f.To))
	}
	if !f.AfterAt.IsZero() {
		at := store.UTC(f.AfterAt)
		add("(p.created_at < ? OR (p.created_at = ? AND p.id < ?))", at, at, f.AfterID)
	}
	const cols = `p.id, p.state, p.method, p.delivery, p.local_currency, p.amount_local, p.amount_usd,
		p.created_at, COALESCE(p.account_id, ''), c.email, c.first_name, c.last_name, c.tax_id_last4, COALESCE(e.account_last4, '')`
	const from = ` FROM payments p JOIN customers c ON c.id = p.customer_id
		LEFT JOIN external_accounts e ON e.id = p.external_account_id WHERE `
	const order = ` ORDER BY p.created_at DESC, p.id DESC LIMIT ?`
	var q string
	few := f.ID != "" || f.Email != "" || f.Last4 != ""
	if !few && len(f.States) == 0 && (f.MinUSD > 0 || f.MaxUSD > 0) {
		var err error
		if few, err = isAmountNarrow(ctx, tx, f.MinUSD, f.MaxUSD); err != nil {
			return nil, err
		}
	}
	switch {
	case few:
		// A transaction id, a named person or a narrow amount range: read
		// the few matching ids on their own index (no ORDER BY, so no
		// engine walks the time index instead), sort them here, and read
		// the page's rows by id.
		ids, err := consoleFew(ctx, tx, strings.Join(where, " AND "), args, limit)
		if err != nil || len(ids) == 0 {
			return nil, err
		}
		q, args = `SELECT `+cols+from+`p.id IN (`+strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")+`)`+
			` ORDER BY p.created_at DESC, p.id DESC`, ids
	case len(f.States) > 0:
		// One state at a time, each on its own index range, then merged.
		parts := make([]string, len(f.States))
		var all []any
		for i, s := range f.States {
			parts[i] = `SELECT * FROM (SELECT ` + cols + from + strings.Join(where, " AND ") + ` AND p.state = ?` + order + `) s` + strconv.Itoa(i)
			all = append(append(append(all, args...), string(s)), limit)
		}
		q, args = `SELECT * FROM (`+strings.Join(parts, " UNION ALL ")+`) m ORDER BY 8 DESC, 1 DESC LIMIT ?`, append(all, limit)
	default:
		q, args = `SELECT `+cols+from+strings.Join(where, " AND ")+order, append(args, limit)
	}
	rs, err := tx.Query(ctx, q, args...)
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

// consoleFew returns the ids of the newest limit payments matching cond,
// reading every match (the caller knows there are few) and sorting here.
func consoleFew(ctx context.Context, tx *store.Tx, cond string, args []any, limit int) ([]any, error) {
	rs, err := tx.Query(ctx, `SELECT p.id, p.created_at FROM payments p WHERE `+cond, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	type hit struct {
		id string
		at time.Time
	}
	var hits []hit
	for rs.Next() {
		var h hit
		if err := rs.Scan(&h.id, &h.at); err != nil {
			return nil, err
		}
		hits = append(hits, h)
	}
	if err := rs.Err(); err != nil {
		return nil, err
	}
	slices.SortFunc(hits, func(a, b hit) int {
		if c := b.at.Compare(a.at); c != 0 {
			return c
		}
		return strings.Compare(b.id, a.id)
	})
	out := make([]any, 0, min(len(hits), limit))
	for _, h := range hits[:min(len(hits), limit)] {
		out = append(out, h.id)
	}
	return out, nil
}

// amountNarrow is how many payments an amount range may hold to be read on
// the amount index and sorted; a wider range is found faster by walking
// the newest payments, most of which it holds.
const amountNarrow = 5000

// isAmountNarrow reports whether fewer than amountNarrow payments fall in
// the range, counting at most that many entries of the amount index.
func isAmountNarrow(ctx context.Context, tx *store.Tx, minUSD, maxUSD int64) (bool, error) {
	if maxUSD <= 0 {
		maxUSD = 1<<62 - 1
	}
	var n int
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM payments WHERE amount_usd >= ? AND amount_usd <= ? LIMIT ?) r`,
		minUSD, maxUSD, amountNarrow).Scan(&n)
	return n < amountNarrow, err
}

// consolePeople turns an e-mail and a last 4 into a condition on the
// payments of the customers, accounts and bank accounts they name ("" when
// they name nobody). Both given: the people both name.
func consolePeople(ctx context.Context, tx *store.Tx, email, last4 string) (string, []any, error) {
	ids := func(q string, a ...any) ([]any, error) {
		vs, err := tx.Strings(ctx, q, a...)
		out := make([]any, len(vs))
		for i, v := range vs {
			out[i] = v
		}
		return out, err
	}
	in := func(col string, vals []any) string {
		return col + " IN (" + strings.TrimSuffix(strings.Repeat("?, ", len(vals)), ", ") + ")"
	}
	var conds []string
	var args []any
	for _, by := range []struct {
		value   string
		queries [][2]string // the lookup, and the payments column it names
	}{
		{email, [][2]string{{`SELECT id FROM customers WHERE email = ? LIMIT 1000`, "p.customer_id"},
			{`SELECT id FROM accounts WHERE email = ?`, "p.account_id"}}},
		{last4, [][2]string{{`SELECT id FROM customers WHERE tax_id_last4 = ? LIMIT 1000`, "p.customer_id"},
			{`SELECT id FROM external_accounts WHERE account_last4 = ? LIMIT 1000`, "p.external_account_id"}}},
	} {
		if by.value == "" {
			continue
		}
		var or []string
		for _, q := range by.queries {
			found, err := ids(q[0], by.value)
			if err != nil {
				return "", nil, err
			}
			if len(found) > 0 {
				or, args = append(or, in(q[1], found)), append(args, found...)
			}
		}
		if len(or) == 0 {
			return "", nil, nil
		}
		conds = append(conds, "("+strings.Join(or, " OR ")+")")
	}
	return strings.Join(conds, " AND "), args, nil
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
func ConsolePeople(ctx context.Context, tx *store.Tx, email string) ([]ConsolePerson, error) {
	var out []ConsolePerson
	rs, err := tx.Query(ctx, `SELECT a.id, a.email, a.email_verified_at IS NOT NULL, a.closed_at IS NOT NULL, a.created_at,
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
	rs, err = tx.Query(ctx, `SELECT c.id, c.email, c.first_name || ' ' || c.last_name, c.created_at,
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
func TaxIDsWithoutLast4(ctx context.Context, tx *store.Tx, limit int) ([]SealedTaxID, error) {
	rs, err := tx.Query(ctx, `SELECT id, tax_id_sealed FROM customers WHERE tax_id_last4 = '' AND tax_id_sealed <> '' LIMIT ?`, limit)
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
func SetTaxIDLast4(ctx context.Context, tx *store.Tx, customerID, last4 string) error {
	_, err := tx.Exec(ctx, `UPDATE customers SET tax_id_last4 = ? WHERE id = ?`, last4, customerID)
	return err
}
