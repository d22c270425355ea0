// Package ledger is Crebit's double-entry bookkeeping. Money only ever moves
// as postings: one strictly positive amount, in one currency, from a source
// account to a destination account. A transaction is a list of postings, so
// every transaction sums to zero in every currency by construction, and
// balances are the sums of the entries the postings produce. Mistakes are
// corrected by new reversing transactions, never by updating or deleting
// recorded ones, so the history explains every balance.
//
// The package is pure: it builds and checks values, and the caller stores
// them.
package ledger

import (
	"errors"
	"fmt"

	"github.com/crebit/crebit/internal/money"
)

// ErrInvalidTransaction wraps every reason NewTransaction or
// Posting.Validate rejects its input, so callers can tell a programming
// mistake in building postings from a storage failure.
var ErrInvalidTransaction = errors.New("ledger: invalid transaction")

// Posting moves Amount from Source to Destination. Posting rather than
// debit/credit lines is what makes the ledger balance by construction: a
// posting always takes from one account exactly what it gives to another.
type Posting struct {
	// Source is the account the money leaves.
	Source string
	// Destination is the account the money enters.
	Destination string
	// Amount is what moves; strictly positive, because a zero posting
	// records nothing and a negative one is a posting the other way round.
	Amount money.Amount
}

// Validate reports why p cannot be recorded: an empty account name, the same
// account on both sides (a move that changes nothing and hides a bug), a
// missing currency, or an amount that is not strictly positive.
func (p Posting) Validate() error {
	if p.Source == "" {
		return fmt.Errorf("%w: posting has an empty source account", ErrInvalidTransaction)
	}
	if p.Destination == "" {
		return fmt.Errorf("%w: posting has an empty destination account", ErrInvalidTransaction)
	}
	if p.Source == p.Destination {
		return fmt.Errorf("%w: posting from %q to itself", ErrInvalidTransaction, p.Source)
	}
	if p.Amount.Currency == "" {
		return fmt.Errorf("%w: posting from %q to %q has no currency",
			ErrInvalidTransaction, p.Source, p.Destination)
	}
	if p.Amount.Minor <= 0 {
		return fmt.Errorf("%w: posting from %q to %q moves %d %s, want a positive amount",
			ErrInvalidTransaction, p.Source, p.Destination, p.Amount.Minor, p.Amount.Currency)
	}
	return nil
}

// Entry is one side of a posting as it is stored against an account: the
// signed change of that account's balance in one currency. Balances are the
// sums of entries, which is why each posting yields exactly two entries that
// cancel out.
type Entry struct {
	// Account is the account whose balance changes.
	Account string
	// Currency is the currency of Delta.
	Currency money.Currency
	// Delta is the change in minor units: negative for the source of a
	// posting, positive for its destination.
	Delta int64
}

// entries returns the two entries of p: the source loses the amount and the
// destination gains it, so they always sum to zero.
func (p Posting) entries() [2]Entry {
	return [2]Entry{
		{Account: p.Source, Currency: p.Amount.Currency, Delta: -p.Amount.Minor},
		{Account: p.Destination, Currency: p.Amount.Currency, Delta: p.Amount.Minor},
	}
}
