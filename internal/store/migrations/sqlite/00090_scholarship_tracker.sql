-- +goose Up
-- The scholarship tracker: programs a signed-in student saved, where each
-- application stands (interested, preparing, submitted, awarded,
-- not_awarded), the student's own deadline, notes, and which of the
-- record's requirements are done (documents: JSON array of indexes).
CREATE TABLE scholarship_applications (
    id         TEXT NOT NULL PRIMARY KEY,
    account_id TEXT NOT NULL,
    program_id TEXT NOT NULL,
    status     TEXT NOT NULL CHECK (status IN ('interested', 'preparing', 'submitted', 'awarded', 'not_awarded')),
    deadline   TEXT,
    notes      TEXT NOT NULL DEFAULT '',
    documents  TEXT NOT NULL DEFAULT '[]',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (account_id, program_id)
);

-- +goose Down
DROP TABLE scholarship_applications;
