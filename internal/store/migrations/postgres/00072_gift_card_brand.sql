-- +goose Up
-- The referrer chooses the gift card of an earned reward (issue 13); an
-- operator sends it later, so the reward stays 'earned' until then.
ALTER TABLE referral_rewards ADD COLUMN gift_card_brand TEXT;

-- +goose Down
ALTER TABLE referral_rewards DROP COLUMN gift_card_brand;
