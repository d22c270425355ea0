package ops

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/account"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/opsstore"
)

// FindPageSize is how many payments one page of the console's search shows.
const FindPageSize = 50

// FindInput is the console's payment search as typed. Every field is
// optional; together they narrow the list.
type FindInput struct {
	Q        string // a transaction id, an e-mail address, or the last 4 characters of a tax id or account number
	Status   string // one or more payment states, comma-separated
	Corridor string // BR or MX
	MinUSD   string // amount in USD at least (a decimal)
	MaxUSD   string // and at most
	From     string // created on or after this day (YYYY-MM-DD, UTC)
	To       string // created on or before this day
	After    string // the page's continuation, as the page before returned it
}

// FoundPayment is one payment in the console's list.
type FoundPayment struct {
	TransactionID string       `json:"transaction_id"`
	Status        string       `json:"status"`
	Method        string       `json:"method"`
	Delivery      string       `json:"delivery"`
	Corridor      string       `json:"corridor"`
	Currency      string       `json:"currency"`
	AmountLocal   money.Amount `json:"amount_local"`
	AmountUSD     money.Amount `json:"amount_usd"`
	CreatedAt     time.Time    `json:"created_at"`
	PayerName     string       `json:"payer_name"`
	PayerEmail    string       `json:"payer_email"`
	AccountID     string       `json:"account_id,omitempty"`
	TaxIDLast4    string       `json:"tax_id_last4"`
	BankLast4     string       `json:"bank_last4,omitempty"`
}

// FoundPayments is a page of the search and, when there are more, the
// value of `after` that continues it.
type FoundPayments struct {
	Payments []FoundPayment `json:"payments"`
	Next     string         `json:"next,omitempty"`
}

// corridorOf names the corridor of a local currency by its country code
// (the console's corridor filter); Brazil's for an unknown currency.
func corridorOf(c money.Currency) string {
	if cor, ok := corridor.ByCurrency(c); ok {
		return cor.Country
	}
	return corridor.Brazil.Country
}

// ConsoleFindPayments searches payments for an operator (any role).
func (s *Service) ConsoleFindPayments(ctx context.Context, in FindInput) (FoundPayments, error) {
	f, err := findFilter(in)
	if err != nil {
		return FoundPayments{}, err
	}
	f.Limit = FindPageSize + 1
	var rows []opsstore.ConsoleRow
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { rows, err = opsstore.ConsolePayments(ctx, tx, f); return }); err != nil {
		return FoundPayments{}, err
	}
	out := FoundPayments{Payments: make([]FoundPayment, 0, min(len(rows), FindPageSize))}
	for i, r := range rows {
		if i == FindPageSize {
			last := rows[i-1]
			out.Next = strconv.FormatInt(last.CreatedAt.UnixNano(), 10) + "." + last.ID
			break
		}
		out.Payments = append(out.Payments, FoundPayment{TransactionID: r.ID, Status: string(r.State), Method: r.Method,
			Delivery: string(r.Delivery), Corridor: corridorOf(r.AmountLocal.Currency), Currency: string(r.AmountLocal.Currency), AmountLocal: r.AmountLocal,
			AmountUSD: r.AmountUSD, CreatedAt: r.CreatedAt, PayerName: strings.TrimSpace(r.FirstName + " " + r.LastName),
			PayerEmail: r.Email, AccountID: r.AccountID, TaxIDLast4: r.TaxIDLast4, BankLast4: r.AccountLast4})
	}
	return out, nil
}

