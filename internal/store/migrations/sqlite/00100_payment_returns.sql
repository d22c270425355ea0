-- +goose Up
-- Money Crebit owes back to a payer (issue 30): a late, short,
-- wrong-currency or excess pay-in, or a received pay-in an operator
-- refunded. The partner's API cannot return a pay-in, so an operator
-- returns it through the partner's support and records it here
-- (returned_at); until then the payer is told the refund is in progress.
-- One row per payment and kind ('payin': the whole receipt; 'excess').
CREATE TABLE payment_returns (
    id                TEXT PRIMARY KEY NOT NULL,
    payment_id        TEXT NOT NULL REFERENCES payments (id),
    kind              TEXT NOT NULL CHECK (kind IN ('payin', 'excess')),
    amount_minor      BIGINT NOT NULL CHECK (amount_minor > 0),
    currency          TEXT NOT NULL,
    cause             TEXT NOT NULL,
    opened_at         TIMESTAMP NOT NULL,
    returned_at       TIMESTAMP,
    returned_by       TEXT,
    returned_by_email TEXT,
    reference         TEXT
);
CREATE UNIQUE INDEX payment_returns_kind ON payment_returns (payment_id, kind);
CREATE INDEX payment_returns_owed ON payment_returns (opened_at) WHERE returned_at IS NULL;

-- +goose Down
DROP TABLE payment_returns;
