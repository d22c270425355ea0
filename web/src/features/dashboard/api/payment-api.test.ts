import { describe, expect, it } from 'vitest';
import { SETUP_POLL_MS, setupPollInterval, type PaymentProfile, type PaymentSetup } from './payment-api';

const setup = (...statuses: string[]) => ({ profiles: statuses.map((kyc_status) => ({ kyc_status }) as PaymentProfile) }) as PaymentSetup;

describe('the payment setup while the partner verifies the payer', () => {
  it('is asked again while a profile is under review, so that an approval shows without a reload', () => {
    expect(setupPollInterval(setup('under_review'))).toBe(SETUP_POLL_MS);
    expect(setupPollInterval(setup('approved', 'under_review'))).toBe(SETUP_POLL_MS);
  });

  it('is not asked again once every profile is decided, nor before the first answer', () => {
    expect(setupPollInterval(setup('approved'))).toBe(false);
    expect(setupPollInterval(setup('approved', 'rejected'))).toBe(false);
    expect(setupPollInterval(setup())).toBe(false);
    expect(setupPollInterval(undefined)).toBe(false);
  });
});
