-- +goose Up
-- A partner that asks the payer to accept its terms before registering
-- them (BlindPay, issue 28): each started acceptance, keyed by the key the
-- partner echoes in its acceptance event, with the session it belongs to
-- and, once the partner confirmed it, the terms id a customer is made with.
CREATE TABLE partner_terms (
    key         TEXT PRIMARY KEY NOT NULL,
    session_id  TEXT NOT NULL,
    tos_id      TEXT,
    created_at  TIMESTAMPTZ NOT NULL,
    accepted_at TIMESTAMPTZ,
    -- the customer made with this acceptance (one acceptance, one customer)
    customer_id TEXT
);
CREATE INDEX partner_terms_session ON partner_terms (session_id, created_at);
-- The payer's language when the profile was made: the partner's verdict
-- comes later, by e-mail in that language.
ALTER TABLE customers ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
-- Payout webhooks name only the payout: its payment is found by it.
CREATE INDEX payments_offramp_id ON payments (offramp_id);

-- +goose Down
DROP INDEX payments_offramp_id;
ALTER TABLE customers DROP COLUMN lang;
DROP TABLE partner_terms;
