-- +goose Up
-- Whether an operator holds the payment, on its own row (issue 31): the
-- read that locks a payment returns it, so applying a partner event asks
-- payment_holds nothing. holdstore.HoldPayment and ReleaseHold write it in
-- the transaction that opens or closes the hold; payment_holds stays the
-- record of who held it, when and why. True exactly while a hold is open
-- (released_at NULL).
ALTER TABLE payments ADD COLUMN on_hold BOOLEAN NOT NULL DEFAULT false;
UPDATE payments SET on_hold = true
    WHERE id IN (SELECT payment_id FROM payment_holds WHERE released_at IS NULL);

-- +goose Down
ALTER TABLE payments DROP COLUMN on_hold;
