-- +goose Up
-- Browsers that have signed in to an account (OWASP's device cookie): the
-- SHA-256 of a random token the browser keeps in its crebit_device cookie.
-- A sign-in from a known device counts its failures apart from everyone
-- else's, so a stranger's wrong guesses never lock the owner out of a
-- browser they have used before.
CREATE TABLE account_devices (
    account_id   TEXT NOT NULL,
    device_hash  TEXT NOT NULL,
    created_at   TIMESTAMP NOT NULL,
    last_used_at TIMESTAMP NOT NULL,
    PRIMARY KEY (account_id, device_hash)
);
CREATE INDEX account_devices_device ON account_devices (device_hash);

-- +goose Down
DROP TABLE account_devices;
