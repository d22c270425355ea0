-- +goose Up
-- A server-side session for every browser: a guest now, an account later.
-- id is the SHA-256 of the cookie token, so a database leak reveals no token.
CREATE TABLE sessions (
    id                       TEXT PRIMARY KEY,
    created_at               TIMESTAMP NOT NULL,
    last_seen_at             TIMESTAMP NOT NULL,
    expires_at               TIMESTAMP NOT NULL,
    account_id               TEXT,
    last_customer_id         TEXT,
    last_onramp_quote_id     TEXT,
    last_offramp_quote_id    TEXT,
    last_external_account_id TEXT
);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

-- +goose Down
DROP TABLE sessions;
