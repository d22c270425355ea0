-- +goose Up
-- The console's payment search (issue 30): by e-mail, by the last 4 digits
-- of a tax id (kept beside the sealed value; a backfill job fills older
-- rows) or of a bank account number, by state and by time, 50 a page.
ALTER TABLE customers ADD COLUMN tax_id_last4 TEXT NOT NULL DEFAULT '';
CREATE INDEX customers_email ON customers (email);
CREATE INDEX customers_tax_last4 ON customers (tax_id_last4);
CREATE INDEX external_accounts_last4 ON external_accounts (account_last4);
CREATE INDEX payments_created ON payments (created_at, id);
CREATE INDEX payments_state_created ON payments (state, created_at, id);
CREATE INDEX payments_customer_created ON payments (customer_id, created_at, id);
CREATE INDEX payments_external ON payments (external_account_id);

-- +goose Down
DROP INDEX payments_external;
DROP INDEX payments_customer_created;
DROP INDEX payments_state_created;
DROP INDEX payments_created;
DROP INDEX external_accounts_last4;
DROP INDEX customers_tax_last4;
DROP INDEX customers_email;
ALTER TABLE customers DROP COLUMN tax_id_last4;
