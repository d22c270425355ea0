-- +goose Up
-- An operator's hold on a payment (issue 30): while a hold is open
-- (released_at NULL) the payment does not advance; partner events are
-- recorded and applied on release. One open hold per payment; released
-- holds stay as its history.
CREATE TABLE payment_holds (
    id                TEXT PRIMARY KEY NOT NULL,
    payment_id        TEXT NOT NULL REFERENCES payments (id),
    held_at           TIMESTAMP NOT NULL,
    held_by           TEXT NOT NULL,
    held_by_email     TEXT NOT NULL,
    reason            TEXT NOT NULL,
    released_at       TIMESTAMP,
    released_by       TEXT,
    released_by_email TEXT,
    release_reason    TEXT
);
CREATE UNIQUE INDEX payment_holds_open ON payment_holds (payment_id) WHERE released_at IS NULL;
CREATE INDEX payment_holds_payment ON payment_holds (payment_id, held_at);

-- +goose Down
DROP TABLE payment_holds;
