package ledger

import (
	"fmt"

	"github.com/crebit/crebit/internal/money"
)

// ProblemKind classifies what Check found wrong, so a caller can count or
// filter problems without parsing their text.
type ProblemKind string

// The kinds of problem Check reports. Each one means the stored ledger can
// no longer explain some balance, which is why none of them is a warning.
const (
	// ProblemEmptyTransaction is a transaction stored without entries:
	// postings were lost, or the row was written outside NewTransaction.
	ProblemEmptyTransaction ProblemKind = "empty_transaction"
	// ProblemDuplicateTransaction is a transaction ID that appears more
	// than once, so the same money may have been recorded twice.
	ProblemDuplicateTransaction ProblemKind = "duplicate_transaction"
	// ProblemUnbalancedTransaction is a transaction whose entries do not sum
	// to zero in one currency: money was created or destroyed.
	ProblemUnbalancedTransaction ProblemKind = "unbalanced_transaction"
	// ProblemDuplicateBalance is a second balance row for the same account
	// and currency; only the first one is compared with the entries.
	ProblemDuplicateBalance ProblemKind = "duplicate_balance"
	// ProblemMissingBalance is an account with entries summing to non-zero
	// but no balance row.
	ProblemMissingBalance ProblemKind = "missing_balance"
	// ProblemBalanceWithoutEntries is a non-zero balance row for an account
	// that has no entries in that currency.
	ProblemBalanceWithoutEntries ProblemKind = "balance_without_entries"
	// ProblemBalanceMismatch is a balance row that differs from the sum of
	// the account's entries.
	ProblemBalanceMismatch ProblemKind = "balance_mismatch"
)

// Problem is one inconsistency found by Check. Its String method is the
// human-readable line printed by `crebit ledger check`.
type Problem struct {
	// Kind says what is wrong.
	Kind ProblemKind
	// TransactionID is set for the transaction kinds.
	TransactionID string
	// Account is set for the balance kinds.
	Account string
	// Currency is set for every kind except empty and duplicate
	// transactions.
	Currency money.Currency
	// Want is the expected value in minor units: zero for an unbalanced
	// transaction, the sum of the entries for a balance, the first row for
	// a duplicate balance row.
	Want int64
	// Got is the value found: the transaction's sum, or the stored balance.
	Got int64
}

// String describes the problem in one line, naming the transaction or the
// account, the currency and both figures, so an operator can act on it
// without reading code.
func (p Problem) String() string {
	switch p.Kind {
	case ProblemEmptyTransaction:
		return fmt.Sprintf("transaction %q has no entries", p.TransactionID)
	case ProblemDuplicateTransaction:
		return fmt.Sprintf("transaction ID %q is used by more than one transaction", p.TransactionID)
	case ProblemUnbalancedTransaction:
		return fmt.Sprintf("transaction %q does not balance in %s: entries sum to %d, want 0",
			p.TransactionID, p.Currency, p.Got)
	case ProblemDuplicateBalance:
		return fmt.Sprintf("account %q in %s has more than one balance row: %d and %d",
			p.Account, p.Currency, p.Want, p.Got)
	case ProblemMissingBalance:
		return fmt.Sprintf("account %q in %s has no balance row, but its entries sum to %d",
			p.Account, p.Currency, p.Want)
	case ProblemBalanceWithoutEntries:
		return fmt.Sprintf("account %q in %s has stored balance %d, but no entries",
			p.Account, p.Currency, p.Got)
	case ProblemBalanceMismatch:
		return fmt.Sprintf("account %q in %s has stored balance %d, but its entries sum to %d",
			p.Account, p.Currency, p.Got, p.Want)
	}
	return fmt.Sprintf("unknown problem %q: transaction %q, account %q, currency %s, want %d, got %d",
		p.Kind, p.TransactionID, p.Account, p.Currency, p.Want, p.Got)
}
