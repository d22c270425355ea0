-- +goose Up
-- The console's Explain (issue 30): every call Crebit made to the partner,
-- the webhooks received with their headers, and the e-mails each payment
-- sent, each tied to the payment (or customer, bank account, quote) it
-- was about.
CREATE TABLE partner_calls (
    id           INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    at           TIMESTAMP NOT NULL,
    object_id    TEXT NOT NULL,
    operation    TEXT NOT NULL,
    idem_key     TEXT NOT NULL,
    outcome      TEXT NOT NULL,
    duration_ms  INTEGER NOT NULL,
    request      TEXT NOT NULL,
    response     TEXT NOT NULL
);
CREATE INDEX partner_calls_object ON partner_calls (object_id, id);
ALTER TABLE webhook_events ADD COLUMN headers TEXT NOT NULL DEFAULT '';
ALTER TABLE webhook_events ADD COLUMN payment_id TEXT;
CREATE INDEX webhook_events_payment ON webhook_events (payment_id);
ALTER TABLE outbox ADD COLUMN object_id TEXT;
CREATE INDEX outbox_object ON outbox (object_id);

-- +goose Down
DROP INDEX outbox_object;
ALTER TABLE outbox DROP COLUMN object_id;
DROP INDEX webhook_events_payment;
ALTER TABLE webhook_events DROP COLUMN payment_id;
ALTER TABLE webhook_events DROP COLUMN headers;
DROP TABLE partner_calls;
