package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
)

// Payment is one payer's payment: the locked quote's amounts, where the
// money comes from (Pix or SPEI deposit instructions) and where it goes (a
// bank account or a check to the school), and its lifecycle state.
type Payment struct {
	ID                string // the transaction id shown to the payer
	SessionID         string
	AccountID         string
	IdempotencyKey    string
	RequestHash       string
	QuoteID           string
	CustomerID        string
	ExternalAccountID string
	Method            string // pix or spei
	Delivery          payment.Delivery
	State             payment.State
	AmountLocal       money.Amount
	AmountUSD         money.Amount
	TotalFeesUSD      money.Amount
	USDC              money.Amount
	GrossUSD          money.Amount
	EffectiveRate     string
	SenderName        string
	PartnerPayinID    string
	DepositAddress    string // BR Code for Pix, CLABE for SPEI
	PixCode           string
	DepositBankName   string
	BeneficiaryName   string
	OfframpID         string
	OfframpStatus     string
	TrackingNumber    string
	CheckDetails      string // JSON of the school and student details (check delivery)
	FailureReason     string
	ExpiresAt         time.Time
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

// Snapshot is the part of a payment the lifecycle rules look at.
func (p Payment) Snapshot() payment.Payment {
	return payment.Payment{ID: p.ID, State: p.State, Delivery: p.Delivery, Amounts: payment.Amounts{
		Local: p.AmountLocal, USDC: p.USDC, GrossUSD: p.GrossUSD, AmountUSD: p.AmountUSD}}
}

const paymentColumns = `id, session_id, account_id, idempotency_key, request_hash, quote_id, customer_id,
	external_account_id, method, delivery, state, local_currency, amount_local, amount_usd, total_fees_usd,
	usdc_amount, gross_usd, effective_rate, sender_name, partner_payin_id, deposit_address, pix_code,
	deposit_bank_name, beneficiary_name, offramp_id, offramp_status, tracking_number, check_details,
	failure_reason, expires_at, created_at, updated_at`

// CreatePayment stores a new payment. A second live payment for the same
// quote, or a reused idempotency key, fails with ErrConflict.
func (tx *Tx) CreatePayment(ctx context.Context, p Payment) error {
	_, err := tx.exec(ctx, `INSERT INTO payments (`+paymentColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
		?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.ID, p.SessionID, nullable(p.AccountID), nullable(p.IdempotencyKey), p.RequestHash, p.QuoteID, p.CustomerID,
		nullable(p.ExternalAccountID), p.Method, string(p.Delivery), string(p.State), string(p.AmountLocal.Currency),
		p.AmountLocal.Minor, p.AmountUSD.Minor, p.TotalFeesUSD.Minor, p.USDC.Minor, p.GrossUSD.Minor, p.EffectiveRate,
		p.SenderName, nullable(p.PartnerPayinID), nullable(p.DepositAddress), nullable(p.PixCode),
		nullable(p.DepositBankName), nullable(p.BeneficiaryName), nullable(p.OfframpID), nullable(p.OfframpStatus),
		nullable(p.TrackingNumber), nullable(p.CheckDetails), nullable(p.FailureReason), utc(p.ExpiresAt),
		utc(p.CreatedAt), utc(p.UpdatedAt))
	return err
}

// Payment returns a payment by its transaction id, or ErrNotFound.
func (tx *Tx) Payment(ctx context.Context, id string) (Payment, error) {
	return scanPayment(tx.queryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE id = ?`, id))
}

// PaymentForUpdate returns a payment and locks it until the transaction
// ends, so concurrent webhook jobs apply their events one at a time.
func (tx *Tx) PaymentForUpdate(ctx context.Context, id string) (Payment, error) {
	return scanPayment(tx.queryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE id = ?`+forUpdate(tx.engine), id))
}

// PaymentByPayin finds the payment behind a partner pay-in id.
func (tx *Tx) PaymentByPayin(ctx context.Context, payinID string) (Payment, error) {
	return scanPayment(tx.queryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE partner_payin_id = ?`, payinID))
}

// PaymentByIdempotencyKey finds the session's payment made under key.
func (tx *Tx) PaymentByIdempotencyKey(ctx context.Context, sessionID, key string) (Payment, error) {
	return scanPayment(tx.queryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE session_id = ? AND idempotency_key = ?`, sessionID, key))
}

