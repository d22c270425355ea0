package ledger

import "fmt"

// Transaction is a group of postings recorded together, atomically, under a
// Kind that says why the money moved (for example "payin_received" or
// "refund"). It balances in every currency because each posting does.
type Transaction struct {
	// Kind names the business event, so the history reads as a story and
	// a checker can tell a refund from a payout.
	Kind string
	// Postings are the moves, in the order they are recorded.
	Postings []Posting
}

// NewTransaction builds a transaction of the given kind and checks it: the
// kind must be named, there must be at least one posting (an empty
// transaction records nothing and usually means a bug upstream), and every
// posting must be valid. The postings are copied, so later changes to the
// caller's slice do not alter the transaction.
func NewTransaction(kind string, postings ...Posting) (Transaction, error) {
	if kind == "" {
		return Transaction{}, fmt.Errorf("%w: transaction has no kind", ErrInvalidTransaction)
	}
	if len(postings) == 0 {
		return Transaction{}, fmt.Errorf("%w: %s transaction has no postings", ErrInvalidTransaction, kind)
	}
	for i, p := range postings {
		if err := p.Validate(); err != nil {
			return Transaction{}, fmt.Errorf("%s transaction, posting %d: %w", kind, i, err)
		}
	}
	copied := make([]Posting, len(postings))
	copy(copied, postings)
	return Transaction{Kind: kind, Postings: copied}, nil
}

// Entries returns the entries to store for t: two per posting, source then
// destination, in posting order. Their deltas sum to zero in every currency.
func (t Transaction) Entries() []Entry {
	out := make([]Entry, 0, 2*len(t.Postings))
	for _, p := range t.Postings {
		e := p.entries()
		out = append(out, e[0], e[1])
	}
	return out
}

// Reverse returns a new transaction of the given kind that undoes t: every
// posting is swapped (destination back to source) and the postings are
// listed in reverse order. Corrections are always such new transactions,
// never edits or deletions of t, so the ledger keeps the full history and
// t plus its reversal leaves every balance where it was before t.
func Reverse(t Transaction, kind string) Transaction {
	reversed := make([]Posting, 0, len(t.Postings))
	for i := len(t.Postings) - 1; i >= 0; i-- {
		p := t.Postings[i]
		reversed = append(reversed, Posting{
			Source:      p.Destination,
			Destination: p.Source,
			Amount:      p.Amount,
		})
	}
	return Transaction{Kind: kind, Postings: reversed}
}
