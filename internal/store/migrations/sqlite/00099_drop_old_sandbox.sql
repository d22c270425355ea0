-- +goose Up
-- The invented partner API's embedded sandbox (internal/sandbox) was removed
-- with CREBIT_PARTNER=sandbox and http (issue 28): the embedded partner is
-- the BlindPay-compatible one (bpsandbox_* tables). Its tables go; its
-- queued jobs are forgotten when the server starts (store.ForgetRemovedSandboxJobs).
DROP TABLE sandbox_events;
DROP TABLE sandbox_webhook_endpoints;
DROP TABLE sandbox_payins;
DROP TABLE sandbox_quotes;
DROP TABLE sandbox_external_accounts;
DROP TABLE sandbox_wallets;
DROP TABLE sandbox_customers;
DROP TABLE sandbox_idempotency;

-- +goose Down
CREATE TABLE sandbox_idempotency (
    key           TEXT NOT NULL,
    path          TEXT NOT NULL,
    request_hash  TEXT NOT NULL,
    status        INTEGER NOT NULL,
    response      TEXT NOT NULL,
    created_at    TIMESTAMP NOT NULL,
    PRIMARY KEY (key, path)
);
CREATE TABLE sandbox_customers (
    id          TEXT PRIMARY KEY,
    kyc_status  TEXT NOT NULL,
    country     TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE TABLE sandbox_wallets (
    id          TEXT PRIMARY KEY,
    customer_id TEXT NOT NULL REFERENCES sandbox_customers (id),
    address     TEXT NOT NULL UNIQUE,
    created_at  TIMESTAMP NOT NULL
);
CREATE TABLE sandbox_external_accounts (
    id          TEXT PRIMARY KEY,
    customer_id TEXT NOT NULL REFERENCES sandbox_customers (id),
    bank_name   TEXT NOT NULL,
    last4       TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE TABLE sandbox_quotes (
    id          TEXT PRIMARY KEY,
    symbol      TEXT NOT NULL,
    side        TEXT NOT NULL,
    quotation   TEXT NOT NULL,
    fee_bps     INTEGER NOT NULL,
    expires_at  TIMESTAMP NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE TABLE sandbox_payins (
    id               TEXT PRIMARY KEY,
    customer_id      TEXT NOT NULL REFERENCES sandbox_customers (id),
    method           TEXT NOT NULL,
    amount           TEXT NOT NULL,
    currency         TEXT NOT NULL,
    amount_usd       TEXT NOT NULL,
    delivery         TEXT NOT NULL,
    reference        TEXT NOT NULL,
    status           TEXT NOT NULL,
    clabe            TEXT UNIQUE,
    pix_code         TEXT,
    offramp_id       TEXT,
    offramp_status   TEXT,
    tracking_number  TEXT,
    expires_at       TIMESTAMP NOT NULL,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL,
    refunded_amount  TEXT,
    refunded_currency TEXT
);
CREATE TABLE sandbox_webhook_endpoints (
    id          TEXT PRIMARY KEY,
    url         TEXT NOT NULL,
    secret      TEXT NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);
CREATE TABLE sandbox_events (
    id           TEXT PRIMARY KEY,
    payin_id     TEXT NOT NULL REFERENCES sandbox_payins (id),
    type         TEXT NOT NULL,
    payload      TEXT NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    delivered_at TIMESTAMP,
    created_at   TIMESTAMP NOT NULL
);
