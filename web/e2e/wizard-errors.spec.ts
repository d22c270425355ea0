import { test, expect, shot, expectAccessible } from './fixtures';
import { brazilPerson, expectToast, fillBank, fillPersonal, mexicoPerson, stepHeading, toAmountStep, toasts } from './wizard-helpers';

test.describe('wizard errors', () => {
  test('step 1 rules: required fields, e-mail, and an invalid CPF sends the payer back with the form kept', async ({ page }) => {
    await page.goto('/get-started');
    await fillPersonal(page, { ...brazilPerson, taxId: '529.982.247-24' }, 'Tax ID (CPF)');

    // Blank-looking fields count as missing; the message names them.
    await page.getByLabel('City').fill('   ');
    await page.getByRole('button', { name: 'Continue to Delivery Method' }).click();
    await expectToast(page, 'Please fill in all required fields: City');
    await expect(page.getByLabel('City')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('City').fill(brazilPerson.city);
    await page.getByLabel('Email').fill('ana.example.com');
    await page.getByRole('button', { name: 'Continue to Delivery Method' }).click();
    await expectToast(page, 'Please enter a valid email address');
    await page.getByLabel('Email').fill(brazilPerson.email);

    // The server's check digits: the wizard moved on, then comes back to step 1.
    await page.getByRole('button', { name: 'Continue to Delivery Method' }).click();
    await expectToast(page, 'Invalid CPF: the check digits do not match. Please check the number.');
    await expect(stepHeading(page, 'Individual Information')).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveValue(brazilPerson.firstName);
    await expect(page.getByLabel('Tax ID (CPF)')).toHaveAttribute('aria-invalid', 'true');
    await shot(page, 'wizard-error-invalid-cpf');
    await expectAccessible(page, 'invalid CPF');

    await page.getByLabel('Tax ID (CPF)').fill(brazilPerson.taxId);
    await page.getByRole('button', { name: 'Continue to Delivery Method' }).click();
    await expect(stepHeading(page, 'Choose Delivery Method')).toBeVisible();
    await expectToast(page, 'Your profile is ready');
  });

  test('an invalid CURP', async ({ page }) => {
    await page.goto('/get-started-mexico');
    await fillPersonal(page, { ...mexicoPerson, taxId: 'BOXW310820HNERXN08' }, 'Tax ID (CURP)');
    await page.getByRole('button', { name: 'Continue to Delivery Method' }).click();
    await expectToast(page, 'Invalid CURP: the check digit does not match. Please check the CURP.');
    await expect(stepHeading(page, 'Individual Information')).toBeVisible();
    await expect(page.getByLabel('Last Name')).toHaveValue(mexicoPerson.lastName);
  });

  test('missing bank fields', async ({ page }) => {
    await page.goto('/get-started');
    await fillPersonal(page, { ...brazilPerson, email: 'bank@example.com' }, 'Tax ID (CPF)');
    await page.getByRole('button', { name: 'Continue to Delivery Method' }).click();
    await page.getByLabel('USD to Your US Bank Account').check();
    const next = page.getByRole('button', { name: 'Continue to Payment Details' });
    await page.getByLabel('Account Holder Name').fill('Ana Souza');
    await page.getByLabel('Routing Number').fill('021000021');
    await expect(next).toBeDisabled();
    await page.getByLabel('Account Number').fill('000123456789');
    await expect(next).toBeEnabled();
    await next.click();
    await expectToast(page, 'Please fill in all bank account details including bank address');
    await expect(page.getByLabel('Bank Name')).toHaveAttribute('aria-invalid', 'true');
    await shot(page, 'wizard-error-bank-fields');

    // A wrong routing number is the server's to refuse.
    await fillBank(page, 'Ana Souza');
    await page.getByLabel('Routing Number').fill('021000022');
    await next.click();
    await expectToast(page, /Invalid routing number/);
    await expect(stepHeading(page, 'Choose Delivery Method')).toBeVisible();
  });

  test('an amount below the Brazil minimum, and invalid amounts', async ({ page }) => {
    await toAmountStep(page, 'minimum@example.com');
    await page.getByLabel('Amount in USD').fill('10');
    await page.getByRole('button', { name: 'Get Locked Quote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Minimum Transfer Amount' });
    await expect(dialog).toBeVisible();
    await shot(page, 'wizard-error-minimum');
    await expectAccessible(page, 'minimum dialog');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByLabel('Amount in USD').fill('abc');
    await page.getByRole('button', { name: 'Get Locked Quote' }).click();
    await expectToast(page, 'Please enter a valid USD amount');
    await page.getByLabel('BRL (you have available)').check();
    await page.getByLabel('Amount in BRL').fill('0');
    await page.getByRole('button', { name: 'Get Locked Quote' }).click();
    await expectToast(page, 'Please enter a valid BRL amount');
  });

  test('a failed pay-in is reported', async ({ page }) => {
    await toAmountStep(page, 'failed@example.com');
    await page.getByLabel('Amount in USD').fill('100');
    await page.getByRole('button', { name: 'Get Locked Quote' }).click();
    await page.getByLabel('I have read and agree to this payment authorization.').check();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(stepHeading(page, 'Complete Your PIX Payment')).toBeVisible();
    await page.getByRole('button', { name: 'Simulate failure' }).click();
    await expectToast(page, 'The payment failed. Please get a new quote and try again.', 10_000);
    await expect(page.getByText('The payment failed. No money was converted.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Get New Quote' }).click();
    await expect(stepHeading(page, 'Payment Amount and Method')).toBeVisible();
  });

  test('KYC under review: the payment is refused with a clear message', async ({ page }) => {
    // The page's clock is ours: the wizard's minute of waiting is fast-forwarded
    // poll by poll below instead of being waited out (it cost a worker ~60 s).
    await page.clock.install();
    await page.goto('/get-started');
    await fillPersonal(page, { ...brazilPerson, lastName: 'Review', email: 'review@example.com' }, 'Tax ID (CPF)');
    await page.getByRole('button', { name: 'Continue to Delivery Method' }).click();
    await page.getByLabel('USD to Your US Bank Account').check();
    await fillBank(page, 'Ana Review');
    await page.getByRole('button', { name: 'Continue to Payment Details' }).click();
    // With BlindPay no wallet is opened, hence no payment can be made, until
    // BlindPay approved the payer: the old sandbox let a payer under review
    // on to the amount step and refused the payment there; BlindPay's payer
    // under review (last name "Review" stays "verifying") waits on step 2
    // while the wizard asks for about a minute, then is told why, and the
    // wizard goes back to step 1 with the form kept.
    await expectToast(page, 'BlindPay is verifying your identity. This usually takes less than a minute.');
    await expect(page.getByRole('button', { name: 'Creating your profile…' })).toBeDisabled();
    const onHold = toasts(page).getByText(/Your identity verification is still under review, so payments are on hold/).first();
    await expect
      .poll(
        async () => {
          if (await onHold.isVisible()) return true;
          await page.clock.fastForward(2_000); // the wizard asks again every 2 s, about 30 times
          return false;
        },
        { timeout: 90_000, intervals: [200] },
      )
      .toBe(true);
    await expect(stepHeading(page, 'Individual Information')).toBeVisible();
    await expect(page.getByLabel('Last Name')).toHaveValue('Review');
    await expect(stepHeading(page, 'Payment Amount and Method')).toHaveCount(0);
  });

  test('KYC rejected: the customer error sends the payer back to step 1', async ({ page }) => {
    await page.goto('/get-started');
    await fillPersonal(page, { ...brazilPerson, lastName: 'Rejected', email: 'rejected@example.com' }, 'Tax ID (CPF)');
    await page.getByRole('button', { name: 'Continue to Delivery Method' }).click();
    await expectToast(page, /could not verify your identity/);
    await expect(stepHeading(page, 'Individual Information')).toBeVisible();
  });
});
