package store

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/payment"
)

// The primitives below are what the capability packages beside store
// (internal/store/*store, internal/bpsandbox/bpstore) build their queries
// on. Their statements take the same path as store's own: ? placeholders
// rebound for PostgreSQL (dialect.go), the statement cache on SQLite
// (stmtcache.go), driver errors mapped to ErrNotFound and ErrConflict, and
// a shared transaction's detached context (groupcommit.go).

// Row is one row to scan (QueryRow's result).
type Row = row

// Rows are the rows of a query; Close them when done.
type Rows = rows

// Query runs a query returning rows.
func (tx *Tx) Query(ctx context.Context, query string, args ...any) (Rows, error) {
	return tx.query(ctx, query, args...)
}

// Nullable is s as a query argument, NULL when empty.
func Nullable(s string) any { return nullable(s) }

// ForUpdate is the clause that locks selected rows on the engine ("" on
// SQLite, whose writer already holds the lock).
func ForUpdate(e Engine) string { return forUpdate(e) }

// UTC is t as stored: in UTC, to the microsecond.
func UTC(t time.Time) time.Time { return utc(t) }

// NullTime is t in UTC, nil when NULL.
func NullTime(t sql.NullTime) *time.Time { return nullTime(t) }

func nullTime(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

// Prefixed qualifies a comma-separated column list with a table alias.
func Prefixed(alias, columns string) string { return prefixed(alias, columns) }

// prefixed qualifies a comma-separated column list with a table alias.
func prefixed(alias, columns string) string {
	parts := strings.Split(columns, ",")
	for i, c := range parts {
		parts[i] = alias + strings.TrimSpace(c)
	}
	return strings.Join(parts, ", ")
}

// PaymentColumns are the payments columns ScanPaymentExtra reads first.
const PaymentColumns = paymentColumns

// ScanPaymentExtra scans a row of PaymentColumns followed by dest.
func ScanPaymentExtra(r Row, dest ...any) (payment.Record, error) {
	return scanPaymentExtra(r, dest...)
}

func timePtr(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

// CustomerColumns are the customers columns QueryCustomers reads.
const CustomerColumns = customerColumns

// QueryCustomers runs a query of CustomerColumns.
func (tx *Tx) QueryCustomers(ctx context.Context, q string, args ...any) ([]customer.Customer, error) {
	return tx.customers(ctx, q, args...)
}

// ExternalAccountColumns are the external_accounts columns
// ScanExternalAccount reads.
const ExternalAccountColumns = externalAccountColumns

// ScanExternalAccount scans a row of ExternalAccountColumns.
func ScanExternalAccount(r Row) (customer.BankAccount, error) { return scanExternalAccount(r) }

// TerminalStates is the SQL list of the states a payment ends in.
const TerminalStates = terminalStates

// terminalStates are the states a payment never leaves.
const terminalStates = `('completed', 'check_mailed', 'expired', 'failed', 'refunded')`
