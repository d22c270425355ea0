-- +goose Up
-- The sandbox partner remembers what it sent back for a pay-in: all of it
-- (short, wrong-currency or late pay-ins) or the excess of an over-payment.
ALTER TABLE sandbox_payins ADD COLUMN refunded_amount TEXT;
ALTER TABLE sandbox_payins ADD COLUMN refunded_currency TEXT;

-- +goose Down
ALTER TABLE sandbox_payins DROP COLUMN refunded_currency;
ALTER TABLE sandbox_payins DROP COLUMN refunded_amount;
