package store

import (
	"context"
	"time"
)

// The embedded sandbox partner's own tables (sandbox_*). They stand for a
// provider's database: nothing of Crebit's reads them, and the sandbox
// reaches them only through these methods.

// SandboxPayin is one pay-in as the sandbox partner keeps it.
type SandboxPayin struct {
	ID, CustomerID, Method, Amount, Currency, AmountUSD, Delivery, Reference, Status string
	CLABE, PixCode                                                                   string // one of them, by method
	OfframpID, OfframpStatus, Tracking                                               string
	ExpiresAt, CreatedAt                                                             time.Time
}

// SandboxCreateCustomer stores a verified (or refused) customer.
func (tx *Tx) SandboxCreateCustomer(ctx context.Context, id, kycStatus, country string, now time.Time) error {
	_, err := tx.exec(ctx, `INSERT INTO sandbox_customers (id, kyc_status, country, created_at) VALUES (?, ?, ?, ?)`,
		id, kycStatus, country, now)
	return err
}

// SandboxCustomerKYC returns a customer's KYC status, or ErrNotFound.
func (tx *Tx) SandboxCustomerKYC(ctx context.Context, id string) (string, error) {
	var status string
	err := tx.queryRow(ctx, `SELECT kyc_status FROM sandbox_customers WHERE id = ?`, id).Scan(&status)
	return status, err
}

// SandboxCreateWallet stores a customer's wallet.
func (tx *Tx) SandboxCreateWallet(ctx context.Context, id, customerID, address string, now time.Time) error {
	_, err := tx.exec(ctx, `INSERT INTO sandbox_wallets (id, customer_id, address, created_at) VALUES (?, ?, ?, ?)`,
		id, customerID, address, now)
	return err
}

// SandboxCreateExternalAccount stores a bank account (bank name and last 4 only).
func (tx *Tx) SandboxCreateExternalAccount(ctx context.Context, id, customerID, bankName, last4 string, now time.Time) error {
	_, err := tx.exec(ctx, `INSERT INTO sandbox_external_accounts (id, customer_id, bank_name, last4, created_at) VALUES (?, ?, ?, ?, ?)`,
		id, customerID, bankName, last4, now)
	return err
}

