-- +goose Up
-- The console reads the audit log a page at a time by (at, id), newest
-- first (issue 30): the indexes carry the id so that a page continues after
-- the last entry it showed, even among entries written in the same instant.
DROP INDEX audit_log_object;
DROP INDEX audit_log_at;
CREATE INDEX audit_log_object ON audit_log (object_type, object_id, at, id);
CREATE INDEX audit_log_at ON audit_log (at, id);

-- +goose Down
DROP INDEX audit_log_object;
DROP INDEX audit_log_at;
CREATE INDEX audit_log_object ON audit_log (object_type, object_id, at);
CREATE INDEX audit_log_at ON audit_log (at);
