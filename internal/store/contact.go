package store

import (
	"context"
	"time"
)

// RecordConsent stores a confirmation of the standalone authorization page.
func (tx *Tx) RecordConsent(ctx context.Context, id, sessionID, ip, userAgent string, at time.Time) error {
	_, err := tx.exec(ctx, `INSERT INTO authorization_consents (id, session_id, ip, user_agent, accepted_at) VALUES (?, ?, ?, ?, ?)`,
		id, sessionID, ip, userAgent, utc(at))
	return err
}
