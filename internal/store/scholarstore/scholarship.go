package scholarstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/crebit/crebit/internal/store"
)

// Owner is whose scholarship data a row is: the account when the session
// is signed in, otherwise the guest session.
type Owner struct {
	SessionID string
	AccountID string
}

// column is the owning column and its value. Both are fixed strings.
func (o Owner) column() (string, string) {
	if o.AccountID != "" {
		return "account_id", o.AccountID
	}
	return "session_id", o.SessionID
}

// ScholarshipProgramRow is one imported catalog record.
type ScholarshipProgramRow struct {
	ID, Name, Provider, VerifiedAt string
	Record                         []byte // validated JSON
}

// ImportScholarshipPrograms makes the table equal to ps: new and changed
// records are written, records no longer shipped are removed. It returns
// how many rows were written and removed.
func ImportScholarshipPrograms(ctx context.Context, tx *store.Tx, ps []ScholarshipProgramRow, at time.Time) (written, removed int64, err error) {
	keep := map[string]bool{}
	for _, p := range ps {
		keep[p.ID] = true
		n, err := tx.Exec(ctx, `INSERT INTO scholarship_programs (id, name, provider, verified_at, record, imported_at)
			VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET name = excluded.name, provider = excluded.provider,
				verified_at = excluded.verified_at, record = excluded.record, imported_at = excluded.imported_at
			WHERE scholarship_programs.record <> excluded.record`,
			p.ID, p.Name, p.Provider, p.VerifiedAt, string(p.Record), store.UTC(at))
		if err != nil {
			return 0, 0, err
		}
		written += n
	}
	rs, err := tx.Query(ctx, `SELECT id FROM scholarship_programs`)
	if err != nil {
		return 0, 0, err
	}
	var gone []string
	for rs.Next() {
		var id string
		if err := rs.Scan(&id); err != nil {
			rs.Close()
			return 0, 0, err
		}
		if !keep[id] {
			gone = append(gone, id)
		}
	}
	rs.Close()
	if err := rs.Err(); err != nil {
		return 0, 0, err
	}
	for _, id := range gone {
		n, err := tx.Exec(ctx, `DELETE FROM scholarship_programs WHERE id = ?`, id)
		if err != nil {
			return 0, 0, err
		}
		removed += n
	}
	return written, removed, nil
}

// ScholarshipProgramIDs lists the imported programs' ids and verified_at dates.
func ScholarshipProgramIDs(ctx context.Context, tx *store.Tx) (map[string]string, error) {
	rs, err := tx.Query(ctx, `SELECT id, verified_at FROM scholarship_programs`)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	out := map[string]string{}
	for rs.Next() {
		var id, v string
		if err := rs.Scan(&id, &v); err != nil {
			return nil, err
		}
		out[id] = v
	}
	return out, rs.Err()
}

// ScholarshipProfile is a student's saved answers (JSON, nil when unsaved).
type ScholarshipProfile struct {
	QuickMatch  []byte
	Eligibility []byte
	UpdatedAt   time.Time
}

// ScholarshipProfileOf returns the owner's profile, or ErrNotFound.
func ScholarshipProfileOf(ctx context.Context, tx *store.Tx, o Owner) (ScholarshipProfile, error) {
	col, v := o.column()
	var p ScholarshipProfile
	var qm, el sql.NullString
	err := tx.QueryRow(ctx, `SELECT quick_match, eligibility, updated_at FROM scholarship_profiles WHERE `+col+` = ?`, v).
		Scan(&qm, &el, &p.UpdatedAt)
	if err != nil {
		return p, err
	}
	if qm.Valid {
		p.QuickMatch = []byte(qm.String)
	}
	if el.Valid {
		p.Eligibility = []byte(el.String)
	}
	p.UpdatedAt = p.UpdatedAt.UTC()
	return p, nil
}

// SaveScholarshipQuickMatch stores the owner's Quick Match answers.
func SaveScholarshipQuickMatch(ctx context.Context, tx *store.Tx, o Owner, id string, data []byte, at time.Time) error {
	return saveProfilePart(ctx, tx, o, id, "quick_match", data, at)
}

// SaveScholarshipEligibility stores the owner's eligibility form.
func SaveScholarshipEligibility(ctx context.Context, tx *store.Tx, o Owner, id string, data []byte, at time.Time) error {
	return saveProfilePart(ctx, tx, o, id, "eligibility", data, at)
}

