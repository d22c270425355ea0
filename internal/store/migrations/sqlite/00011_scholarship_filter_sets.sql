-- +goose Up
-- Saved Advanced Filters of the scholarship search (params is the search's
-- query string), owned like scholarship_profiles.
CREATE TABLE scholarship_filter_sets (
    id         TEXT PRIMARY KEY,
    session_id TEXT REFERENCES sessions (id) ON DELETE CASCADE,
    account_id TEXT,
    name       TEXT NOT NULL,
    params     TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    CHECK (session_id IS NOT NULL OR account_id IS NOT NULL)
);
CREATE INDEX scholarship_filter_sets_session ON scholarship_filter_sets (session_id);
CREATE INDEX scholarship_filter_sets_account ON scholarship_filter_sets (account_id);

-- +goose Down
DROP TABLE scholarship_filter_sets;
