package scholarstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"github.com/crebit/crebit/internal/store"
)

// Application is one program in a student's scholarship tracker.
type Application struct {
	ID, AccountID, ProgramID, Status string
	Deadline                         *string // YYYY-MM-DD, the student's own
	Notes                            string
	Documents                        []int // indexes of the record's requirements that are done
	CreatedAt, UpdatedAt             time.Time
}

// MaxApplications bounds how many programs one account tracks.
const MaxApplications = 100

const applicationColumns = `id, account_id, program_id, status, deadline, notes, documents, created_at, updated_at`

func scanApplication(r interface{ Scan(...any) error }) (Application, error) {
	var a Application
	var docs string
	var deadline sql.NullString
	if err := r.Scan(&a.ID, &a.AccountID, &a.ProgramID, &a.Status, &deadline, &a.Notes, &docs, &a.CreatedAt, &a.UpdatedAt); err != nil {
		return a, err
	}
	if deadline.Valid {
		a.Deadline = &deadline.String
	}
	a.CreatedAt, a.UpdatedAt = a.CreatedAt.UTC(), a.UpdatedAt.UTC()
	if err := json.Unmarshal([]byte(docs), &a.Documents); err != nil {
		return a, err
	}
	return a, nil
}

// Applications lists an account's tracked programs, soonest deadline first
// (undated last), then newest.
func Applications(ctx context.Context, tx *store.Tx, accountID string) ([]Application, error) {
	rs, err := tx.Query(ctx, `SELECT `+applicationColumns+` FROM scholarship_applications WHERE account_id = ?
		ORDER BY CASE WHEN deadline IS NULL THEN 1 ELSE 0 END, deadline, created_at DESC, id`, accountID)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []Application
	for rs.Next() {
		a, err := scanApplication(rs)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rs.Err()
}

// ApplicationOf returns the account's tracked program id (ErrNotFound for
// anyone else's).
func ApplicationOf(ctx context.Context, tx *store.Tx, accountID, id string) (Application, error) {
	a, err := scanApplication(tx.QueryRow(ctx, `SELECT `+applicationColumns+` FROM scholarship_applications WHERE id = ? AND account_id = ?`, id, accountID))
	return a, err
}

// CountApplications is how many programs the account tracks.
func CountApplications(ctx context.Context, tx *store.Tx, accountID string) (int, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM scholarship_applications WHERE account_id = ?`, accountID).Scan(&n)
	return n, err
}

// CreateApplication stores a tracked program; ErrConflict when the account
// already tracks it.
func CreateApplication(ctx context.Context, tx *store.Tx, a Application) error {
	docs, _ := json.Marshal(nonNilInts(a.Documents))
	_, err := tx.Exec(ctx, `INSERT INTO scholarship_applications (`+applicationColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.ID, a.AccountID, a.ProgramID, a.Status, nullString(a.Deadline), a.Notes, string(docs), store.UTC(a.CreatedAt), store.UTC(a.UpdatedAt))
	return err
}

// UpdateApplication writes the status, deadline, notes and documents of the
// account's tracked program; ErrNotFound for anyone else's.
func UpdateApplication(ctx context.Context, tx *store.Tx, a Application) error {
	docs, _ := json.Marshal(nonNilInts(a.Documents))
	n, err := tx.Exec(ctx, `UPDATE scholarship_applications SET status = ?, deadline = ?, notes = ?, documents = ?, updated_at = ?
		WHERE id = ? AND account_id = ?`, a.Status, nullString(a.Deadline), a.Notes, string(docs), store.UTC(a.UpdatedAt), a.ID, a.AccountID)
	if err == nil && n == 0 {
		return store.ErrNotFound
	}
	return err
}

// DeleteApplication removes the account's tracked program; ErrNotFound for
// anyone else's.
func DeleteApplication(ctx context.Context, tx *store.Tx, accountID, id string) error {
	n, err := tx.Exec(ctx, `DELETE FROM scholarship_applications WHERE id = ? AND account_id = ?`, id, accountID)
	if err == nil && n == 0 {
		return store.ErrNotFound
	}
	return err
}

func nonNilInts(v []int) []int {
	if v == nil {
		return []int{}
	}
	return v
}

func nullString(s *string) any {
	if s == nil {
		return nil
	}
	return *s
}
