package store

import (
	"context"
	"time"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
)

// CreateQuote stores a quote.
func (tx *Tx) CreateQuote(ctx context.Context, q payment.Quote) error {
	_, err := tx.exec(ctx, insertQuote, quoteArgs(q)...)
	return err
}

const insertQuote = `INSERT INTO quotes (id, session_id, symbol, local_currency, amount_usd, total_local,
		total_fees_usd, usdc_amount, gross_usd, effective_rate, onramp_id, onramp_quotation, offramp_id,
		offramp_quotation, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`

func quoteArgs(q payment.Quote) []any {
	return []any{q.ID, q.SessionID, q.Symbol, string(q.TotalLocal.Currency), q.AmountUSD.Minor, q.TotalLocal.Minor,
		q.TotalFeesUSD.Minor, q.USDC.Minor, q.GrossUSD.Minor, q.EffectiveRate, q.OnRampID, q.OnRampQuotation,
		q.OffRampID, q.OffRampQuotation, utc(q.CreatedAt), utc(q.ExpiresAt)}
}

// CreateSessionQuote stores a new quote (CreateQuote) and remembers it as
// its session's last locked pair (sessionstore.SetSessionQuote). On
// PostgreSQL it is one statement (the insert in a WITH), which can run
// alone (DB.WriteOne); on SQLite, two in the caller's transaction.
func (tx *Tx) CreateSessionQuote(ctx context.Context, q payment.Quote) error {
	const remember = `UPDATE sessions SET last_onramp_quote_id = ?, last_offramp_quote_id = ? WHERE id = ?`
	if tx.engine == Postgres {
		_, err := tx.exec(ctx, `WITH q AS (`+insertQuote+`) `+remember,
			append(quoteArgs(q), q.OnRampID, q.OffRampID, q.SessionID)...)
		return err
	}
	if err := tx.CreateQuote(ctx, q); err != nil {
		return err
	}
	_, err := tx.exec(ctx, remember, q.OnRampID, q.OffRampID, q.SessionID)
	return err
}

// QuoteByOnRampID finds a quote by the on-ramp id the browser holds.
func (tx *Tx) QuoteByOnRampID(ctx context.Context, onRampID string) (payment.Quote, error) {
	var q payment.Quote
	var local string
	err := tx.queryRow(ctx, `SELECT id, session_id, symbol, local_currency, amount_usd, total_local, total_fees_usd,
		usdc_amount, gross_usd, effective_rate, onramp_id, onramp_quotation, offramp_id, offramp_quotation,
		created_at, expires_at FROM quotes WHERE onramp_id = ?`, onRampID).Scan(
		&q.ID, &q.SessionID, &q.Symbol, &local, &q.AmountUSD.Minor, &q.TotalLocal.Minor, &q.TotalFeesUSD.Minor,
		&q.USDC.Minor, &q.GrossUSD.Minor, &q.EffectiveRate, &q.OnRampID, &q.OnRampQuotation, &q.OffRampID,
		&q.OffRampQuotation, &q.CreatedAt, &q.ExpiresAt)
	if err != nil {
		return payment.Quote{}, err
	}
	q.AmountUSD.Currency, q.TotalFeesUSD.Currency, q.GrossUSD.Currency = money.USD, money.USD, money.USD
	q.USDC.Currency, q.TotalLocal.Currency = money.USDC, money.Currency(local)
	q.CreatedAt, q.ExpiresAt = q.CreatedAt.UTC(), q.ExpiresAt.UTC()
	return q, nil
}

// DeleteStaleQuotes removes quotes that expired before the cutoff and never
// backed a payment (the header and the calculator make many of them).
func (tx *Tx) DeleteStaleQuotes(ctx context.Context, before time.Time) (int64, error) {
	return tx.exec(ctx, `DELETE FROM quotes WHERE expires_at < ?
		AND NOT EXISTS (SELECT 1 FROM payments WHERE payments.quote_id = quotes.id)`, utc(before))
}
