-- +goose Up
-- Transactional e-mail: a row is written in the same transaction as what
-- causes the message, and a River job sends it. The rendered parts are
-- sealed (they can hold single-use links); message_id is stable, so a
-- message is sent at most once per id.
CREATE TABLE outbox (
    id          TEXT PRIMARY KEY,
    message_id  TEXT NOT NULL UNIQUE,
    kind        TEXT NOT NULL,
    to_addr     TEXT NOT NULL,
    subject     TEXT NOT NULL,
    body_sealed TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    attempts    BIGINT NOT NULL DEFAULT 0,
    last_error  TEXT,
    sent_at     TIMESTAMPTZ,
    failed_at   TIMESTAMPTZ
);
CREATE INDEX outbox_created ON outbox (created_at);

-- The local mailbox: where messages are delivered when no SMTP server is
-- configured (shown by the sandbox mailbox page).
CREATE TABLE mailbox (
    id           TEXT PRIMARY KEY,
    message_id   TEXT NOT NULL UNIQUE,
    to_addr      TEXT NOT NULL,
    subject      TEXT NOT NULL,
    body_sealed  TEXT NOT NULL,
    delivered_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX mailbox_delivered ON mailbox (delivered_at);

-- +goose Down
DROP TABLE mailbox;
DROP TABLE outbox;
