import { test, expect, shot, expectAccessible } from './fixtures';
import { clabeCheckDigitValid, expectToast, fillBank, fillPersonal, mexicoPerson, stepHeading, toAuthorizationStep, waitForApi } from './wizard-helpers';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('Mexico wizard, steps 1 to 5: the form, Coming Soon checks, SPEI, the effective rate', async ({ page }) => {
  await page.goto('/get-started-mexico');
  await expect(stepHeading(page, 'Individual Information')).toBeVisible();
  await expect(page.getByLabel('Country of Citizenship').locator('option')).toHaveText(['Mexico']);
  await expect(page.getByLabel('Document Type').locator('option')).toHaveText(['CURP']);
  await fillPersonal(page, mexicoPerson, 'Tax ID (CURP)');
  await shot(page, 'wizard-mx-step-1');
  await expectAccessible(page, 'mx step 1');
  await page.getByRole('button', { name: 'Continue to Delivery Method' }).click();

  // Step 2: Mail Check to School is Coming Soon, with a waitlist mail link.
  await expect(stepHeading(page, 'Choose Delivery Method')).toBeVisible();
  const check = page.getByLabel('Mail Check to School');
  await expect(check).toBeDisabled();
  await expect(page.getByText('Coming Soon', { exact: true })).toBeVisible();
  await expect(page.getByText('5-7 business days, full tracking. Coming soon.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join Waitlist' })).toHaveAttribute('href', /^mailto:/);
  await page.getByLabel('USD to Your US Bank Account').check();
  await fillBank(page, 'Juan Pérez');
  await shot(page, 'wizard-mx-step-2');
  await expectAccessible(page, 'mx step 2');
  await page.getByRole('button', { name: 'Continue to Payment Details' }).click();
  await expectToast(page, 'External Account Saved');

  // Step 4: SPEI is the method.
  await expect(stepHeading(page, 'Payment Amount and Method')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'SPEI' })).toBeChecked();
  await expect(page.getByText('SPEI payments arrive the same business day.')).toBeVisible();
  await page.getByLabel('Amount in USD').fill('120.50');
  await shot(page, 'wizard-mx-step-4');
  await expectAccessible(page, 'mx step 4');
  await page.getByRole('button', { name: 'Get Locked Quote' }).click();

  // Step 5: the effective rate to 3 decimals.
  await expect(stepHeading(page, 'Payment Authorization Agreement')).toBeVisible();
  await expect(page.getByText(/^\d+\.\d{3} MXN per USD$/)).toBeVisible();
  await page.getByLabel('I have read and agree to this payment authorization.').check();
  await shot(page, 'wizard-mx-step-5');
  await expectAccessible(page, 'mx step 5');
});

test('Mexico wizard, steps 6 to 9: the SPEI details, the same payment again from Back, paid, complete', async ({ page }) => {
  await toAuthorizationStep(page, 'mexico', mexicoPerson, '120.50');
  const first = waitForApi(page, '/api/create-spei-payment');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const firstResponse = await first;
  const payment = (await firstResponse.json()) as { transaction_id: string; deposit_address: string };
  const sent = firstResponse.request().postDataJSON() as Record<string, unknown>;
  expect(sent.sender_clabe).toBe(mexicoPerson.taxId);
  await expectToast(page, 'SPEI Payment Generated');

  // Step 6: the deposit instructions; the CLABE's check digit is valid.
  await expect(stepHeading(page, 'Complete Your SPEI Payment')).toBeVisible();
  const clabe = (await page.getByTestId('spei-clabe').textContent()) ?? '';
  expect(clabe).toBe(payment.deposit_address);
  expect(clabeCheckDigitValid(clabe)).toBe(true);
  await expect(page.getByRole('heading', { name: 'How SPEI Payment Works' })).toBeVisible();
  await page.getByRole('button', { name: 'Copy Details' }).click();
  await expectToast(page, 'SPEI Details Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(clabe);
  await shot(page, 'wizard-mx-step-6');
  await expectAccessible(page, 'mx step 6');

  // Back to Authorization and proceeding again returns the same payment.
  await page.getByRole('button', { name: 'Back to Authorization' }).click();
  await expect(stepHeading(page, 'Payment Authorization Agreement')).toBeVisible();
  const again = waitForApi(page, '/api/create-spei-payment');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const againResponse = await again;
  expect(((await againResponse.json()) as { transaction_id: string }).transaction_id).toBe(payment.transaction_id);
  expect(againResponse.request().headers()['idempotency-key']).toBe(firstResponse.request().headers()['idempotency-key']);
  await expect(stepHeading(page, 'Complete Your SPEI Payment')).toBeVisible();

  await page.getByRole('button', { name: 'Simulate payment' }).click();
  await expect(stepHeading(page, 'Payment Received')).toBeVisible({ timeout: 15_000 });
  await expectToast(page, 'Transfer Complete!', 20_000);
  await shot(page, 'wizard-mx-step-7');
  await expectAccessible(page, 'mx step 7');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(stepHeading(page, 'Transfer Complete')).toBeVisible();
  await shot(page, 'wizard-mx-step-8');
  await expectAccessible(page, 'mx step 8');
  await page.getByRole('button', { name: 'Refer Friends & Earn $100' }).click();
  await expect(page.getByText(mexicoPerson.email)).toBeVisible();
  await shot(page, 'wizard-mx-step-9');
  await expectAccessible(page, 'mx step 9');
  // A guest invites nobody: the form says how to (issue 25), under the field.
  await page.getByLabel("Friend's email 1").fill('amigo@example.com');
  await page.getByRole('button', { name: 'Send Referrals & Continue' }).click();
  await expect(page.getByLabel("Friend's email 1")).toHaveAccessibleDescription(
    'Create your free account or sign in, and confirm your email, to invite friends.',
  );
  await page.getByRole('button', { name: 'Skip Referrals' }).click();
  await expect(stepHeading(page, 'Transfer Complete')).toBeVisible();
});

test('Mexico wizard: the SPEI deposit arrives and the quote timer gives way to the progress', async ({ page }) => {
  await page.goto('/get-started-mexico');
  await fillPersonal(page, { ...mexicoPerson, email: 'progress@example.com' }, 'Tax ID (CURP)');
  await page.getByRole('button', { name: 'Continue to Delivery Method' }).click();
  await page.getByLabel('USD to Your US Bank Account').check();
  await fillBank(page, 'Juan Pérez');
  await page.getByRole('button', { name: 'Continue to Payment Details' }).click();
  await page.getByLabel('Amount in USD').fill('40');
  await page.getByRole('button', { name: 'Get Locked Quote' }).click();
  await page.getByLabel('I have read and agree to this payment authorization.').check();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(stepHeading(page, 'Complete Your SPEI Payment')).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/Quote expires in 4:\d\d/);

  // BlindPay reports no stage between the payer's deposit and its arrival:
  // its pay-in is "processing" from creation (shown as waiting for the
  // SPEI), and the deposit's arrival (Simulate processing) is the payment
  // received. So the old sandbox's 'Payment processing...' on step 6, with
  // the timer forced to 0, does not exist with BlindPay; the payer sees the
  // payment received, no quote expiry, and the conversion starting.
  await page.getByRole('button', { name: 'Simulate processing' }).click();
  await expect(stepHeading(page, 'Payment Received')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectToast(page, 'Converting to USD', 15_000);
});
