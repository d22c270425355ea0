-- +goose Up
-- A shared account's running balance may be spread over a few rows (slot);
-- its balance is the sum of its slots (store/ledger.go). On SQLite every
-- balance stays in slot 0 (one writer, no row locks); the column keeps the
-- two engines' tables alike. Existing balances become slot 0.
CREATE TABLE ledger_balances_slots (
    account   TEXT NOT NULL,
    currency  TEXT NOT NULL,
    slot      INTEGER NOT NULL DEFAULT 0,
    balance   INTEGER NOT NULL,
    PRIMARY KEY (account, currency, slot)
);
INSERT INTO ledger_balances_slots (account, currency, slot, balance)
    SELECT account, currency, 0, balance FROM ledger_balances;
DROP TABLE ledger_balances;
ALTER TABLE ledger_balances_slots RENAME TO ledger_balances;

-- +goose Down
CREATE TABLE ledger_balances_merged (
    account   TEXT NOT NULL,
    currency  TEXT NOT NULL,
    balance   INTEGER NOT NULL,
    PRIMARY KEY (account, currency)
);
INSERT INTO ledger_balances_merged (account, currency, balance)
    SELECT account, currency, SUM(balance) FROM ledger_balances GROUP BY account, currency;
DROP TABLE ledger_balances;
ALTER TABLE ledger_balances_merged RENAME TO ledger_balances;
