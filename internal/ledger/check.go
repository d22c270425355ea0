package ledger

import (
	"cmp"
	"slices"

	"github.com/crebit/crebit/internal/money"
)

// StoredTransaction is a transaction as read back from storage: its ID and
// its entries. The checker works on entries rather than postings because
// entries are what balances are computed from, and a corrupted or
// hand-edited row shows up there.
type StoredTransaction struct {
	// ID identifies the transaction in problem reports.
	ID string
	// Entries are the stored entries of the transaction.
	Entries []Entry
}

// Balance is a stored running balance of one account in one currency, kept
// so reads do not have to sum every entry. Check verifies it against the
// entries.
type Balance struct {
	// Account is the account the balance belongs to.
	Account string
	// Currency is the currency of Minor.
	Currency money.Currency
	// Minor is the stored balance in minor units.
	Minor int64
}

// Check verifies stored ledger data and returns every problem found, or nil
// when the data is consistent. It reports, in this order:
//
//   - each transaction with no entries, with an ID used more than once, or
//     whose entries do not sum to zero in some currency (input order, then
//     currency order);
//   - each repeated balance row for the same account and currency (the first
//     row is the one compared against the entries);
//   - each account and currency whose stored balance differs from the sum of
//     its entries, sorted by account then currency. A missing balance row
//     reads as zero, so an account with entries summing to non-zero but no
//     row is reported, and so is a row with a non-zero balance but no
//     entries.
//
// Check is pure so that the `crebit ledger check` command and the tests can
// feed it from the database or from memory alike.
func Check(txs []StoredTransaction, balances []Balance) []Problem {
	var problems []Problem
	sums := make(map[accountCurrency]int64)
	seenIDs := make(map[string]bool)
	for _, tx := range txs {
		if seenIDs[tx.ID] {
			problems = append(problems, Problem{Kind: ProblemDuplicateTransaction, TransactionID: tx.ID})
		}
		seenIDs[tx.ID] = true
		if len(tx.Entries) == 0 {
			problems = append(problems, Problem{Kind: ProblemEmptyTransaction, TransactionID: tx.ID})
			continue
		}
		perCurrency := make(map[money.Currency]int64)
		for _, e := range tx.Entries {
			perCurrency[e.Currency] += e.Delta
			sums[accountCurrency{account: e.Account, currency: e.Currency}] += e.Delta
		}
		currencies := make([]money.Currency, 0, len(perCurrency))
		for c := range perCurrency {
			currencies = append(currencies, c)
		}
		slices.Sort(currencies)
		for _, c := range currencies {
			if perCurrency[c] != 0 {
				problems = append(problems, Problem{
					Kind:          ProblemUnbalancedTransaction,
					TransactionID: tx.ID,
					Currency:      c,
					Got:           perCurrency[c],
				})
			}
		}
	}

	stored := make(map[accountCurrency]int64)
	for _, b := range balances {
		k := accountCurrency{account: b.Account, currency: b.Currency}
		if first, ok := stored[k]; ok {
			problems = append(problems, Problem{
				Kind: ProblemDuplicateBalance, Account: b.Account, Currency: b.Currency,
				Want: first, Got: b.Minor,
			})
			continue
		}
		stored[k] = b.Minor
	}

	keys := make([]accountCurrency, 0, len(sums)+len(stored))
	for k := range sums {
		keys = append(keys, k)
	}
	for k := range stored {
		if _, ok := sums[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b accountCurrency) int {
		return cmp.Or(cmp.Compare(a.account, b.account), cmp.Compare(a.currency, b.currency))
	})
	for _, k := range keys {
		sum, hasEntries := sums[k]
		balance, hasRow := stored[k]
		p := Problem{Account: k.account, Currency: k.currency, Want: sum, Got: balance}
		switch {
		case !hasRow && sum != 0:
			p.Kind = ProblemMissingBalance
		case !hasEntries && balance != 0:
			p.Kind = ProblemBalanceWithoutEntries
		case sum != balance:
			p.Kind = ProblemBalanceMismatch
		default:
			continue
		}
		problems = append(problems, p)
	}
	return problems
}

// accountCurrency keys balances: an account has one balance per currency.
type accountCurrency struct {
	account  string
	currency money.Currency
}
