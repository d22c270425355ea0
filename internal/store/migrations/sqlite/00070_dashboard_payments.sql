-- +goose Up
-- The dashboard's Make a Payment tab (issue 12): who the payer says the
-- money is for ('University or recipient name'), kept beside the payment,
-- and the accounts that asked to hear when a mailed check can be chosen
-- there.
CREATE TABLE payment_recipients (
    payment_id  TEXT PRIMARY KEY REFERENCES payments (id),
    recipient   TEXT NOT NULL
);

CREATE TABLE check_waitlist (
    account_id  TEXT PRIMARY KEY REFERENCES accounts (id),
    country     TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE check_waitlist;
DROP TABLE payment_recipients;
