-- +goose Up
-- Fixed-window request counters shared by every instance: one row per key
-- (e.g. "quote:ip:203.0.113.7") and window.
CREATE TABLE rate_limits (
    key          TEXT NOT NULL,
    window_start TIMESTAMPTZ NOT NULL,
    hits         BIGINT NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_limits_expires ON rate_limits (expires_at);

-- +goose Down
DROP TABLE rate_limits;
