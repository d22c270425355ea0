-- +goose Up
-- The operations console (issue 30): operators are accounts with a role;
-- every action they take is written to an append-only audit log in the
-- same transaction as the action, and nobody can change, delete or
-- truncate an entry (the triggers refuse it). A session records when its
-- sign-in passed the second factor: the console needs one from the last
-- 8 hours.
CREATE TABLE operators (
    account_id TEXT NOT NULL PRIMARY KEY,
    role       TEXT NOT NULL CHECK (role IN ('support', 'finance', 'admin')),
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL
);

CREATE TABLE audit_log (
    id          TEXT NOT NULL PRIMARY KEY,
    at          TIMESTAMPTZ NOT NULL,
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
CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

ALTER TABLE sessions ADD COLUMN second_factor_at TIMESTAMPTZ;

-- +goose Down
ALTER TABLE sessions DROP COLUMN second_factor_at;
DROP TRIGGER audit_log_no_truncate ON audit_log;
DROP TRIGGER audit_log_no_change ON audit_log;
DROP FUNCTION audit_log_append_only();
DROP TABLE audit_log;
DROP TABLE operators;
