-- +goose Up
-- The local mailbox keeps a message as sealed bytes (issue 31): a receipt's
-- PDF was base64 inside JSON, sealed and base64 again, 116 KB for a 65 KB
-- file. body holds the nonce and ciphertext as they are (outbox's
-- mailbox.go tells the format); body_sealed stays for the messages
-- delivered before, read as they were. Encrypted bytes never compress, so
-- PostgreSQL stores them out of line without trying to (EXTERNAL), and the
-- same for the outbox's sealed text.
ALTER TABLE mailbox ADD COLUMN body BYTEA;
ALTER TABLE mailbox ALTER COLUMN body SET STORAGE EXTERNAL;
ALTER TABLE mailbox ALTER COLUMN body_sealed DROP NOT NULL;
ALTER TABLE mailbox ADD CONSTRAINT mailbox_has_body CHECK (body IS NOT NULL OR body_sealed IS NOT NULL);
ALTER TABLE outbox ALTER COLUMN body_sealed SET STORAGE EXTERNAL;

-- +goose Down
ALTER TABLE outbox ALTER COLUMN body_sealed SET STORAGE EXTENDED;
-- The messages delivered in the new form cannot be turned back into the
-- old one by SQL: they leave the local mailbox (a copy of what was sent).
DELETE FROM mailbox WHERE body_sealed IS NULL;
ALTER TABLE mailbox DROP CONSTRAINT mailbox_has_body;
ALTER TABLE mailbox ALTER COLUMN body_sealed SET NOT NULL;
ALTER TABLE mailbox DROP COLUMN body;