// SandboxCreateQuote stores a quote the sandbox issued.
func (tx *Tx) SandboxCreateQuote(ctx context.Context, id, symbol, side, quotation string, feeBps int64, expiresAt, now time.Time) error {
	_, err := tx.exec(ctx, `INSERT INTO sandbox_quotes (id, symbol, side, quotation, fee_bps, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		id, symbol, side, quotation, feeBps, expiresAt, now)
	return err
}

// SandboxQuoteExpiry returns when a sandbox quote expires, or ErrNotFound.
func (tx *Tx) SandboxQuoteExpiry(ctx context.Context, id string) (time.Time, error) {
	var exp time.Time
	err := tx.queryRow(ctx, `SELECT expires_at FROM sandbox_quotes WHERE id = ?`, id).Scan(&exp)
	return exp, err
}

// SandboxCreatePayin stores a new pay-in.
func (tx *Tx) SandboxCreatePayin(ctx context.Context, p SandboxPayin) error {
	_, err := tx.exec(ctx, `INSERT INTO sandbox_payins (id, customer_id, method, amount, currency, amount_usd, delivery,
		reference, status, clabe, pix_code, expires_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.ID, p.CustomerID, p.Method, p.Amount, p.Currency, p.AmountUSD, p.Delivery, p.Reference, p.Status,
		nullable(p.CLABE), nullable(p.PixCode), p.ExpiresAt, p.CreatedAt, p.CreatedAt)
	return err
}

// SandboxCLABEUsed reports whether a CLABE was already issued.
func (tx *Tx) SandboxCLABEUsed(ctx context.Context, clabe string) (bool, error) {
	var used int
	err := tx.queryRow(ctx, `SELECT COUNT(*) FROM sandbox_payins WHERE clabe = ?`, clabe).Scan(&used)
	return used > 0, err
}

// SandboxPayin returns a pay-in, or ErrNotFound.
func (tx *Tx) SandboxPayin(ctx context.Context, id string) (SandboxPayin, error) {
	var p SandboxPayin
	err := tx.queryRow(ctx, `SELECT id, amount, currency, amount_usd, delivery, reference, status,
		COALESCE(offramp_id, ''), COALESCE(offramp_status, ''), COALESCE(tracking_number, '') FROM sandbox_payins WHERE id = ?`, id).Scan(
		&p.ID, &p.Amount, &p.Currency, &p.AmountUSD, &p.Delivery, &p.Reference, &p.Status, &p.OfframpID, &p.OfframpStatus, &p.Tracking)
	return p, err
}

// SandboxSetPayinStatus sets a pay-in's status; found is false when there is no such pay-in.
func (tx *Tx) SandboxSetPayinStatus(ctx context.Context, id, status string, now time.Time) (found bool, err error) {
	n, err := tx.exec(ctx, `UPDATE sandbox_payins SET status = ?, updated_at = ? WHERE id = ?`, status, now, id)
	return n > 0, err
}

// SandboxUpdatePayin stores a pay-in's progress (an empty offrampStatus keeps the old one).
func (tx *Tx) SandboxUpdatePayin(ctx context.Context, p SandboxPayin, now time.Time) error {
	_, err := tx.exec(ctx, `UPDATE sandbox_payins SET status = ?, offramp_id = ?, offramp_status = COALESCE(?, offramp_status),
		tracking_number = ?, updated_at = ? WHERE id = ?`,
		p.Status, nullable(p.OfframpID), nullable(p.OfframpStatus), nullable(p.Tracking), now, p.ID)
	return err
}

// SandboxIdempotentResponse returns the stored answer to a request under an
// Idempotency-Key, or ErrNotFound.
func (tx *Tx) SandboxIdempotentResponse(ctx context.Context, key, path string) (requestHash string, status int, response string, err error) {
	err = tx.queryRow(ctx, `SELECT request_hash, status, response FROM sandbox_idempotency WHERE key = ? AND path = ?`,
		key, path).Scan(&requestHash, &status, &response)
	return requestHash, status, response, err
}

// SandboxSaveIdempotentResponse stores the answer to a request under its Idempotency-Key.
func (tx *Tx) SandboxSaveIdempotentResponse(ctx context.Context, key, path, requestHash string, status int, response string, now time.Time) error {
	_, err := tx.exec(ctx, `INSERT INTO sandbox_idempotency (key, path, request_hash, status, response, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		key, path, requestHash, status, response, now)
	return err
}

// SandboxForget deletes idempotency records and quotes older than cutoff.
func (tx *Tx) SandboxForget(ctx context.Context, cutoff time.Time) error {
	if _, err := tx.exec(ctx, `DELETE FROM sandbox_idempotency WHERE created_at < ?`, cutoff); err != nil {
		return err
	}
	_, err := tx.exec(ctx, `DELETE FROM sandbox_quotes WHERE expires_at < ?`, cutoff)
	return err
}

// SandboxSetWebhook registers the one webhook endpoint.
func (tx *Tx) SandboxSetWebhook(ctx context.Context, url, secret string, now time.Time) error {
	n, err := tx.exec(ctx, `UPDATE sandbox_webhook_endpoints SET url = ?, secret = ?, updated_at = ? WHERE id = 'default'`, url, secret, now)
	if err == nil && n == 0 {
		_, err = tx.exec(ctx, `INSERT INTO sandbox_webhook_endpoints (id, url, secret, updated_at) VALUES ('default', ?, ?, ?)`, url, secret, now)
	}
	return err
}

// SandboxWebhook returns the registered endpoint, or ErrNotFound.
func (tx *Tx) SandboxWebhook(ctx context.Context) (url, secret string, err error) {
	err = tx.queryRow(ctx, `SELECT url, secret FROM sandbox_webhook_endpoints WHERE id = 'default'`).Scan(&url, &secret)
	return url, secret, err
}

// SandboxCreateEvent stores an event to deliver.
func (tx *Tx) SandboxCreateEvent(ctx context.Context, id, payinID, typ, payload string, now time.Time) error {
	_, err := tx.exec(ctx, `INSERT INTO sandbox_events (id, payin_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)`,
		id, payinID, typ, payload, now)
	return err
}

// SandboxEventPayload returns an event's JSON, or ErrNotFound.
func (tx *Tx) SandboxEventPayload(ctx context.Context, id string) (string, error) {
	var payload string
	err := tx.queryRow(ctx, `SELECT payload FROM sandbox_events WHERE id = ?`, id).Scan(&payload)
	return payload, err
}

// SandboxEventAttempted counts a delivery attempt, and when delivered, its time.
func (tx *Tx) SandboxEventAttempted(ctx context.Context, id string, delivered bool, now time.Time) error {
	if delivered {
		_, err := tx.exec(ctx, `UPDATE sandbox_events SET attempts = attempts + 1, delivered_at = ? WHERE id = ?`, now, id)
		return err
	}
	_, err := tx.exec(ctx, `UPDATE sandbox_events SET attempts = attempts + 1 WHERE id = ?`, id)
	return err
}
