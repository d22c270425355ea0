-- +goose Up
-- The operations console (issue 30): operators are accounts with a role;
-- every action they take is written to an append-only audit log in the
-- same transaction as the action, and nobody can change or delete an
-- entry (the triggers refuse it). A session records when its sign-in
-- passed the second factor: the console needs one from the last 8 hours.
CREATE TABLE operators (
    account_id TEXT NOT NULL PRIMARY KEY,
    role       TEXT NOT NULL CHECK (role IN ('support', 'finance', 'admin')),
    created_at TIMESTAMP NOT NULL,
    created_by TEXT NOT NULL
);

CREATE TABLE audit_log (
    id          TEXT NOT NULL PRIMARY KEY,
    at          TIMESTAMP NOT NULL,
    actor       TEXT NOT NULL,
    actor_email TEXT NOT NULL,
    action      TEXT NOT NULL,
    object_type TEXT NOT NULL,
    object_id   TEXT NOT NULL,
    before_json TEXT NOT NULL,
    after_json  TEXT NOT NULL,
    reason      TEXT NOT NULL
);
CREATE INDEX audit_log_object ON audit_log (object_type, object_id, at);
CREATE INDEX audit_log_at ON audit_log (at);

-- +goose StatementBegin
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;
-- +goose StatementEnd

ALTER TABLE sessions ADD COLUMN second_factor_at TIMESTAMP;

-- +goose Down
ALTER TABLE sessions DROP COLUMN second_factor_at;
DROP TRIGGER audit_log_no_delete;
DROP TRIGGER audit_log_no_update;
DROP TABLE audit_log;
DROP TABLE operators;
