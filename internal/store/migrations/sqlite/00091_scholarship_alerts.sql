-- +goose Up
-- Scholarship alerts: a signed-in student's opt-in to new-match digests (at
-- most weekly) and deadline reminders, confirmed by e-mail (double opt-in)
-- and ended by one-click unsubscribe. params is a saved search's query
-- string ("" = the profile alone); seen lists the program ids already sent.
CREATE TABLE scholarship_alerts (
    id              TEXT NOT NULL PRIMARY KEY,
    account_id      TEXT NOT NULL,
    email           TEXT NOT NULL,
    lang            TEXT NOT NULL,
    params          TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('pending', 'active', 'unsubscribed')),
    seen            TEXT NOT NULL DEFAULT '[]',
    created_at      TIMESTAMP NOT NULL,
    confirmed_at    TIMESTAMP,
    unsubscribed_at TIMESTAMP,
    last_digest_at  TIMESTAMP
);
CREATE INDEX scholarship_alerts_account ON scholarship_alerts (account_id);
CREATE INDEX scholarship_alerts_status ON scholarship_alerts (status);

-- A reminder sent, once per tracked application, deadline and lead time.
CREATE TABLE scholarship_reminders (
    application_id TEXT NOT NULL,
    deadline       TEXT NOT NULL,
    days_before    INTEGER NOT NULL,
    sent_at        TIMESTAMP NOT NULL,
    PRIMARY KEY (application_id, deadline, days_before)
);

-- +goose Down
DROP TABLE scholarship_reminders;
DROP TABLE scholarship_alerts;
