-- +goose Up
-- When personal data was removed under the retention rule (only the e-mail
-- address is kept once a payment is finished and its refund window passed).
ALTER TABLE customers ADD COLUMN redacted_at TIMESTAMP;
ALTER TABLE payments ADD COLUMN redacted_at TIMESTAMP;

-- +goose Down
ALTER TABLE payments DROP COLUMN redacted_at;
ALTER TABLE customers DROP COLUMN redacted_at;
