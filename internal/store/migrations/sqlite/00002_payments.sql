-- +goose Up
-- Customers verified by the partner. The tax id is kept as a keyed hash (to
-- find a returning customer) and sealed (AES-GCM); never in plain text.
CREATE TABLE customers (
    id                  TEXT PRIMARY KEY,
    partner_customer_id TEXT NOT NULL,
    session_id          TEXT NOT NULL,
    account_id          TEXT,
    country             TEXT NOT NULL,
    first_name          TEXT NOT NULL,
    last_name           TEXT NOT NULL,
    email               TEXT NOT NULL,
    phone               TEXT NOT NULL,
    date_of_birth       TEXT NOT NULL,
    tax_id_type         TEXT NOT NULL,
    tax_id_hash         TEXT NOT NULL,
    tax_id_sealed       TEXT NOT NULL,
    street              TEXT NOT NULL,
    city                TEXT NOT NULL,
    state               TEXT NOT NULL,
    postal_code         TEXT NOT NULL,
    address_country     TEXT NOT NULL,
    kyc_status          TEXT NOT NULL,
    wallet_id           TEXT,
    wallet_address      TEXT,
    created_at          TIMESTAMP NOT NULL,
    updated_at          TIMESTAMP NOT NULL
);
CREATE INDEX customers_tax_id_hash ON customers (tax_id_hash);
CREATE INDEX customers_session ON customers (session_id);
-- Not unique: a partner that recognises a returning tax id answers with the
-- same customer, and each session still gets its own Crebit customer.
CREATE INDEX customers_partner ON customers (partner_customer_id);

-- US bank accounts. The number is sealed; only its last 4 digits are readable.
CREATE TABLE external_accounts (
    id                  TEXT PRIMARY KEY,
    partner_account_id  TEXT NOT NULL UNIQUE,
    customer_id         TEXT NOT NULL REFERENCES customers (id),
    account_name        TEXT NOT NULL,
    beneficiary_name    TEXT NOT NULL,
    bank_name           TEXT NOT NULL,
    routing_number      TEXT NOT NULL,
    account_last4       TEXT NOT NULL,
    account_sealed      TEXT NOT NULL,
    account_hash        TEXT NOT NULL,
    street              TEXT NOT NULL,
    city                TEXT NOT NULL,
    state               TEXT NOT NULL,
    postal_code         TEXT NOT NULL,
    country             TEXT NOT NULL,
    created_at          TIMESTAMP NOT NULL
);
CREATE INDEX external_accounts_customer ON external_accounts (customer_id);

-- A locked quote: the on-ramp/off-ramp pair and the exact amounts the payer
-- was promised. Amounts are integer minor units; rates exact decimal text.
CREATE TABLE quotes (
    id                 TEXT PRIMARY KEY,
    session_id         TEXT NOT NULL,
    symbol             TEXT NOT NULL,
    local_currency     TEXT NOT NULL,
    amount_usd         INTEGER NOT NULL,
    total_local        INTEGER NOT NULL,
    total_fees_usd     INTEGER NOT NULL,
    usdc_amount        INTEGER NOT NULL,
    gross_usd          INTEGER NOT NULL,
    effective_rate     TEXT NOT NULL,
    onramp_id          TEXT NOT NULL UNIQUE,
    onramp_quotation   TEXT NOT NULL,
    offramp_id         TEXT NOT NULL UNIQUE,
    offramp_quotation  TEXT NOT NULL,
    created_at         TIMESTAMP NOT NULL,
    expires_at         TIMESTAMP NOT NULL
);

