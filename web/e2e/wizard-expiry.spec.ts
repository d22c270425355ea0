// Quotes and payment windows last 20 seconds on this spec's server, so expiry
// is tested without waiting 5 minutes; every other wizard test keeps the
// real 5 minutes, so a slow machine never expires a quote it means to pay.
import { test, expect, shot, expectAccessible } from './fixtures';
import { stepHeading, toAmountStep } from './wizard-helpers';

test.use({ serverEnv: { CREBIT_QUOTE_TTL: '20s' } });

test.describe('wizard expiry', () => {
  test('the quote expires on step 5; Get New Quote recovers', async ({ page }) => {
    await toAmountStep(page, 'expiry5@example.com');
    await page.getByLabel('Amount in USD').fill('100');
    await page.getByRole('button', { name: 'Get Locked Quote' }).click();
    await expect(stepHeading(page, 'Payment Authorization Agreement')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/Quote expires in 0:(1\d|20)/);
    await expect(page.getByRole('timer')).toHaveAttribute('data-warning', 'true');
    await page.getByLabel('I have read and agree to this payment authorization.').check();

    const dialog = page.getByRole('dialog', { name: 'Quote Expired' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await shot(page, 'wizard-error-quote-expired');
    await expectAccessible(page, 'quote expired dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Closed, the expired quote still cannot be used.
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Get New Quote' }).click();

    await expect(stepHeading(page, 'Payment Amount and Method')).toBeVisible();
    await expect(page.getByLabel('Amount in USD')).toHaveValue('100');
    await page.getByRole('button', { name: 'Get Locked Quote' }).click();
    await expect(stepHeading(page, 'Payment Authorization Agreement')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/Quote expires in 0:(1\d|20)/);
    // The signature and the checkbox were cleared with the old quote.
    await expect(page.getByLabel('I have read and agree to this payment authorization.')).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();
  });

  test('the payment window ends on step 6: back to step 4', async ({ page }) => {
    await toAmountStep(page, 'expiry6@example.com');
    await page.getByLabel('Amount in USD').fill('100');
    await page.getByRole('button', { name: 'Get Locked Quote' }).click();
    await page.getByLabel('I have read and agree to this payment authorization.').check();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(stepHeading(page, 'Complete Your PIX Payment')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Quote Expired' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(stepHeading(page, 'Payment Amount and Method')).toBeVisible();
  });

});