// LivePaymentForQuote finds the payment (not failed) that used a quote.
func (tx *Tx) LivePaymentForQuote(ctx context.Context, quoteID string) (Payment, error) {
	return scanPayment(tx.queryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE quote_id = ? AND state <> 'failed'`, quoteID))
}

// OpenPayment records the partner's pay-in and its deposit instructions.
func (tx *Tx) OpenPayment(ctx context.Context, p Payment) error {
	_, err := tx.exec(ctx, `UPDATE payments SET state = ?, partner_payin_id = ?, deposit_address = ?, pix_code = ?,
		deposit_bank_name = ?, beneficiary_name = ?, updated_at = ? WHERE id = ?`,
		string(p.State), p.PartnerPayinID, nullable(p.DepositAddress), nullable(p.PixCode),
		nullable(p.DepositBankName), nullable(p.BeneficiaryName), utc(p.UpdatedAt), p.ID)
	return err
}

// UpdatePaymentProgress stores a new state and what the partner said of the off-ramp.
func (tx *Tx) UpdatePaymentProgress(ctx context.Context, p Payment) error {
	_, err := tx.exec(ctx, `UPDATE payments SET state = ?, offramp_id = ?, offramp_status = ?, tracking_number = ?,
		failure_reason = ?, updated_at = ? WHERE id = ?`,
		string(p.State), nullable(p.OfframpID), nullable(p.OfframpStatus), nullable(p.TrackingNumber),
		nullable(p.FailureReason), utc(p.UpdatedAt), p.ID)
	return err
}

func scanPayment(r row) (Payment, error) {
	var p Payment
	var local, delivery, state string
	var account, idem, external, payin, deposit, pixCode, bank, beneficiary, offrampID, offrampStatus,
		tracking, check, failure sql.NullString
	err := r.Scan(&p.ID, &p.SessionID, &account, &idem, &p.RequestHash, &p.QuoteID, &p.CustomerID, &external,
		&p.Method, &delivery, &state, &local, &p.AmountLocal.Minor, &p.AmountUSD.Minor, &p.TotalFeesUSD.Minor,
		&p.USDC.Minor, &p.GrossUSD.Minor, &p.EffectiveRate, &p.SenderName, &payin, &deposit, &pixCode, &bank,
		&beneficiary, &offrampID, &offrampStatus, &tracking, &check, &failure, &p.ExpiresAt, &p.CreatedAt, &p.UpdatedAt)
	if err != nil {
		return Payment{}, err
	}
	p.AccountID, p.IdempotencyKey, p.ExternalAccountID, p.PartnerPayinID = account.String, idem.String, external.String, payin.String
	p.DepositAddress, p.PixCode, p.DepositBankName, p.BeneficiaryName = deposit.String, pixCode.String, bank.String, beneficiary.String
	p.OfframpID, p.OfframpStatus, p.TrackingNumber, p.CheckDetails, p.FailureReason = offrampID.String, offrampStatus.String, tracking.String, check.String, failure.String
	p.Delivery, p.State = payment.Delivery(delivery), payment.State(state)
	p.AmountLocal.Currency = money.Currency(local)
	p.AmountUSD.Currency, p.TotalFeesUSD.Currency, p.GrossUSD.Currency, p.USDC.Currency = money.USD, money.USD, money.USD, money.USDC
	p.ExpiresAt, p.CreatedAt, p.UpdatedAt = p.ExpiresAt.UTC(), p.CreatedAt.UTC(), p.UpdatedAt.UTC()
	return p, nil
}

// PaymentEvent is one state a payment entered.
type PaymentEvent struct {
	State      payment.State
	Source     string // "api", "webhook:<id>", "job:expire"
	OccurredAt time.Time
}

// AddPaymentEvent appends to the payment's history.
func (tx *Tx) AddPaymentEvent(ctx context.Context, paymentID string, e PaymentEvent) error {
	_, err := tx.exec(ctx, `INSERT INTO payment_events (payment_id, state, source, occurred_at) VALUES (?, ?, ?, ?)`,
		paymentID, string(e.State), e.Source, utc(e.OccurredAt))
	return err
}

// PaymentEvents returns the payment's history, oldest first.
func (tx *Tx) PaymentEvents(ctx context.Context, paymentID string) ([]PaymentEvent, error) {
	rs, err := tx.query(ctx, `SELECT state, source, occurred_at FROM payment_events WHERE payment_id = ? ORDER BY id`, paymentID)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []PaymentEvent
	for rs.Next() {
		var e PaymentEvent
		var state string
		if err := rs.Scan(&state, &e.Source, &e.OccurredAt); err != nil {
			return nil, err
		}
		e.State, e.OccurredAt = payment.State(state), e.OccurredAt.UTC()
		out = append(out, e)
	}
	return out, rs.Err()
}

// Authorization is the payer's step-5 agreement, kept as evidence.
type Authorization struct {
	PaymentID      string
	AcceptedAt     time.Time // server time
	ClientSignedAt string    // what the browser showed as the signature time
	IP             string
	UserAgent      string
	SignerName     string
	SchoolName     string
	AmountUSD      money.Amount
	AmountLocal    money.Amount
	Delivery       payment.Delivery
	OnRampQuoteID  string
	OffRampQuoteID string
}

// CreateAuthorization stores the evidence with the payment.
func (tx *Tx) CreateAuthorization(ctx context.Context, a Authorization) error {
	_, err := tx.exec(ctx, `INSERT INTO payment_authorizations (payment_id, accepted_at, client_signed_at, ip, user_agent,
		signer_name, school_name, amount_usd, amount_local, local_currency, delivery, onramp_quote_id, offramp_quote_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.PaymentID, utc(a.AcceptedAt), nullable(a.ClientSignedAt), a.IP, a.UserAgent, a.SignerName, a.SchoolName,
		a.AmountUSD.Minor, a.AmountLocal.Minor, string(a.AmountLocal.Currency), string(a.Delivery), a.OnRampQuoteID, a.OffRampQuoteID)
	return err
}

// AuthorizationFor returns the evidence stored with a payment.
func (tx *Tx) AuthorizationFor(ctx context.Context, paymentID string) (Authorization, error) {
	var a Authorization
	var signed sql.NullString
	var local, delivery string
	err := tx.queryRow(ctx, `SELECT payment_id, accepted_at, client_signed_at, ip, user_agent, signer_name, school_name,
		amount_usd, amount_local, local_currency, delivery, onramp_quote_id, offramp_quote_id
		FROM payment_authorizations WHERE payment_id = ?`, paymentID).Scan(&a.PaymentID, &a.AcceptedAt, &signed, &a.IP,
		&a.UserAgent, &a.SignerName, &a.SchoolName, &a.AmountUSD.Minor, &a.AmountLocal.Minor, &local, &delivery,
		&a.OnRampQuoteID, &a.OffRampQuoteID)
	a.ClientSignedAt, a.AmountUSD.Currency, a.AmountLocal.Currency = signed.String, money.USD, money.Currency(local)
	a.Delivery, a.AcceptedAt = payment.Delivery(delivery), a.AcceptedAt.UTC()
	return a, err
}
