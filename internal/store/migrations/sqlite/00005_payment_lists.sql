-- +goose Up
-- Lists of an account's or a session's payments, newest first (the dashboard).
CREATE INDEX payments_account_created ON payments (account_id, created_at);
CREATE INDEX payments_session_created ON payments (session_id, created_at);
DROP INDEX payments_session;

-- +goose Down
CREATE INDEX payments_session ON payments (session_id);
DROP INDEX payments_session_created;
DROP INDEX payments_account_created;
