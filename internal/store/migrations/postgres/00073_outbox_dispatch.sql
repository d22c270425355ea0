-- +goose Up
-- The outbox is its own queue: a dispatcher claims the messages that are
-- due (next_attempt_at), sends them and marks them, several per
-- transaction, instead of one River job per message. claimed_until is the
-- claim's lease: a message claimed by a process that then died is due
-- again once it passes. Messages waiting when this runs are due at once
-- (their River jobs, if any are left, now do nothing).
ALTER TABLE outbox ADD COLUMN next_attempt_at TIMESTAMPTZ;
ALTER TABLE outbox ADD COLUMN claimed_until TIMESTAMPTZ;
UPDATE outbox SET next_attempt_at = created_at WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;

-- +goose Down
DROP INDEX outbox_due;
ALTER TABLE outbox DROP COLUMN claimed_until;
ALTER TABLE outbox DROP COLUMN next_attempt_at;
