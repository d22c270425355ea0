-- +goose Up
-- The local mailbox keeps a message as sealed bytes (issue 31): a receipt's
-- PDF was base64 inside JSON, sealed and base64 again, 116 KB for a 65 KB
-- file. body holds the nonce and ciphertext as they are (outbox's
-- mailbox.go tells the format); body_sealed stays for the messages
-- delivered before, read as they were. SQLite cannot drop a NOT NULL, so
-- the table is made again with the rows it had.
CREATE TABLE mailbox_next (
    id           TEXT NOT NULL PRIMARY KEY,
    message_id   TEXT NOT NULL UNIQUE,
    to_addr      TEXT NOT NULL,
    subject      TEXT NOT NULL,
    body_sealed  TEXT,
    body         BLOB,
    delivered_at TIMESTAMP NOT NULL,
    CHECK (body IS NOT NULL OR body_sealed IS NOT NULL)
);
INSERT INTO mailbox_next (id, message_id, to_addr, subject, body_sealed, delivered_at)
    SELECT id, message_id, to_addr, subject, body_sealed, delivered_at FROM mailbox;
DROP TABLE mailbox;
ALTER TABLE mailbox_next RENAME TO mailbox;
CREATE INDEX mailbox_delivered ON mailbox (delivered_at);

-- +goose Down
-- The messages delivered in the new form cannot be turned back into the
-- old one by SQL: they leave the local mailbox (a copy of what was sent).
CREATE TABLE mailbox_prev (
    id           TEXT PRIMARY KEY,
    message_id   TEXT NOT NULL UNIQUE,
    to_addr      TEXT NOT NULL,
    subject      TEXT NOT NULL,
    body_sealed  TEXT NOT NULL,
    delivered_at TIMESTAMP NOT NULL
);
INSERT INTO mailbox_prev (id, message_id, to_addr, subject, body_sealed, delivered_at)
    SELECT id, message_id, to_addr, subject, body_sealed, delivered_at FROM mailbox WHERE body_sealed IS NOT NULL;
DROP TABLE mailbox;
ALTER TABLE mailbox_prev RENAME TO mailbox;
CREATE INDEX mailbox_delivered ON mailbox (delivered_at);
