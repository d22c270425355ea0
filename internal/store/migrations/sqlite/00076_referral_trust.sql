-- +goose Up
-- Issue 25: a referral reward goes only to a referral of a different person.
-- The evidence the rules read: the device token (SHA-256) of the browser
-- that authorised a payment, a keyed hash of the address a sign-in came
-- from, and, on each reward, the referred person's tax id (keyed hash: one
-- reward per person, whatever e-mail they use) and why it waits for review
-- or was refused.
ALTER TABLE payment_authorizations ADD COLUMN device_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE signin_events ADD COLUMN ip_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE referral_rewards ADD COLUMN referred_tax_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE referral_rewards ADD COLUMN review_reason TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX referral_rewards_person ON referral_rewards (referred_tax_hash) WHERE referred_tax_hash <> '';
CREATE INDEX referral_rewards_created ON referral_rewards (referrer_customer_id, created_at);

-- +goose Down
DROP INDEX referral_rewards_created;
DROP INDEX referral_rewards_person;
ALTER TABLE referral_rewards DROP COLUMN review_reason;
ALTER TABLE referral_rewards DROP COLUMN referred_tax_hash;
ALTER TABLE signin_events DROP COLUMN ip_hash;
ALTER TABLE payment_authorizations DROP COLUMN device_hash;
