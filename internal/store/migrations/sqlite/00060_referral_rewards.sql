-- +goose Up
-- Referrals that pay out (issue 13). A payer's personal code is recorded
-- when their first invitation goes out; a browser that arrives with a code
-- remembers it (and keeps it when it signs in); the referred person's first
-- completed payment earns the referrer one reward, once per person.
CREATE TABLE referral_codes (
    code        TEXT PRIMARY KEY,
    customer_id TEXT NOT NULL UNIQUE REFERENCES customers (id),
    created_at  TIMESTAMP NOT NULL
);

CREATE TABLE referral_arrivals (
    session_id  TEXT PRIMARY KEY,
    account_id  TEXT,
    code        TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX referral_arrivals_account ON referral_arrivals (account_id);

CREATE TABLE referral_rewards (
    id                   TEXT PRIMARY KEY,
    code                 TEXT NOT NULL,
    referrer_customer_id TEXT NOT NULL REFERENCES customers (id),
    referred_email       TEXT NOT NULL UNIQUE,
    payment_id           TEXT NOT NULL UNIQUE REFERENCES payments (id),
    amount_usd           TEXT NOT NULL,
    status               TEXT NOT NULL,
    created_at           TIMESTAMP NOT NULL
);
CREATE INDEX referral_rewards_referrer ON referral_rewards (referrer_customer_id);

-- +goose Down
DROP TABLE referral_rewards;
DROP TABLE referral_arrivals;
DROP TABLE referral_codes;
