-- +goose Up
-- The dashboard's Settings: the account holder's own name (edited there; the
-- newest customer's name is only the first default), and when the account
-- was closed (its sign-in e-mail is then freed and its personal data removed).
ALTER TABLE accounts ADD COLUMN first_name TEXT NOT NULL DEFAULT '';
ALTER TABLE accounts ADD COLUMN last_name TEXT NOT NULL DEFAULT '';
ALTER TABLE accounts ADD COLUMN closed_at TIMESTAMP;

-- Recent sign-in activity shown in Settings: when, and the approximate
-- device ("Chrome on Windows") derived from the user agent at sign-in. The
-- raw user agent and the IP address are not kept.
CREATE TABLE signin_events (
    id          TEXT PRIMARY KEY,
    account_id  TEXT NOT NULL REFERENCES accounts (id),
    device      TEXT NOT NULL,
    occurred_at TIMESTAMP NOT NULL
);
CREATE INDEX signin_events_account ON signin_events (account_id, occurred_at);

-- A saved US bank account the payer removed in Settings: no longer offered
-- (payments that used it still show its holder and last 4 digits).
ALTER TABLE external_accounts ADD COLUMN removed_at TIMESTAMP;

-- Recent Transactions pages newest first with the id as tie-break: the
-- index gives that order whole, so no sort step is needed.
DROP INDEX payments_account_created;
CREATE INDEX payments_account_created ON payments (account_id, created_at, id);

-- +goose Down
DROP INDEX payments_account_created;
CREATE INDEX payments_account_created ON payments (account_id, created_at);
ALTER TABLE external_accounts DROP COLUMN removed_at;
DROP INDEX signin_events_account;
DROP TABLE signin_events;
ALTER TABLE accounts DROP COLUMN closed_at;
ALTER TABLE accounts DROP COLUMN last_name;
ALTER TABLE accounts DROP COLUMN first_name;
