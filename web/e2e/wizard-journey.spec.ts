// Issue 16: where a first-time payer stumbled — amounts, dates, Back/Forward,
// reload, carry-over, failure and completion — at 1280 and 360 px.
import type { Page } from '@playwright/test';
import { test, expect, shot, expectAccessible } from './fixtures';
import { brazilPerson, fillPersonal, stepHeading, toAmountStep, toasts, waitForQuote } from './wizard-helpers';

/** noOverlap fails when a toast's box meets a field, a code, an amount or a primary button. */
async function expectToastsClear(page: Page) {
  const boxes = await toasts(page).locator('li').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
  const targets = await page
    .locator('main input, main textarea, main button, main [data-testid="transaction-id"], main dd, main [role="timer"]')
    .evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.getBoundingClientRect().toJSON()));
  for (const t of boxes) {
    for (const f of targets) {
      const overlap = t.left < f.right && f.left < t.right && t.top < f.bottom && f.top < t.bottom;
      expect(overlap, `toast ${JSON.stringify(t)} covers ${JSON.stringify(f)}`).toBe(false);
    }
  }
}

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('/quote reads 150.75 as typed, explains 0, and carries the amount into step 4', async ({ page }) => {
      await page.goto('/quote');
      const amount = page.getByLabel('Amount in USD');
      await amount.fill('0');
      await page.getByRole('button', { name: 'Get Live Rate' }).click();
      await expect(page.getByText('Enter an amount greater than 0', { exact: false })).toBeVisible();
      await amount.fill('150.75');
      const quote = waitForQuote(page);
      await page.getByRole('button', { name: 'Get Live Rate' }).click();
      expect(JSON.parse((await quote).request().postData() ?? '{}')).toMatchObject({ amount_usd: 150.75 });
      await expect(page.getByRole('link', { name: 'Continue to Payment' })).toHaveAttribute('href', '/get-started?amount=150.75');
      await toAmountStep(page, `carry-${width}@example.com`, '/get-started?amount=7300');
      await expect(page.getByLabel('Amount in USD')).toHaveValue('7300.00');
    });

    test('the calculator\'s amount goes on through country selection to the wizard', async ({ page }) => {
      // The live rates first: when they arrive the calculator recomputes its boxes.
      const rates = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/rates');
      await page.goto('/foreign-exchange');
      await rates;
      await expect(page.locator('[aria-busy="false"]').filter({ has: page.getByLabel('You receive') })).toBeVisible();
      await page.getByLabel('You receive').fill('2500');
      await page.getByRole('link', { name: 'CONVERT CURRENCY' }).click();
      await expect(page).toHaveURL(/\/country-selection$/);
      await expect(page.getByRole('link', { name: /Brazil/ }).first()).toHaveAttribute('href', '/get-started?amount=2500.00');
      await expect(page.getByRole('link', { name: /Mexico/ }).first()).toHaveAttribute('href', '/get-started-mexico?amount=2500.00');
    });

    test('the date of birth says its format and is refused under the field before sending', async ({ page }) => {
      let sent = 0;
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/create-customer') sent++;
      });
      await page.goto('/get-started');
      const dob = page.getByLabel('Date of Birth');
      await expect(dob).toHaveAttribute('placeholder', 'YYYY-MM-DD');
      await dob.fill('25/12/1990');
      await expect(dob).toHaveValue('1990-12-25');
      await fillPersonal(page, { ...brazilPerson, dob: '2015-06-01', email: `young-${width}@example.com` }, 'Tax ID (CPF)');
      await page.getByRole('button', { name: 'Continue to Delivery Method' }).click();
      await expect(dob).toHaveAccessibleDescription(/The payer must be at least 18 years old/);
      await expect(stepHeading(page, 'Individual Information')).toBeVisible();
      await shot(page, `journey-dob-${width}`);
      await expectToastsClear(page);
      expect(sent).toBe(0);
    });

    test('Back and Forward move between steps; a reload keeps the step', async ({ page }) => {
      await page.goto('/get-started');
      await fillPersonal(page, { ...brazilPerson, email: `history-${width}@example.com` }, 'Tax ID (CPF)');
      await page.getByRole('button', { name: 'Continue to Delivery Method' }).click();
      await expect(stepHeading(page, 'Choose Delivery Method')).toBeVisible();
      await expect(page).toHaveURL(/step=2/);
      await page.goBack();
      await expect(stepHeading(page, 'Individual Information')).toBeVisible();
      await expect(page).toHaveURL(/\/get-started/);
      await page.goForward();
      await expect(stepHeading(page, 'Choose Delivery Method')).toBeVisible();
      await page.reload();
      await expect(stepHeading(page, 'Choose Delivery Method')).toBeVisible();
      await expect(page.getByText('Step 2 of 7')).toBeVisible();
    });

    test('a failed payment hides the instructions; a completed one offers the next steps and does not come back', async ({ page }) => {
      await toAmountStep(page, `failed-${width}@example.com`);
      await page.getByLabel('Amount in USD').fill('100');
      await page.getByRole('button', { name: 'Get Locked Quote' }).click();
      await page.getByLabel('I have read and agree to this payment authorization.').check();
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      await expect(stepHeading(page, 'Complete Your PIX Payment')).toBeVisible();
      await shot(page, `journey-step6-${width}`);
      await expectToastsClear(page);
      await page.getByRole('button', { name: 'Simulate failure' }).click();
      await expect(page.getByText('The payment failed. No money was converted.', { exact: false })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByLabel('Pix copia e cola code')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Copy Address' })).toHaveCount(0);
      await expect(page.getByRole('timer')).toHaveCount(0);
      await expect(page.locator('[data-stage-state="failed"]')).toHaveCount(1);
      await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', /mailto:.*subject=Payment/);
      await shot(page, `journey-failed-${width}`);
      await expectToastsClear(page);
      await expectAccessible(page, 'failed payment');

      // A new quote with the same details, paid this time.
      await page.getByRole('button', { name: 'Get New Quote' }).click();
      await page.getByLabel('Amount in USD').fill('100');
      await page.getByRole('button', { name: 'Get Locked Quote' }).click();
      await page.getByLabel('I have read and agree to this payment authorization.').check();
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      await page.getByRole('button', { name: 'Simulate payment' }).click();
      await expect(stepHeading(page, 'Payment Received')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
      // Step 7 follows the real state: delivered, so no "we convert your payment".
      await expect(page.getByText('We convert your payment to US dollars', { exact: false })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Copy transaction ID' })).toBeVisible();
      await shot(page, `journey-step7-${width}`);
      await expectToastsClear(page);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(stepHeading(page, 'Transfer Complete')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Track this payment' })).toBeVisible();
      await shot(page, `journey-step8-${width}`);
      await expectAccessible(page, 'step 8');
      await page.getByRole('button', { name: 'Start another payment' }).click();
      await expect(stepHeading(page, 'Individual Information')).toBeVisible();
      await page.goto('/');
      await page.goto('/get-started');
      await expect(stepHeading(page, 'Individual Information')).toBeVisible();
      await expect(page.getByLabel('First Name')).toHaveValue('');
    });
  });
}
