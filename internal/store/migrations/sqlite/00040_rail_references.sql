-- +goose Up
-- The rail's own reference for the received pay-in, as the partner reports
-- it with payin_completed: the Pix end-to-end id (32 characters) or the SPEI
-- tracking key (clave de rastreo, up to 30). Shown to the payer on /track and
-- printed on the receipt.
ALTER TABLE payments ADD COLUMN pix_end_to_end_id TEXT;
ALTER TABLE payments ADD COLUMN spei_tracking_key TEXT;

-- +goose Down
ALTER TABLE payments DROP COLUMN spei_tracking_key;
ALTER TABLE payments DROP COLUMN pix_end_to_end_id;
