package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"
)

// Alert is a student's scholarship alert subscription.
type Alert struct {
	ID, AccountID, Email, Lang, Params, Status string
	Seen                                       []string // program ids already sent in a digest
	CreatedAt                                  time.Time
	ConfirmedAt, UnsubscribedAt, LastDigestAt  *time.Time
}

// MaxAlerts bounds how many alerts one account keeps.
const MaxAlerts = 10

const alertColumns = `id, account_id, email, lang, params, status, seen, created_at, confirmed_at, unsubscribed_at, last_digest_at`

func scanAlert(r interface{ Scan(...any) error }) (Alert, error) {
	var a Alert
	var seen string
	var confirmed, unsubscribed, digest sql.NullTime
	if err := r.Scan(&a.ID, &a.AccountID, &a.Email, &a.Lang, &a.Params, &a.Status, &seen, &a.CreatedAt, &confirmed, &unsubscribed, &digest); err != nil {
		return a, err
	}
	a.CreatedAt = a.CreatedAt.UTC()
	a.ConfirmedAt, a.UnsubscribedAt, a.LastDigestAt = nullTime(confirmed), nullTime(unsubscribed), nullTime(digest)
	return a, json.Unmarshal([]byte(seen), &a.Seen)
}

func nullTime(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

func nullTimeArg(t *time.Time) any {
	if t == nil {
		return nil
	}
	return utc(*t)
}

// CreateAlert stores a pending alert.
func (tx *Tx) CreateAlert(ctx context.Context, a Alert) error {
	seen, _ := json.Marshal(nonNilStrings(a.Seen))
	_, err := tx.exec(ctx, `INSERT INTO scholarship_alerts (`+alertColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.ID, a.AccountID, a.Email, a.Lang, a.Params, a.Status, string(seen), utc(a.CreatedAt),
		nullTimeArg(a.ConfirmedAt), nullTimeArg(a.UnsubscribedAt), nullTimeArg(a.LastDigestAt))
	return err
}

// AlertByID returns alert id (ErrNotFound when there is none).
func (tx *Tx) AlertByID(ctx context.Context, id string) (Alert, error) {
	return scanAlert(tx.queryRow(ctx, `SELECT `+alertColumns+` FROM scholarship_alerts WHERE id = ?`, id))
}

// Alerts lists an account's alerts that are not unsubscribed, newest first.
func (tx *Tx) Alerts(ctx context.Context, accountID string) ([]Alert, error) {
	return tx.alerts(ctx, `WHERE account_id = ? AND status <> 'unsubscribed' ORDER BY created_at DESC, id`, accountID)
}

// ActiveAlerts lists every confirmed alert, for the daily run.
func (tx *Tx) ActiveAlerts(ctx context.Context) ([]Alert, error) {
	return tx.alerts(ctx, `WHERE status = 'active' ORDER BY id`)
}

func (tx *Tx) alerts(ctx context.Context, where string, args ...any) ([]Alert, error) {
	rs, err := tx.query(ctx, `SELECT `+alertColumns+` FROM scholarship_alerts `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []Alert
	for rs.Next() {
		a, err := scanAlert(rs)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rs.Err()
}

// UpdateAlert writes an alert's status, seen programs and dates.
func (tx *Tx) UpdateAlert(ctx context.Context, a Alert) error {
	seen, _ := json.Marshal(nonNilStrings(a.Seen))
	n, err := tx.exec(ctx, `UPDATE scholarship_alerts SET status = ?, seen = ?, confirmed_at = ?, unsubscribed_at = ?, last_digest_at = ?
		WHERE id = ?`, a.Status, string(seen), nullTimeArg(a.ConfirmedAt), nullTimeArg(a.UnsubscribedAt), nullTimeArg(a.LastDigestAt), a.ID)
	if err == nil && n == 0 {
		return ErrNotFound
	}
	return err
}

// ForgetScholarshipActivity ends a closing account's alerts (no e-mail
// reaches a closed account) and deletes its tracker. Call it in the
// transaction that closes the account.
func (tx *Tx) ForgetScholarshipActivity(ctx context.Context, accountID string, at time.Time) error {
	if _, err := tx.exec(ctx, `UPDATE scholarship_alerts SET status = 'unsubscribed', unsubscribed_at = ?
		WHERE account_id = ? AND status <> 'unsubscribed'`, utc(at), accountID); err != nil {
		return err
	}
	_, err := tx.exec(ctx, `DELETE FROM scholarship_applications WHERE account_id = ?`, accountID)
	return err
}

// RecordReminder marks a reminder as sent; false when it already was (so
// each reminder goes once, whichever instance runs the job).
func (tx *Tx) RecordReminder(ctx context.Context, applicationID, deadline string, daysBefore int, at time.Time) (bool, error) {
	n, err := tx.exec(ctx, `INSERT INTO scholarship_reminders (application_id, deadline, days_before, sent_at) VALUES (?, ?, ?, ?)
		ON CONFLICT DO NOTHING`, applicationID, deadline, daysBefore, utc(at))
	return n == 1, err
}

func nonNilStrings(v []string) []string {
	if v == nil {
		return []string{}
	}
	return v
}
