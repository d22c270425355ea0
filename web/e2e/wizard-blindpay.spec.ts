// The Brazil and Mexico wizards through the BlindPay adapter (issue 28):
// the server runs with CREBIT_PARTNER=blindpay-sandbox, the embedded
// sandbox that speaks BlindPay's API. The payer accepts BlindPay's terms
// on its page (a new tab), BlindPay verifies them, and the payment goes
// from the Pix code or CLABE to US dollars delivered.
import { test, expect, shot, expectAccessible } from './fixtures';
import { brazilPerson, brCodeCrcValid, decodeQrImage, expectToast, fillBank, fillPersonalFields, mexicoPerson, stepHeading, waitForApi, waitForQuote } from './wizard-helpers';

test.use({ serverEnv: { CREBIT_PARTNER: 'blindpay-sandbox' } });

for (const country of ['brazil', 'mexico'] as const) {
  test(`${country}: BlindPay's terms, identity verified by BlindPay, the pay-in, USD delivered`, async ({ page, context }) => {
    const person = country === 'brazil' ? brazilPerson : mexicoPerson;
    await page.goto(country === 'brazil' ? '/get-started' : '/get-started-mexico');
    await fillPersonalFields(page, person, country === 'brazil' ? 'Tax ID (CPF)' : 'Tax ID (CURP)');
    const toDelivery = page.getByRole('button', { name: 'Continue to Delivery Method' });
    const terms = page.getByRole('region', { name: "Our payment partner's terms" });
    await expect(terms).toContainText('BlindPay asks you to accept its terms of service');
    await expect(toDelivery).toBeDisabled();
    await expectAccessible(page, 'the partner terms box');
    await shot(page, `wizard-blindpay-${country}-terms`);

    // BlindPay's page opens in a tab of its own; accepting it brings that tab to our thank-you page.
    const tabOpened = context.waitForEvent('page');
    await terms.getByRole('button', { name: "Open BlindPay's terms" }).click();
    const tab = await tabOpened;
    await tab.waitForURL(/\/bpsandbox\/e\/terms-of-service\?/);
    await tab.getByRole('button', { name: 'Accept terms of service' }).click();
    await tab.waitForURL(/\/partner-terms-done\?tos_id=to_/);
    await expect(tab.getByRole('heading', { name: 'Thank you: terms accepted' })).toBeVisible();
    await tab.close();

    // The wizard notices BlindPay's confirmation by itself.
    await expect(page.getByText("You accepted BlindPay's terms of service.")).toBeVisible({ timeout: 10_000 });
    await expect(toDelivery).toBeEnabled();
    const customer = waitForApi(page, '/api/create-customer');
    await toDelivery.click();
    expect((await customer).status()).toBe(200);
    await page.getByLabel('USD to Your US Bank Account').check();
    await fillBank(page, `${person.firstName} ${person.lastName}`);
    await page.getByRole('button', { name: 'Continue to Payment Details' }).click();
    // The wallet opens once BlindPay approved the payer; the bank account follows.
    await expectToast(page, 'External Account Saved', 30_000);

    await page.getByLabel('Amount in USD').fill('250');
    const quoteResponse = waitForQuote(page);
    await page.getByRole('button', { name: 'Get Locked Quote' }).click();
    const quote = (await (await quoteResponse).json()) as { total_local_amount: number };
    if (country === 'mexico') expect(Number.isInteger(quote.total_local_amount), 'BlindPay takes whole pesos').toBe(true);
    await page.getByLabel('I have read and agree to this payment authorization.').check();
    const paymentResponse = waitForApi(page, country === 'brazil' ? '/api/create-pix-payment' : '/api/create-spei-payment');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const payment = (await (await paymentResponse).json()) as { pix_code?: string; deposit_address?: string; clabe?: string };
    expect((await paymentResponse).status()).toBe(200);
    if (country === 'brazil') {
      await expect(stepHeading(page, 'Complete Your PIX Payment')).toBeVisible();
      const decoded = await decodeQrImage(page, '[data-testid="pix-qr"]');
      expect(decoded).toBe(payment.pix_code);
      expect(brCodeCrcValid(decoded)).toBe(true);
    } else {
      await expect(stepHeading(page, /Complete Your SPEI/)).toBeVisible();
    }
    await shot(page, `wizard-blindpay-${country}-payin`);

    // The sandbox pays in; BlindPay settles, Crebit asks for the payout, the payout completes.
    await page.getByRole('button', { name: 'Simulate payment' }).click();
    await expect(stepHeading(page, 'Payment Received')).toBeVisible({ timeout: 20_000 });
    await expectToast(page, 'Transfer Complete!', 30_000);
    await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
    await shot(page, `wizard-blindpay-${country}-complete`);
  });
}
