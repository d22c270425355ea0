-- +goose Up
-- The embedded BlindPay-compatible sandbox's own tables (internal/bpsandbox,
-- issue 28). They stand for BlindPay's database: Crebit's code never reads
-- them, it reaches the sandbox over HTTP like the real partner. Each
-- resource keeps the JSON the API serves (body) beside the columns its
-- rules need (status, stage, uniqueness, amounts).
CREATE TABLE bpsandbox_idempotency (
    key          TEXT NOT NULL PRIMARY KEY,
    fingerprint  TEXT NOT NULL,
    status       INTEGER NOT NULL,
    response     TEXT NOT NULL,
    created_at   TIMESTAMP NOT NULL
);
CREATE TABLE bpsandbox_tos (
    id               TEXT NOT NULL PRIMARY KEY,
    idempotency_key  TEXT NOT NULL UNIQUE,
    session_token    TEXT NOT NULL UNIQUE,
    customer_id      TEXT,
    redirect_url     TEXT NOT NULL,
    tos_id           TEXT UNIQUE,
    linked_customer  TEXT UNIQUE,
    accepted_at      TIMESTAMP,
    created_at       TIMESTAMP NOT NULL
);
CREATE TABLE bpsandbox_customers (
    id          TEXT NOT NULL PRIMARY KEY,
    kyc_status  TEXT NOT NULL,
    body        TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);
CREATE TABLE bpsandbox_bank_accounts (
    id          TEXT NOT NULL PRIMARY KEY,
    customer_id TEXT NOT NULL REFERENCES bpsandbox_customers (id),
    body        TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE TABLE bpsandbox_wallets (
    id          TEXT NOT NULL PRIMARY KEY,
    customer_id TEXT NOT NULL REFERENCES bpsandbox_customers (id),
    address     TEXT NOT NULL UNIQUE,
    balance     INTEGER NOT NULL DEFAULT 0,
    body        TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE TABLE bpsandbox_quotes (
    id              TEXT NOT NULL PRIMARY KEY,
    kind            TEXT NOT NULL,
    customer_id     TEXT NOT NULL REFERENCES bpsandbox_customers (id),
    request_amount  INTEGER NOT NULL,
    expires_at      TIMESTAMP NOT NULL,
    used_by         TEXT UNIQUE,
    body            TEXT NOT NULL,
    created_at      TIMESTAMP NOT NULL
);
CREATE TABLE bpsandbox_payins (
    id          TEXT NOT NULL PRIMARY KEY,
    customer_id TEXT NOT NULL REFERENCES bpsandbox_customers (id),
    quote_id    TEXT NOT NULL UNIQUE REFERENCES bpsandbox_quotes (id),
    status      TEXT NOT NULL,
    stage       TEXT NOT NULL,
    clabe       TEXT UNIQUE,
    body        TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);
CREATE TABLE bpsandbox_payouts (
    id          TEXT NOT NULL PRIMARY KEY,
    customer_id TEXT NOT NULL REFERENCES bpsandbox_customers (id),
    quote_id    TEXT NOT NULL UNIQUE REFERENCES bpsandbox_quotes (id),
    wallet_id   TEXT NOT NULL REFERENCES bpsandbox_wallets (id),
    status      TEXT NOT NULL,
    stage       TEXT NOT NULL,
    body        TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);
CREATE TABLE bpsandbox_webhook_endpoints (
    id          TEXT NOT NULL PRIMARY KEY,
    url         TEXT NOT NULL,
    events      TEXT NOT NULL,
    secret      TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE TABLE bpsandbox_events (
    id          TEXT NOT NULL PRIMARY KEY,
    type        TEXT NOT NULL,
    object_id   TEXT NOT NULL,
    payload     TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE TABLE bpsandbox_deliveries (
    event_id      TEXT NOT NULL REFERENCES bpsandbox_events (id),
    endpoint_id   TEXT NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    last_status   INTEGER,
    delivered_at  TIMESTAMP,
    PRIMARY KEY (event_id, endpoint_id)
);

-- +goose Down
DROP TABLE bpsandbox_deliveries;
DROP TABLE bpsandbox_events;
DROP TABLE bpsandbox_webhook_endpoints;
DROP TABLE bpsandbox_payouts;
DROP TABLE bpsandbox_payins;
DROP TABLE bpsandbox_quotes;
DROP TABLE bpsandbox_wallets;
DROP TABLE bpsandbox_bank_accounts;
DROP TABLE bpsandbox_customers;
DROP TABLE bpsandbox_tos;
DROP TABLE bpsandbox_idempotency;
