import { test, expect, shot, expectAccessible } from './fixtures';
import { uniqueEmail } from './account-helpers';
import { verifiedAccount } from './api';
import {
  brazilPerson,
  brCodeCrcValid,
  decodeQrImage,
  expectToast,
  fillBank,
  fillPersonal,
  parseEmv,
  stepHeading,
  waitForApi,
  toAuthorizationStep,
  waitForQuote,
} from './wizard-helpers';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.describe('Brazil wizard', () => {
  test('bank transfer, steps 1 to 5: the form, the bank account, a USD amount, the authorization', async ({ page }) => {
    await page.goto('/get-started');
    await expect(stepHeading(page, 'Individual Information')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await expect(page.getByText('Step 1 of 7')).toBeVisible();
    await expect(page.getByTestId(/progress-circle-/)).toHaveCount(7);

    // Step 1: the button waits for every field.
    const toDelivery = page.getByRole('button', { name: 'Continue to Delivery Method' });
    await expect(toDelivery).toBeDisabled();
    // The field says its format and shapes what is typed (issue 16: a date picker garbled 25/12/1990).
    await expect(page.getByLabel('Date of Birth')).toHaveAttribute('placeholder', 'YYYY-MM-DD');
    await expect(page.getByLabel('Country of Citizenship').locator('option')).toHaveText(['Brazil']);
    await expect(page.getByLabel('Document Type').locator('option')).toHaveText(['National ID (CPF)']);
    await fillPersonal(page, brazilPerson, 'Tax ID (CPF)');
    await expect(toDelivery).toBeEnabled();
    await shot(page, 'wizard-br-step-1');
    await expectAccessible(page, 'step 1');
    const customer = waitForApi(page, '/api/create-customer');
    await toDelivery.click();

    // Step 2 shows at once; the customer is created in the background.
    await expect(stepHeading(page, 'Choose Delivery Method')).toBeFocused();
    expect((await customer).status()).toBe(200);
    await expectToast(page, 'Your profile is ready');
    const toAmount = page.getByRole('button', { name: 'Continue to Payment Details' });
    await expect(toAmount).toBeDisabled();
    await page.getByLabel('USD to Your US Bank Account').check();
    await expect(page.getByText('any branch or headquarters address')).toBeVisible();
    await expect(page.getByText('9 digits', { exact: true })).toBeVisible();
    await expect(page.getByText(/set up an ACH pull with your school/)).toBeVisible();
    await fillBank(page, 'Ana Souza');
    await expect(toAmount).toBeEnabled();
    await shot(page, 'wizard-br-step-2');
    await expectAccessible(page, 'step 2');
    await toAmount.click();
    await expectToast(page, 'External Account Saved');

    // Step 4: USD amount, PIX fixed, the review text.
    await expect(stepHeading(page, 'Payment Amount and Method')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'PIX' })).toBeChecked();
    await expect(page.getByText('PIX payments are instant.')).toBeVisible();
    await expect(page.getByText('USD arrives in your US bank account within 3 hours on a business day.')).toBeVisible();
    await expect(page.getByText('Your quote is locked for 5 minutes.')).toBeVisible();
    const getQuote = page.getByRole('button', { name: 'Get Locked Quote' });
    await expect(getQuote).toBeDisabled();
    await page.getByLabel('Amount in USD').fill('250');
    await shot(page, 'wizard-br-step-4');
    await expectAccessible(page, 'step 4');
    const quoteResponse = waitForQuote(page);
    await getQuote.click();
    const quote = (await (await quoteResponse).json()) as { amount_usd: number };
    expect(quote.amount_usd).toBe(250);

    // Step 5: the countdown, the summary, the authorization.
    await expect(stepHeading(page, 'Payment Authorization Agreement')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/Quote expires in [45]:\d\d/);
    await expect(page.getByText('Covers off-ramping fees imposed by the bank')).toBeVisible();
    await expect(page.getByText(/^\d+\.\d{4} BRL per USD$/)).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    await expect(page.getByRole('main').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    const proceed = page.getByRole('button', { name: 'Proceed to Payment' });
    await expect(proceed).toBeDisabled();
    await page.getByLabel('I have read and agree to this payment authorization.').check();
    await expect(page.getByText(/Digitally signed by Ana Souza on/)).toBeVisible();
    await shot(page, 'wizard-br-step-5');
    await expectAccessible(page, 'step 5');
  });

  test('bank transfer, steps 6 to 9: the Pix code, paid, complete, referrals and the invitation e-mail', async ({ page }) => {
    // Invitations come from a signed-in account with a confirmed address (issue 25).
    await verifiedAccount(page, uniqueEmail('wizard-referrer'));
    const quote = (await (await toAuthorizationStep(page, 'brazil', brazilPerson, '250')).json()) as { total_local_amount: number };
    const paymentResponse = waitForApi(page, '/api/create-pix-payment');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const payment = (await (await paymentResponse).json()) as { pix_code: string; transaction_id: string };

    // Step 6: the QR code drawn locally decodes to the BR Code of the quoted amount.
    await expect(stepHeading(page, 'Complete Your PIX Payment')).toBeVisible();
    await expect(page.getByText('Waiting for your Pix payment...')).toBeVisible();
    const decoded = await decodeQrImage(page, '[data-testid="pix-qr"]');
    expect(decoded).toBe(payment.pix_code);
    expect(parseEmv(decoded).get('54')).toBe(quote.total_local_amount.toFixed(2));
    expect(brCodeCrcValid(decoded)).toBe(true);
    await expect(page.getByLabel('Pix copia e cola code')).toHaveValue(decoded);
    await page.getByRole('button', { name: 'Copy Address' }).click();
    await expectToast(page, 'Pix copia e cola code copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(decoded);
    await expect(page.getByText('You have 5 minutes to complete this payment', { exact: false })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sandbox' })).toBeVisible();
    await shot(page, 'wizard-br-step-6');
    await expectAccessible(page, 'step 6');

    // The sandbox pays; the status polling moves the wizard on.
    await page.getByRole('button', { name: 'Simulate payment' }).click();
    await expect(stepHeading(page, 'Payment Received')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(payment.transaction_id)).toBeVisible();
    await expectToast(page, 'Transfer Complete!', 20_000);
    await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
    await shot(page, 'wizard-br-step-7');
    await expectAccessible(page, 'step 7');

    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(stepHeading(page, 'Transfer Complete')).toBeVisible();
    await shot(page, 'wizard-br-step-8');
    await expectAccessible(page, 'step 8');
    await page.getByRole('button', { name: 'Refer Friends & Earn $100' }).click();

    // Step 9: the e-mail, the notifications, the referral rows.
    await expect(stepHeading(page, 'E-mail Updates and Referrals')).toBeVisible();
    await expect(page.getByText(brazilPerson.email)).toBeVisible();
    await expect(page.getByRole('button', { name: /Remove email/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Add Another Email' }).click();
    await expect(page.getByLabel("Friend's email 2")).toBeVisible();
    await page.getByRole('button', { name: 'Remove email 2' }).click();
    await expect(page.getByLabel("Friend's email 2")).toHaveCount(0);
    await page.getByLabel("Friend's email 1").fill('friend@example.com');
    await page.getByRole('button', { name: 'Add Another Email' }).click();
    await page.getByLabel("Friend's email 2").fill('not-an-email');
    await shot(page, 'wizard-br-step-9');
    await expectAccessible(page, 'step 9');
    await page.getByRole('button', { name: 'Send Referrals & Continue' }).click();
    await expectToast(page, 'Referrals Submitted!');
    await expectToast(page, '1 referral(s) sent successfully. You earn a US$100 gift card for each friend you invite who completes their first payment.');
    await expect(stepHeading(page, 'Transfer Complete')).toBeVisible();

    await page.getByRole('button', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);

    // The friend's invitation e-mail carries the payer's personal link.
    const invitation = page.getByRole('link', { name: /A friend invited you to Crebit.*friend@example\.com/ }).first();
    await expect(async () => {
      await page.goto('/sandbox-mailbox');
      await expect(invitation).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await invitation.click();
    const link = page.getByRole('link', { name: /\/signup\?ref=[0-9A-F]{10}$/ }).first();
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/signup\?ref=[0-9A-F]{10}$/);
  });

  // BlindPay, the partner, pays out by bank transfer only (docs/BLINDPAY.md §17.6): the mailed
  // check is coming soon in Brazil as in Mexico.
  test('the mailed check is coming soon; an amount typed in BRL', async ({ page }) => {
    await page.goto('/get-started');
    await fillPersonal(page, { ...brazilPerson, firstName: 'Bruno', taxId: '390.533.447-05', email: 'bruno@example.com' }, 'Tax ID (CPF)');
    await page.getByRole('button', { name: 'Continue to Delivery Method' }).click();

    await expect(stepHeading(page, 'Choose Delivery Method')).toBeVisible();
    await expect(page.getByLabel('Mail Check to School')).toBeDisabled();
    await expect(page.getByText('Coming Soon', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join Waitlist' })).toHaveAttribute('href', /^mailto:/);
    await page.getByLabel('USD to Your US Bank Account').check();
    await fillBank(page, 'Bruno Souza');
    await page.getByRole('button', { name: 'Continue to Payment Details' }).click();

    // Step 4: BRL "you have available", converted with a 100 USD quote.
    await expect(stepHeading(page, 'Payment Amount and Method')).toBeVisible();
    await page.getByLabel('BRL (you have available)').check();
    await page.getByLabel('Amount in BRL').fill('2.000,00');
    const quotes: Array<{ amount_usd: number; total_local_amount: number }> = [];
    page.on('response', async (r) => {
      if (new URL(r.url()).pathname === '/api/create-quote') quotes.push(await r.json());
    });
    await shot(page, 'wizard-br-step-4-brl');
    await page.getByRole('button', { name: 'Get Locked Quote' }).click();
    await expect(stepHeading(page, 'Payment Authorization Agreement')).toBeVisible();
    await expect.poll(() => quotes.length).toBe(2);
    const [probe, locked] = quotes as [{ amount_usd: number; total_local_amount: number }, { amount_usd: number }];
    expect(probe.amount_usd).toBe(100);
    const rate = probe.total_local_amount / 100;
    expect(locked.amount_usd).toBeCloseTo(Math.round((2000 / rate) * 100) / 100, 2);

    await page.getByLabel('I have read and agree to this payment authorization.').check();
    const paymentResponse = waitForApi(page, '/api/create-pix-payment');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const body = (await (await paymentResponse).request().postDataJSON()) as Record<string, unknown>;
    expect(body.delivery_method).toBe('usd-bank-transfer');

    await expect(stepHeading(page, 'Complete Your PIX Payment')).toBeVisible();
    await page.getByRole('button', { name: 'Simulate payment' }).click();
    await expect(stepHeading(page, 'Payment Received')).toBeVisible({ timeout: 15_000 });
    await expectToast(page, 'Transfer Complete!', 20_000);
  });

  test('a reload mid-payment comes back to the same step and timer', async ({ page }) => {
    await page.goto('/get-started');
    await fillPersonal(page, { ...brazilPerson, email: 'reload@example.com' }, 'Tax ID (CPF)');
    await page.getByRole('button', { name: 'Continue to Delivery Method' }).click();
    await page.getByLabel('USD to Your US Bank Account').check();
    await fillBank(page, 'Ana Souza');
    await page.getByRole('button', { name: 'Continue to Payment Details' }).click();
    await page.getByLabel('Amount in USD').fill('100');
    await page.getByRole('button', { name: 'Get Locked Quote' }).click();
    await expect(stepHeading(page, 'Payment Authorization Agreement')).toBeVisible();

    // Nothing sensitive beyond this tab's session storage.
    const stored = await page.evaluate(() => ({
      session: sessionStorage.getItem('crebit.wizard.brazil') ?? '',
      local: JSON.stringify(localStorage),
    }));
    expect(stored.session).not.toContain('000123456789');
    expect(stored.local).not.toContain('529.982.247-25');

    // The countdown has moved on before the reload, so the reload must keep it, not restart it.
    await expect(page.getByRole('timer')).toHaveText(/Quote expires in 4:([0-4]\d|5[0-7])/);
    await page.reload();
    await expect(stepHeading(page, 'Payment Authorization Agreement')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/Quote expires in 4:(5[0-7]|[0-4]\d)/);
    await page.getByLabel('I have read and agree to this payment authorization.').check();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(stepHeading(page, 'Complete Your PIX Payment')).toBeVisible();
    const code = await page.getByLabel('Pix copia e cola code').inputValue();

    await page.reload();
    await expect(stepHeading(page, 'Complete Your PIX Payment')).toBeVisible();
    await expect(page.getByLabel('Pix copia e cola code')).toHaveValue(code);
    await page.getByRole('button', { name: 'Simulate payment' }).click();
    await expect(stepHeading(page, 'Payment Received')).toBeVisible({ timeout: 15_000 });
    await page.reload();
    await expect(stepHeading(page, 'Payment Received')).toBeVisible();
    await expect(page.getByText('Completed', { exact: true })).toBeVisible({ timeout: 20_000 });
  });
});