// saveProfilePart upserts one JSON column; part is a fixed column name.
func saveProfilePart(ctx context.Context, tx *store.Tx, o Owner, id, part string, data []byte, at time.Time) error {
	col, v := o.column()
	_, err := tx.Exec(ctx, `INSERT INTO scholarship_profiles (id, `+col+`, `+part+`, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (`+col+`) DO UPDATE SET `+part+` = excluded.`+part+`, updated_at = excluded.updated_at`,
		id, v, string(data), store.UTC(at))
	return err
}

// FilterSet is a saved set of Advanced Filters.
type FilterSet struct {
	ID        string
	Name      string
	Params    string
	CreatedAt time.Time
}

// MaxFilterSets bounds how many filter sets one owner keeps.
const MaxFilterSets = 20

// FilterSets lists the owner's saved filter sets, newest first.
func FilterSets(ctx context.Context, tx *store.Tx, o Owner) ([]FilterSet, error) {
	col, v := o.column()
	rs, err := tx.Query(ctx, `SELECT id, name, params, created_at FROM scholarship_filter_sets WHERE `+col+` = ?
		ORDER BY created_at DESC, id`, v)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []FilterSet
	for rs.Next() {
		var f FilterSet
		if err := rs.Scan(&f.ID, &f.Name, &f.Params, &f.CreatedAt); err != nil {
			return nil, err
		}
		f.CreatedAt = f.CreatedAt.UTC()
		out = append(out, f)
	}
	return out, rs.Err()
}

// CreateFilterSet stores a filter set for the owner.
func CreateFilterSet(ctx context.Context, tx *store.Tx, o Owner, f FilterSet) error {
	col, v := o.column()
	_, err := tx.Exec(ctx, `INSERT INTO scholarship_filter_sets (id, `+col+`, name, params, created_at) VALUES (?, ?, ?, ?, ?)`,
		f.ID, v, f.Name, f.Params, store.UTC(f.CreatedAt))
	return err
}

// DeleteFilterSet removes the owner's filter set id; ErrNotFound when the
// owner has no such set (another owner's set is not found either).
func DeleteFilterSet(ctx context.Context, tx *store.Tx, o Owner, id string) error {
	col, v := o.column()
	n, err := tx.Exec(ctx, `DELETE FROM scholarship_filter_sets WHERE id = ? AND `+col+` = ?`, id, v)
	if err == nil && n == 0 {
		return store.ErrNotFound
	}
	return err
}

// MoveScholarshipDataToAccount gives a guest session's scholarship profile
// and filter sets to the account it signed in or up to. Answers saved as a
// guest are newer and win; a part the guest never answered keeps the
// account's earlier answer. Call it in the sign-in/sign-up transaction.
func MoveScholarshipDataToAccount(ctx context.Context, tx *store.Tx, sessionID, accountID string) error {
	guest, err := ScholarshipProfileOf(ctx, tx, Owner{SessionID: sessionID})
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return err
	default:
		acct, err := ScholarshipProfileOf(ctx, tx, Owner{AccountID: accountID})
		switch {
		case errors.Is(err, store.ErrNotFound):
			if _, err := tx.Exec(ctx, `UPDATE scholarship_profiles SET account_id = ?, session_id = NULL WHERE session_id = ?`,
				accountID, sessionID); err != nil {
				return err
			}
		case err != nil:
			return err
		default:
			qm, el := guest.QuickMatch, guest.Eligibility
			if qm == nil {
				qm = acct.QuickMatch
			}
			if el == nil {
				el = acct.Eligibility
			}
			if _, err := tx.Exec(ctx, `UPDATE scholarship_profiles SET quick_match = ?, eligibility = ?, updated_at = ? WHERE account_id = ?`,
				nullBytes(qm), nullBytes(el), store.UTC(guest.UpdatedAt), accountID); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM scholarship_profiles WHERE session_id = ?`, sessionID); err != nil {
				return err
			}
		}
	}
	_, err = tx.Exec(ctx, `UPDATE scholarship_filter_sets SET account_id = ?, session_id = NULL WHERE session_id = ?`, accountID, sessionID)
	return err
}

func nullBytes(b []byte) any {
	if b == nil {
		return nil
	}
	return string(b)
}
