package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/crebit/crebit/internal/partner"
	"github.com/pressly/goose/v3"
)

// Migration 00104 masks what webhook bodies stored before 2026-11-27 hold
// in full: BlindPay's tracking_transaction and tracking_payment carry the
// payer's and the payee's bank details (sender_account_number,
// recipient_tax_id, recipient_account_number), and webhook_events kept
// them as received until those keys joined partner's masked list. Each
// such string becomes its last 4 characters, as the receiver now stores
// it; everything else in a body stays byte for byte as received, and a
// body that is not JSON is left alone.
//
// It is written in Go, for both engines, because it reads each body as
// JSON (partner.MaskJSONMembers), which neither engine's SQL does the same
// way. It cannot be undone: the full values are gone, so going down only
// forgets the version.
const webhookMaskingVersion = 104

// webhookMaskedKeys are the keys the masked list gained on 2026-11-27.
var webhookMaskedKeys = []string{"sender_account_number", "recipient_tax_id", "recipient_account_number"}

// webhookMaskingBatch is how many bodies one read brings back.
const webhookMaskingBatch = 500

func webhookMaskingMigration(e Engine) *goose.Migration {
	return goose.NewGoMigration(webhookMaskingVersion,
		&goose.GoFunc{RunTx: func(ctx context.Context, tx *sql.Tx) error { return maskStoredWebhooks(ctx, e, tx) }},
		nil)
}

// maskStoredWebhooks rewrites, in id order and a batch at a time, the
// bodies that may hold one of webhookMaskedKeys. The LIKE only narrows
// what is read: "account_number" and "tax_id" in any form a key can be
// written in without escapes; a key written with \u escapes is found by
// the backslash.
func maskStoredWebhooks(ctx context.Context, e Engine, tx *sql.Tx) error {
	backslash := `'%\%'`
	if e == Postgres {
		backslash = `'%\\%'` // PostgreSQL's LIKE escapes with a backslash by default
	}
	read := rebind(e, `SELECT id, payload FROM webhook_events WHERE id > ?
		AND (payload LIKE '%account_number%' OR payload LIKE '%tax_id%' OR payload LIKE `+backslash+`)
		ORDER BY id LIMIT ?`)
	write := rebind(e, `UPDATE webhook_events SET payload = ? WHERE id = ?`)
	after := ""
	for {
		rows, err := tx.QueryContext(ctx, read, after, webhookMaskingBatch)
		if err != nil {
			return fmt.Errorf("00104: read webhook bodies: %w", err)
		}
		type body struct{ id, payload string }
		var batch []body
		for rows.Next() {
			var b body
			if err := rows.Scan(&b.id, &b.payload); err != nil {
				rows.Close()
				return err
			}
			batch = append(batch, b)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, b := range batch {
			masked, changed := partner.MaskJSONMembers([]byte(b.payload), webhookMaskedKeys...)
			if !changed {
				continue
			}
			if _, err := tx.ExecContext(ctx, write, masked, b.id); err != nil {
				return fmt.Errorf("00104: mask webhook %s: %w", b.id, err)
			}
		}
		if len(batch) < webhookMaskingBatch {
			return nil
		}
		after = batch[len(batch)-1].id
	}
}
