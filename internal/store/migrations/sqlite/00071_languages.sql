-- +goose Up
-- E-mails in the payer's language (issue 15): the language an account
-- chose (NULL until it chooses), and the language the payer read the
-- payment authorization in, which the payment's e-mails then use.
ALTER TABLE accounts ADD COLUMN lang TEXT;
ALTER TABLE payment_authorizations ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';

-- +goose Down
ALTER TABLE payment_authorizations DROP COLUMN lang;
ALTER TABLE accounts DROP COLUMN lang;