// findFilter reads the typed search into the store's filter, refusing
// what it cannot read with a message naming the field.
func findFilter(in FindInput) (opsstore.ConsoleSearch, error) {
	var f opsstore.ConsoleSearch
	switch q := strings.TrimSpace(in.Q); {
	case q == "":
	case strings.Contains(q, "@"):
		f.Email = account.NormalizeEmail(q)
	case strings.HasPrefix(strings.ToLower(q), "txn_"):
		f.ID = q
	case len(q) == 4 && isAlnum(q):
		f.Last4 = strings.ToUpper(q)
	default:
		return f, apperr.E(apperr.Invalid, "find_q").On("q")
	}
	for st := range strings.SplitSeq(in.Status, ",") {
		if st = strings.TrimSpace(st); st == "" {
			continue
		}
		if !payment.State(st).Valid() {
			return f, apperr.E(apperr.Invalid, "find_status").On("status")
		}
		f.States = append(f.States, payment.State(st))
	}
	if c := strings.ToUpper(strings.TrimSpace(in.Corridor)); c != "" {
		cor, ok := corridor.ByCountry(c)
		if !ok || cor.Country != c {
			return f, apperr.E(apperr.Invalid, "corridor").On("corridor")
		}
		f.Currency = cor.Currency
	}
	var err error
	if f.MinUSD, err = usdCents("min_usd", in.MinUSD); err != nil {
		return f, err
	}
	if f.MaxUSD, err = usdCents("max_usd", in.MaxUSD); err != nil {
		return f, err
	}
	if f.MinUSD > 0 && f.MaxUSD > 0 && f.MinUSD > f.MaxUSD {
		return f, apperr.E(apperr.Invalid, "amount_range").On("max_usd")
	}
	if f.From, err = findDay("from", in.From); err != nil {
		return f, err
	}
	if f.To, err = findDay("to", in.To); err != nil {
		return f, err
	}
	if !f.To.IsZero() {
		f.To = f.To.AddDate(0, 0, 1) // the whole last day
	}
	if in.After != "" {
		ns, id, ok := strings.Cut(in.After, ".")
		n, err := strconv.ParseInt(ns, 10, 64)
		if !ok || err != nil || !strings.HasPrefix(id, "txn_") {
			return f, apperr.E(apperr.Invalid, "after").On("after")
		}
		f.AfterAt, f.AfterID = time.Unix(0, n).UTC(), id
	}
	return f, nil
}

func usdCents(field, s string) (int64, error) {
	if s = strings.TrimSpace(s); s == "" {
		return 0, nil
	}
	a, err := money.Parse(s, money.USD)
	if err != nil || !a.IsPositive() {
		return 0, apperr.E(apperr.Invalid, "usd_amount").On(field)
	}
	return a.Minor, nil
}

func findDay(field, s string) (time.Time, error) {
	if s = strings.TrimSpace(s); s == "" {
		return time.Time{}, nil
	}
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}, apperr.E(apperr.Invalid, "day").On(field)
	}
	return d, nil
}

func isAlnum(s string) bool {
	for _, r := range s {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			return false
		}
	}
	return true
}

// Person is an account or a guest payer found by e-mail.
type Person struct {
	Kind      string    `json:"kind"` // account or guest
	ID        string    `json:"id"`
	Email     string    `json:"email"`
	Name      string    `json:"name,omitempty"`
	Verified  bool      `json:"verified"`
	Closed    bool      `json:"closed"`
	CreatedAt time.Time `json:"created_at"`
	Payments  int       `json:"payments"`
}

// ConsoleFindPeople finds the account and the guest payer profiles with an
// e-mail address.
func (s *Service) ConsoleFindPeople(ctx context.Context, email string) ([]Person, error) {
	email = account.NormalizeEmail(email)
	if !strings.Contains(email, "@") {
		return nil, apperr.E(apperr.Invalid, "whole_email").On("email")
	}
	var found []opsstore.ConsolePerson
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { found, err = opsstore.ConsolePeople(ctx, tx, email); return }); err != nil {
		return nil, err
	}
	out := make([]Person, 0, len(found))
	for _, p := range found {
		out = append(out, Person{Kind: p.Kind, ID: p.ID, Email: p.Email, Name: p.Name, Verified: p.Verified, Closed: p.Closed,
			CreatedAt: p.CreatedAt, Payments: p.Payments})
	}
	return out, nil
}

// FillTaxIDLast4 fills the last 4 of the tax id of customers stored before
// it was kept, from the sealed value, 500 per transaction; it returns how
// many it filled. The server runs it at start; with nothing to fill it is
// one indexed query. A value that cannot be opened is marked "?" so it is
// not tried again (and is logged by id only).
func (s *Service) FillTaxIDLast4(ctx context.Context) (int, error) {
	filled := 0
	for {
		var batch []opsstore.SealedTaxID
		if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { batch, err = opsstore.TaxIDsWithoutLast4(ctx, tx, 500); return }); err != nil {
			return filled, err
		}
		if len(batch) == 0 {
			return filled, nil
		}
		err := s.db.Tx(ctx, func(tx *store.Tx) error {
			for _, c := range batch {
				v, err := s.sealer.Open(c.Sealed)
				l4 := customer.Last4(v)
				if err != nil || l4 == "" {
					s.log.Warn("a customer's sealed tax id could not be opened", "customer", c.CustomerID)
					l4 = "?"
				}
				if err := opsstore.SetTaxIDLast4(ctx, tx, c.CustomerID, l4); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return filled, err
		}
		filled += len(batch)
	}
}
