package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
)

// paymentColumns are the columns every payment read selects and
// scanPaymentExtra scans: those a new payment is written with, then
// on_hold, which only holdstore writes (a new payment is never held), and
// whether a rail reference is stored (rail.go).
const paymentColumns = paymentInsertColumns + `, on_hold, rail_reference IS NOT NULL`

// paymentInsertColumns are the columns CreatePayment writes.
const paymentInsertColumns = `id, session_id, account_id, idempotency_key, request_hash, quote_id, customer_id,
	external_account_id, method, delivery, state, local_currency, amount_local, amount_usd, total_fees_usd,
	usdc_amount, gross_usd, effective_rate, sender_name, partner_payin_id, deposit_address, pix_code,
	deposit_bank_name, beneficiary_name, offramp_id, offramp_status, tracking_number, check_details,
	failure_reason, expires_at, created_at, updated_at`

// CreatePayment stores a new payment. A second live payment for the same
// quote, or a reused idempotency key, fails with ErrConflict.
func (tx *Tx) CreatePayment(ctx context.Context, p payment.Record) error {
	_, err := tx.exec(ctx, `INSERT INTO payments (`+paymentInsertColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
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
func (tx *Tx) Payment(ctx context.Context, id string) (payment.Record, error) {
	return scanPayment(tx.queryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE id = ?`, id))
}

// PaymentForUpdate returns a payment and locks it until the transaction
// ends, so concurrent webhook jobs apply their events one at a time.
func (tx *Tx) PaymentForUpdate(ctx context.Context, id string) (payment.Record, error) {
	return scanPayment(tx.queryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE id = ?`+forUpdate(tx.engine), id))
}

// PaymentByPayin finds the payment behind a partner pay-in id.
func (tx *Tx) PaymentByPayin(ctx context.Context, payinID string) (payment.Record, error) {
	return scanPayment(tx.queryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE partner_payin_id = ?`, payinID))
}

// PaymentByPayinForUpdate is PaymentByPayin, locking the payment until the
// transaction ends (as PaymentForUpdate).
func (tx *Tx) PaymentByPayinForUpdate(ctx context.Context, payinID string) (payment.Record, error) {
	return scanPayment(tx.queryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE partner_payin_id = ?`+forUpdate(tx.engine), payinID))
}

// PaymentByIdempotencyKey finds the session's payment made under key.
func (tx *Tx) PaymentByIdempotencyKey(ctx context.Context, sessionID, key string) (payment.Record, error) {
	return scanPayment(tx.queryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE session_id = ? AND idempotency_key = ?`, sessionID, key))
}

// LivePaymentForQuote finds the payment (not failed) that used a quote.
func (tx *Tx) LivePaymentForQuote(ctx context.Context, quoteID string) (payment.Record, error) {
	return scanPayment(tx.queryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE quote_id = ? AND state <> 'failed'`, quoteID))
}

// SetPayinInstructions records the partner's pay-in and its deposit
// instructions; the state changes only through the service's advance.
func (tx *Tx) SetPayinInstructions(ctx context.Context, p payment.Record) error {
	_, err := tx.exec(ctx, `UPDATE payments SET partner_payin_id = ?, deposit_address = ?, pix_code = ?,
		deposit_bank_name = ?, beneficiary_name = ? WHERE id = ?`,
		p.PartnerPayinID, nullable(p.DepositAddress), nullable(p.PixCode),
		nullable(p.DepositBankName), nullable(p.BeneficiaryName), p.ID)
	return err
}

// UpdatePaymentProgress stores a new state and what the partner said of the
// off-ramp, and rail, the rail's reference for the pay-in, when it has one
// (the first one stored stays, as SetPaymentRailReference keeps it).
func (tx *Tx) UpdatePaymentProgress(ctx context.Context, p payment.Record, rail payment.RailReference) error {
	set, args := progress(p, rail)
	_, err := tx.exec(ctx, `UPDATE payments SET `+set+` WHERE id = ?`, args...)
	return err
}

// progressColumns are what UpdatePaymentProgress and AdvancePayment write.
const progressColumns = `state = ?, offramp_id = ?, offramp_status = ?, tracking_number = ?, failure_reason = ?, updated_at = ?`

// progress is the SET list UpdatePaymentProgress and AdvancePayment write
// and its values, the payment's id last (for the WHERE). A rail reference
// with a value goes in the same statement (it used to take one of its
// own): it is set only where none is yet; both engines read the row's
// old values on the right of every SET.
func progress(p payment.Record, rail payment.RailReference) (string, []any) {
	set := progressColumns
	args := []any{string(p.State), nullable(p.OfframpID), nullable(p.OfframpStatus), nullable(p.TrackingNumber),
		nullable(p.FailureReason), utc(p.UpdatedAt)}
	if rail.Value != "" {
		set += `, rail_reference_kind = CASE WHEN rail_reference IS NULL THEN ? ELSE rail_reference_kind END,
		rail_reference = COALESCE(rail_reference, ?)`
		args = append(args, rail.Kind, rail.Value)
	}
	return set, append(args, p.ID)
}

