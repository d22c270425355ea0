-- +goose Up
-- A shared account's running balance is spread over a few rows (slot), so
-- concurrent transactions posting to it rarely wait for the same row lock;
-- its balance is the sum of its slots (store/ledger.go). Existing balances
-- become slot 0.
ALTER TABLE ledger_balances ADD COLUMN slot BIGINT NOT NULL DEFAULT 0;
ALTER TABLE ledger_balances DROP CONSTRAINT ledger_balances_pkey;
ALTER TABLE ledger_balances ADD PRIMARY KEY (account, currency, slot);

-- +goose Down
CREATE TABLE ledger_balances_merged (
    account   TEXT NOT NULL,
    currency  TEXT NOT NULL,
    balance   BIGINT NOT NULL,
    PRIMARY KEY (account, currency)
);
INSERT INTO ledger_balances_merged (account, currency, balance)
    SELECT account, currency, SUM(balance) FROM ledger_balances GROUP BY account, currency;
DROP TABLE ledger_balances;
ALTER TABLE ledger_balances_merged RENAME TO ledger_balances;
ALTER INDEX ledger_balances_merged_pkey RENAME TO ledger_balances_pkey;
