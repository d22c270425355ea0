-- +goose Up
-- Accounts: e-mail (trimmed, lower-cased, unique) and an argon2id hash whose
-- parameters are in the PHC string itself, so they can be raised later.
CREATE TABLE accounts (
    id                TEXT PRIMARY KEY,
    email             TEXT NOT NULL UNIQUE,
    password_hash     TEXT NOT NULL,
    email_verified_at TIMESTAMPTZ,
    totp_secret       TEXT,      -- sealed; set at enrolment
    totp_enabled_at   TIMESTAMPTZ, -- on only after a valid code
    totp_last_step    BIGINT NOT NULL DEFAULT 0, -- no code is accepted twice
    created_at        TIMESTAMPTZ NOT NULL,
    updated_at        TIMESTAMPTZ NOT NULL
);

-- Single-use tokens (e-mail verification, password reset, the pending
-- two-factor step): only a SHA-256 of the token is stored.
CREATE TABLE account_tokens (
    hash       TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    purpose    TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);
CREATE INDEX account_tokens_account ON account_tokens (account_id, purpose);

-- Two-factor recovery codes, hashed, each usable once.
CREATE TABLE recovery_codes (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    hash       TEXT NOT NULL,
    used_at    TIMESTAMPTZ,
    PRIMARY KEY (account_id, hash)
);

-- Attempt limits kept in the database so they hold across instances: a
-- per-account failure count with a lock-out time, and per-key windows.
CREATE TABLE auth_limits (
    key          TEXT PRIMARY KEY,
    failures     BIGINT NOT NULL,
    window_start TIMESTAMPTZ NOT NULL,
    locked_until TIMESTAMPTZ
);

CREATE INDEX sessions_account ON sessions (account_id);
CREATE INDEX quotes_session ON quotes (session_id);
CREATE INDEX customers_account ON customers (account_id);

-- +goose Down
DROP INDEX customers_account;
DROP INDEX quotes_session;
DROP INDEX sessions_account;
DROP TABLE auth_limits;
DROP TABLE recovery_codes;
DROP TABLE account_tokens;
DROP TABLE accounts;
