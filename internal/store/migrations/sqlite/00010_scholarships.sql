-- +goose Up
-- The scholarship catalog as imported from the records shipped in the
-- binary (internal/scholarship/catalog), one row per program; record is the
-- validated JSON.
CREATE TABLE scholarship_programs (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    provider    TEXT NOT NULL,
    verified_at TEXT NOT NULL,
    record      TEXT NOT NULL,
    imported_at TIMESTAMP NOT NULL
);

-- A student's Quick Match profile and eligibility form (JSON), owned by a
-- guest session until sign-up or sign-in moves it to the account. They hold
-- self-identified affinity answers: read only by their owner and by matching.
-- A guest's profile goes with its session when the session expires.
CREATE TABLE scholarship_profiles (
    id          TEXT PRIMARY KEY,
    session_id  TEXT UNIQUE REFERENCES sessions (id) ON DELETE CASCADE,
    account_id  TEXT UNIQUE,
    quick_match TEXT,
    eligibility TEXT,
    updated_at  TIMESTAMP NOT NULL,
    CHECK (session_id IS NOT NULL OR account_id IS NOT NULL)
);

-- +goose Down
DROP TABLE scholarship_profiles;
DROP TABLE scholarship_programs;
