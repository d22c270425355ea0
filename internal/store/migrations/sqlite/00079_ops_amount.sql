-- +goose Up
-- The console's search by amount (issue 30): a narrow amount range finds
-- its few payments by this index instead of reading every payment.
CREATE INDEX payments_amount_usd ON payments (amount_usd);

-- +goose Down
DROP INDEX payments_amount_usd;
