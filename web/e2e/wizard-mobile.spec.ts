import { test, expect, shot, expectAccessible } from './fixtures';
import { acceptInPartnerTab, brazilPerson, expectNoHorizontalScroll, expectToast, fillBank, fillPersonal, partnerTermsPending, stepHeading, toAuthorizationStep } from './wizard-helpers';

// A 360 px phone: the date of birth is typed as 8 digits, and nothing scrolls sideways.
test.use({ viewport: { width: 360, height: 780 }, permissions: ['clipboard-read', 'clipboard-write'] });

test('Brazil wizard at 360 px wide, steps 1 to 5', async ({ page }) => {
  await page.goto('/get-started');
  await expect(stepHeading(page, 'Individual Information')).toBeVisible();
  const dob = page.getByLabel('Date of Birth');
  await expect(dob).toHaveAttribute('type', 'text');
  await dob.pressSequentially('199005109999');
  await expect(dob).toHaveValue('1990-05-10');
  await fillPersonal(page, { ...brazilPerson, email: 'mobile@example.com' }, 'Tax ID (CPF)');
  await expect(page.getByRole('button', { name: 'Continue to Delivery Method' })).toBeEnabled();
  await expectNoHorizontalScroll(page);
  await shot(page, 'wizard-br-360-step-1');
  await expectAccessible(page, '360 step 1');
  await page.getByRole('button', { name: 'Continue to Delivery Method' }).click();

  await expect(stepHeading(page, 'Choose Delivery Method')).toBeVisible();
  await page.getByLabel('USD to Your US Bank Account').check();
  await fillBank(page, 'Ana Souza');
  await expectNoHorizontalScroll(page);
  await shot(page, 'wizard-br-360-step-2');
  await expectAccessible(page, '360 step 2');
  await page.getByRole('button', { name: 'Continue to Payment Details' }).click();

  await expect(stepHeading(page, 'Payment Amount and Method')).toBeVisible();
  await page.getByLabel('Amount in USD').fill('1,500.00');
  await expectNoHorizontalScroll(page);
  await shot(page, 'wizard-br-360-step-4');
  await expectAccessible(page, '360 step 4');
  await page.getByRole('button', { name: 'Get Locked Quote' }).click();

  await expect(stepHeading(page, 'Payment Authorization Agreement')).toBeVisible();
  await page.getByLabel('I have read and agree to this payment authorization.').check();
  await expectNoHorizontalScroll(page);
  await shot(page, 'wizard-br-360-step-5');
  await expectAccessible(page, '360 step 5');
});

test('Brazil wizard at 360 px wide, steps 6 to 9', async ({ page }) => {
  await toAuthorizationStep(page, 'brazil', { ...brazilPerson, email: 'mobile2@example.com' }, '1500');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();

  await expect(stepHeading(page, 'Complete Your PIX Payment')).toBeVisible();
  await expect(page.getByTestId('pix-qr')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'wizard-br-360-step-6');
  await expectAccessible(page, '360 step 6');
  await page.getByRole('button', { name: 'Simulate payment' }).click();

  await expect(stepHeading(page, 'Payment Received')).toBeVisible({ timeout: 15_000 });
  await expectToast(page, 'Transfer Complete!', 20_000);
  await expectNoHorizontalScroll(page);
  await shot(page, 'wizard-br-360-step-7');
  await expectAccessible(page, '360 step 7');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(stepHeading(page, 'Transfer Complete')).toBeVisible();
  await shot(page, 'wizard-br-360-step-8');
  await expectAccessible(page, '360 step 8');
  await page.getByRole('button', { name: 'Refer Friends & Earn $100' }).click();
  await expect(stepHeading(page, 'E-mail Updates and Referrals')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'wizard-br-360-step-9');
  await expectAccessible(page, '360 step 9');
});

test('keyboard only: step 1 to step 2', async ({ page }) => {
  await page.goto('/get-started');
  await expect(stepHeading(page, 'Individual Information')).toBeVisible();
  await page.getByLabel('First Name').focus();
  const values: Array<[string, string]> = [
    ['First Name', 'Ana'],
    ['Last Name', 'Souza'],
  ];
  for (const [, v] of values) {
    await page.keyboard.type(v);
    await page.keyboard.press('Tab');
  }
  // Document Type (a select) is next, then the tax id.
  await expect(page.getByLabel('Document Type')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type(brazilPerson.taxId);
  await page.keyboard.press('Tab');
  await page.keyboard.type(brazilPerson.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('19900510');
  await page.keyboard.press('Tab');
  await page.keyboard.type(brazilPerson.phone);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type(brazilPerson.street);
  await page.keyboard.press('Tab');
  await page.keyboard.type(brazilPerson.city);
  await page.keyboard.press('Tab');
  await page.keyboard.type(brazilPerson.state);
  await page.keyboard.press('Tab');
  await page.keyboard.type(brazilPerson.zip);
  if (await partnerTermsPending(page)) {
    // The partner's terms (BlindPay) by keyboard too: Tab reaches the box's
    // button, Enter opens the partner's page in a tab of its own; once the
    // partner confirmed, the focus is on the confirmation and Tab reaches Continue.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: "Open BlindPay's terms" })).toBeFocused();
    const tabOpened = page.context().waitForEvent('page');
    await page.keyboard.press('Enter');
    await acceptInPartnerTab(await tabOpened);
    await expect(page.getByText("You accepted BlindPay's terms of service.")).toBeFocused({ timeout: 15_000 });
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Continue to Delivery Method' })).toBeFocused();
  }
  await page.keyboard.press('Enter');
  await expect(stepHeading(page, 'Choose Delivery Method')).toBeFocused();
});
