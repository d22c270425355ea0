package scholarstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"github.com/crebit/crebit/internal/store"
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
	a.ConfirmedAt, a.UnsubscribedAt, a.LastDigestAt = store.NullTime(confirmed), store.NullTime(unsubscribed), store.NullTime(digest)
	return a, json.Unmarshal([]byte(seen), &a.Seen)
}

func nullTimeArg(t *time.Time) any {
	if t == nil {
		return nil
	}
	return store.UTC(*t)
}

// CreateAlert stores a pending alert.
func CreateAlert(ctx context.Context, tx *store.Tx, a Alert) error {
	seen, _ := json.Marshal(nonNilStrings(a.Seen))
	_, err := tx.Exec(ctx, `INSERT INTO scholarship_alerts (`+alertColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.ID, a.AccountID, a.Email, a.Lang, a.Params, a.Status, string(seen), store.UTC(a.CreatedAt),
		nullTimeArg(a.ConfirmedAt), nullTimeArg(a.UnsubscribedAt), nullTimeArg(a.LastDigestAt))
	return err
}

// AlertByID returns alert id (ErrNotFound when there is none).
func AlertByID(ctx context.Context, tx *store.Tx, id string) (Alert, error) {
	return scanAlert(tx.QueryRow(ctx, `SELECT `+alertColumns+` FROM scholarship_alerts WHERE id = ?`, id))
}

// Alerts lists an account's alerts that are not unsubscribed, newest first.
func Alerts(ctx context.Context, tx *store.Tx, accountID string) ([]Alert, error) {
	return alerts(ctx, tx, `WHERE account_id = ? AND status <> 'unsubscribed' ORDER BY created_at DESC, id`, accountID)
}

// ActiveAlerts lists every confirmed alert, for the daily run.
func ActiveAlerts(ctx context.Context, tx *store.Tx) ([]Alert, error) {
	return alerts(ctx, tx, `WHERE status = 'active' ORDER BY id`)
}

func alerts(ctx context.Context, tx *store.Tx, where string, args ...any) ([]Alert, error) {
	rs, err := tx.Query(ctx, `SELECT `+alertColumns+` FROM scholarship_alerts `+where, args...)
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
func UpdateAlert(ctx context.Context, tx *store.Tx, a Alert) error {
	seen, _ := json.Marshal(nonNilStrings(a.Seen))
	n, err := tx.Exec(ctx, `UPDATE scholarship_alerts SET status = ?, seen = ?, confirmed_at = ?, unsubscribed_at = ?, last_digest_at = ?
		WHERE id = ?`, a.Status, string(seen), nullTimeArg(a.ConfirmedAt), nullTimeArg(a.UnsubscribedAt), nullTimeArg(a.LastDigestAt), a.ID)
	if err == nil && n == 0 {
		return store.ErrNotFound
	}
	return err
}

// ForgetScholarshipActivity ends a closing account's alerts (no e-mail
// reaches a closed account) and deletes its tracker. Call it in the
// transaction that closes the account.
func ForgetScholarshipActivity(ctx context.Context, tx *store.Tx, accountID string, at time.Time) error {
	if _, err := tx.Exec(ctx, `UPDATE scholarship_alerts SET status = 'unsubscribed', unsubscribed_at = ?
		WHERE account_id = ? AND status <> 'unsubscribed'`, store.UTC(at), accountID); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `DELETE FROM scholarship_applications WHERE account_id = ?`, accountID)
	return err
}

// RecordReminder marks a reminder as sent; false when it already was (so
// each reminder goes once, whichever instance runs the job).
func RecordReminder(ctx context.Context, tx *store.Tx, applicationID, deadline string, daysBefore int, at time.Time) (bool, error) {
	n, err := tx.Exec(ctx, `INSERT INTO scholarship_reminders (application_id, deadline, days_before, sent_at) VALUES (?, ?, ?, ?)
		ON CONFLICT DO NOTHING`, applicationID, deadline, daysBefore, store.UTC(at))
	return n == 1, err
}

func nonNilStrings(v []string) []string {
	if v == nil {
		return []string{}
	}
	return v
}