CREATE TABLE payments (
    id                  TEXT PRIMARY KEY,
    session_id          TEXT NOT NULL,
    account_id          TEXT,
    idempotency_key     TEXT,
    request_hash        TEXT NOT NULL,
    quote_id            TEXT NOT NULL REFERENCES quotes (id),
    customer_id         TEXT NOT NULL REFERENCES customers (id),
    external_account_id TEXT REFERENCES external_accounts (id),
    method              TEXT NOT NULL,
    delivery            TEXT NOT NULL,
    state               TEXT NOT NULL,
    local_currency      TEXT NOT NULL,
    amount_local        INTEGER NOT NULL,
    amount_usd          INTEGER NOT NULL,
    total_fees_usd      INTEGER NOT NULL,
    usdc_amount         INTEGER NOT NULL,
    gross_usd           INTEGER NOT NULL,
    effective_rate      TEXT NOT NULL,
    sender_name         TEXT NOT NULL,
    partner_payin_id    TEXT UNIQUE,
    deposit_address     TEXT,
    pix_code            TEXT,
    deposit_bank_name   TEXT,
    beneficiary_name    TEXT,
    offramp_id          TEXT,
    offramp_status      TEXT,
    tracking_number     TEXT,
    check_details       TEXT,
    failure_reason      TEXT,
    expires_at          TIMESTAMP NOT NULL,
    created_at          TIMESTAMP NOT NULL,
    updated_at          TIMESTAMP NOT NULL
);
-- A quote pays for one payment; a failed attempt frees it for a retry.
CREATE UNIQUE INDEX payments_quote_live ON payments (quote_id) WHERE state <> 'failed';
CREATE UNIQUE INDEX payments_idempotency ON payments (session_id, idempotency_key);
CREATE INDEX payments_session ON payments (session_id);

-- Every state a payment entered, with when and why (the /track timeline).
CREATE TABLE payment_events (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    payment_id  TEXT NOT NULL REFERENCES payments (id),
    state       TEXT NOT NULL,
    source      TEXT NOT NULL,
    occurred_at TIMESTAMP NOT NULL
);
CREATE INDEX payment_events_payment ON payment_events (payment_id);

-- The step-5 authorization, kept as evidence with the payment.
CREATE TABLE payment_authorizations (
    payment_id        TEXT PRIMARY KEY REFERENCES payments (id),
    accepted_at       TIMESTAMP NOT NULL,
    client_signed_at  TEXT,
    ip                TEXT NOT NULL,
    user_agent        TEXT NOT NULL,
    signer_name       TEXT NOT NULL,
    school_name       TEXT NOT NULL,
    amount_usd        INTEGER NOT NULL,
    amount_local      INTEGER NOT NULL,
    local_currency    TEXT NOT NULL,
    delivery          TEXT NOT NULL,
    onramp_quote_id   TEXT NOT NULL,
    offramp_quote_id  TEXT NOT NULL
);

-- Partner webhooks, recorded once under their id before processing.
CREATE TABLE webhook_events (
    id           TEXT PRIMARY KEY,
    type         TEXT NOT NULL,
    payload      TEXT NOT NULL,
    received_at  TIMESTAMP NOT NULL,
    processed_at TIMESTAMP,
    outcome      TEXT
);

-- Double-entry ledger: a transaction's entries sum to zero per currency;
-- balances are kept in the same database transaction as the entries.
CREATE TABLE ledger_transactions (
    id          TEXT PRIMARY KEY,
    kind        TEXT NOT NULL,
    payment_id  TEXT,
    created_at  TIMESTAMP NOT NULL
);
CREATE TABLE ledger_entries (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    transaction_id TEXT NOT NULL REFERENCES ledger_transactions (id),
    account        TEXT NOT NULL,
    currency       TEXT NOT NULL,
    delta          INTEGER NOT NULL
);
CREATE INDEX ledger_entries_tx ON ledger_entries (transaction_id);
CREATE TABLE ledger_balances (
    account   TEXT NOT NULL,
    currency  TEXT NOT NULL,
    balance   INTEGER NOT NULL,
    PRIMARY KEY (account, currency)
);

-- Friends a payer refers; each gets one invitation.
CREATE TABLE referrals (
    id          TEXT PRIMARY KEY,
    session_id  TEXT NOT NULL,
    customer_id TEXT NOT NULL REFERENCES customers (id),
    email       TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    UNIQUE (customer_id, email)
);

-- Product-update subscribers from the landing page; stored once per address.
CREATE TABLE subscribers (
    email       TEXT PRIMARY KEY,
    source      TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);

-- Confirmations of the standalone /payment-authorization agreement.
CREATE TABLE authorization_consents (
    id          TEXT PRIMARY KEY,
    session_id  TEXT NOT NULL,
    ip          TEXT NOT NULL,
    user_agent  TEXT NOT NULL,
    accepted_at TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE authorization_consents;
DROP TABLE subscribers;
DROP TABLE referrals;
DROP TABLE ledger_balances;
DROP TABLE ledger_entries;
DROP TABLE ledger_transactions;
DROP TABLE webhook_events;
DROP TABLE payment_authorizations;
DROP TABLE payment_events;
DROP TABLE payments;
DROP TABLE quotes;
DROP TABLE external_accounts;
DROP TABLE customers;
