-- +goose Up
-- A payment's rail reference in two columns whatever its rail (issue 27):
-- its kind, the corridor's Rail.Kind ('pix_end_to_end_id',
-- 'spei_tracking_key'), and its value, instead of one column per rail
-- (00040). Neither old column was indexed or constrained.
ALTER TABLE payments ADD COLUMN rail_reference_kind TEXT;
ALTER TABLE payments ADD COLUMN rail_reference TEXT;
UPDATE payments SET rail_reference_kind = 'pix_end_to_end_id', rail_reference = pix_end_to_end_id
    WHERE pix_end_to_end_id IS NOT NULL;
UPDATE payments SET rail_reference_kind = 'spei_tracking_key', rail_reference = spei_tracking_key
    WHERE spei_tracking_key IS NOT NULL AND rail_reference IS NULL;
ALTER TABLE payments DROP COLUMN spei_tracking_key;
ALTER TABLE payments DROP COLUMN pix_end_to_end_id;

-- +goose Down
ALTER TABLE payments ADD COLUMN pix_end_to_end_id TEXT;
ALTER TABLE payments ADD COLUMN spei_tracking_key TEXT;
UPDATE payments SET pix_end_to_end_id = rail_reference WHERE rail_reference_kind = 'pix_end_to_end_id';
UPDATE payments SET spei_tracking_key = rail_reference WHERE rail_reference_kind = 'spei_tracking_key';
ALTER TABLE payments DROP COLUMN rail_reference;
ALTER TABLE payments DROP COLUMN rail_reference_kind;