// AdvancePayment writes what UpdatePaymentProgress writes (rail included)
// and adds the states the payment entered to its history (AddPaymentEvent
// for each, in order). On PostgreSQL that is one statement instead of one
// for the row and one per state: a payment's every step comes here.
func (tx *Tx) AdvancePayment(ctx context.Context, p payment.Record, entered []payment.Change, rail payment.RailReference) error {
	if tx.engine != Postgres || len(entered) == 0 {
		if err := tx.UpdatePaymentProgress(ctx, p, rail); err != nil {
			return err
		}
		for _, e := range entered {
			if err := tx.AddPaymentEvent(ctx, p.ID, e); err != nil {
				return err
			}
		}
		return nil
	}
	set, args := progress(p, rail)
	// The notifications the transaction has yet to send (the live status's,
	// Notify) go with the step: pg_notify is volatile, so its CTE is never
	// folded into the query and runs once. A payment that is not there is
	// an error below, and the transaction rolls back with them.
	notify := ""
	if rel, nargs := tx.takeNotifies(); rel != "" {
		notify = `, notified AS (SELECT count(pg_notify(channel, payload)) AS n FROM ` + rel + `)`
		args = append(args, nargs...)
	}
	var values strings.Builder
	for i, e := range entered {
		if i > 0 {
			values.WriteString(", ")
		}
		values.WriteString("(CAST(? AS INTEGER), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TIMESTAMPTZ))")
		args = append(args, i, string(e.State), e.Source, utc(e.OccurredAt))
	}
	// The history's ids number the live stream's events: the states go in
	// in their order (ORDER BY), and each takes its id as it goes in.
	q := `WITH moved AS (UPDATE payments SET ` + set + ` WHERE id = ? RETURNING id)` + notify + `
		INSERT INTO payment_events (payment_id, state, source, occurred_at)
		SELECT moved.id, entered.state, entered.source, entered.occurred_at
		FROM moved, (VALUES ` + values.String() + `) AS entered (n, state, source, occurred_at)`
	if notify != "" {
		q += `, notified WHERE notified.n >= 0` // the CTE is read, so it runs
	}
	n, err := tx.exec(ctx, q+` ORDER BY entered.n`, args...)
	if err == nil && n != int64(len(entered)) {
		return fmt.Errorf("advance payment %s: %w", p.ID, ErrNotFound)
	}
	return err
}

func scanPayment(r row) (payment.Record, error) { return scanPaymentExtra(r) }

// scanPaymentExtra scans a payment row followed by extra columns into dest.
func scanPaymentExtra(r row, dest ...any) (payment.Record, error) {
	var p payment.Record
	var local, delivery, state string
	var account, idem, external, payin, deposit, pixCode, bank, beneficiary, offrampID, offrampStatus,
		tracking, check, failure sql.NullString
	cols := []any{&p.ID, &p.SessionID, &account, &idem, &p.RequestHash, &p.QuoteID, &p.CustomerID, &external,
		&p.Method, &delivery, &state, &local, &p.AmountLocal.Minor, &p.AmountUSD.Minor, &p.TotalFeesUSD.Minor,
		&p.USDC.Minor, &p.GrossUSD.Minor, &p.EffectiveRate, &p.SenderName, &payin, &deposit, &pixCode, &bank,
		&beneficiary, &offrampID, &offrampStatus, &tracking, &check, &failure, &p.ExpiresAt, &p.CreatedAt, &p.UpdatedAt, &p.OnHold, &p.RailReferenceStored}
	err := r.Scan(append(cols, dest...)...)
	if err != nil {
		return payment.Record{}, err
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

// AddPaymentEvent appends to the payment's history.
func (tx *Tx) AddPaymentEvent(ctx context.Context, paymentID string, e payment.Change) error {
	_, err := tx.exec(ctx, `INSERT INTO payment_events (payment_id, state, source, occurred_at) VALUES (?, ?, ?, ?)`,
		paymentID, string(e.State), e.Source, utc(e.OccurredAt))
	return err
}

// PaymentEvents returns the payment's history, oldest first.
func (tx *Tx) PaymentEvents(ctx context.Context, paymentID string) ([]payment.Change, error) {
	events, _, err := tx.PaymentHistory(ctx, paymentID)
	return events, err
}

// PaymentHistory returns the payment's history, oldest first, and the id
// of its latest row (0 before any). That id grows with every state the
// payment enters, so it numbers the live status stream's events and lets a
// client resume after the last one it saw.
func (tx *Tx) PaymentHistory(ctx context.Context, paymentID string) ([]payment.Change, int64, error) {
	rs, err := tx.query(ctx, `SELECT id, state, source, occurred_at FROM payment_events WHERE payment_id = ? ORDER BY id`, paymentID)
	if err != nil {
		return nil, 0, err
	}
	defer rs.Close()
	var out []payment.Change
	var seq int64
	for rs.Next() {
		var e payment.Change
		var state string
		if err := rs.Scan(&seq, &state, &e.Source, &e.OccurredAt); err != nil {
			return nil, 0, err
		}
		e.State, e.OccurredAt = payment.State(state), e.OccurredAt.UTC()
		out = append(out, e)
	}
	return out, seq, rs.Err()
}

// CreateAuthorization stores the evidence with the payment.
func (tx *Tx) CreateAuthorization(ctx context.Context, a payment.Authorization) error {
	_, err := tx.exec(ctx, `INSERT INTO payment_authorizations (payment_id, accepted_at, client_signed_at, ip, user_agent,
		signer_name, school_name, amount_usd, amount_local, local_currency, delivery, onramp_quote_id, offramp_quote_id, lang, device_hash)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.PaymentID, utc(a.AcceptedAt), nullable(a.ClientSignedAt), a.IP, a.UserAgent, a.SignerName, a.SchoolName,
		a.AmountUSD.Minor, a.AmountLocal.Minor, string(a.AmountLocal.Currency), string(a.Delivery), a.OnRampQuoteID, a.OffRampQuoteID,
		langOrEnglish(a.Lang), a.DeviceHash)
	return err
}

// AuthorizationFor returns the evidence stored with a payment.
func (tx *Tx) AuthorizationFor(ctx context.Context, paymentID string) (payment.Authorization, error) {
	var a payment.Authorization
	var signed sql.NullString
	var local, delivery string
	err := tx.queryRow(ctx, `SELECT payment_id, accepted_at, client_signed_at, ip, user_agent, signer_name, school_name,
		amount_usd, amount_local, local_currency, delivery, onramp_quote_id, offramp_quote_id, lang, device_hash
		FROM payment_authorizations WHERE payment_id = ?`, paymentID).Scan(&a.PaymentID, &a.AcceptedAt, &signed, &a.IP,
		&a.UserAgent, &a.SignerName, &a.SchoolName, &a.AmountUSD.Minor, &a.AmountLocal.Minor, &local, &delivery,
		&a.OnRampQuoteID, &a.OffRampQuoteID, &a.Lang, &a.DeviceHash)
	a.ClientSignedAt, a.AmountUSD.Currency, a.AmountLocal.Currency = signed.String, money.USD, money.Currency(local)
	a.Delivery, a.AcceptedAt = payment.Delivery(delivery), a.AcceptedAt.UTC()
	return a, err
}

// StrandedPayments returns up to limit payments still in created that were
// stored before cutoff: their process died (or is very slow) between
// storing the payment and recording its pay-in.
func (tx *Tx) StrandedPayments(ctx context.Context, cutoff time.Time, limit int) ([]payment.Record, error) {
	rs, err := tx.query(ctx, `SELECT `+paymentColumns+` FROM payments WHERE state = 'created' AND created_at < ?
		ORDER BY created_at LIMIT ?`, utc(cutoff), limit)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []payment.Record
	for rs.Next() {
		p, err := scanPayment(rs)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rs.Err()
}

// PaymentStateCounts counts payments by state, and those whose window
// ended before now while still waiting for their pay-in (created,
// awaiting_payin, payin_processing): the expiry job should have moved them.
func (tx *Tx) PaymentStateCounts(ctx context.Context, now time.Time) (map[string]int64, int64, error) {
	rs, err := tx.query(ctx, `SELECT state, COUNT(*) FROM payments GROUP BY state`)
	if err != nil {
		return nil, 0, err
	}
	defer rs.Close()
	out := map[string]int64{}
	for rs.Next() {
		var st string
		var n int64
		if err := rs.Scan(&st, &n); err != nil {
			return nil, 0, err
		}
		out[st] = n
	}
	if err := rs.Err(); err != nil {
		return nil, 0, err
	}
	var overdue int64
	err = tx.queryRow(ctx, `SELECT COUNT(*) FROM payments WHERE state IN ('created', 'awaiting_payin', 'payin_processing')
		AND expires_at < ?`, utc(now)).Scan(&overdue)
	return out, overdue, err
}

func langOrEnglish(lang string) string {
	if lang == "" {
		return "en"
	}
	return lang
}

// CustomerLanguage is the language of the customer's newest payment
// authorization, else their account's choice, else "en".
func (tx *Tx) CustomerLanguage(ctx context.Context, customerID string) (string, error) {
	var lang string
	err := tx.queryRow(ctx, `SELECT COALESCE(
		(SELECT a.lang FROM payment_authorizations a JOIN payments p ON p.id = a.payment_id
			WHERE p.customer_id = ? ORDER BY p.created_at DESC LIMIT 1),
		(SELECT acc.lang FROM accounts acc JOIN customers c ON c.account_id = acc.id WHERE c.id = ?),
		'en')`, customerID, customerID).Scan(&lang)
	return lang, err
}
