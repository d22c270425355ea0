import { test, expect, shot } from './fixtures';
import { password, uniqueEmail } from './account-helpers';
import { acceptPartnerTermsInPage } from './wizard-helpers';

// Issue 26, item 8: an invalid CPF and routing number passed their steps;
// "Create Account" created the account and sent the verification e-mail,
// then bounced back with the error three times. Each step is checked
// before the next, and nothing is created until every step holds.
test('sign-up stops an invalid step 2 before any account is created', async ({ page }) => {
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/api/')) writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.goto('/signup');
  await page.getByLabel('Email').fill(uniqueEmail('cpf'));
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').click();
  // The 12-character rule shows on step 1, under the field, when it is left.
  await expect(page.locator('#password-error')).toHaveText('Password must be at least 12 characters');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('First Name').fill('Ana');
  await page.getByLabel('Last Name').fill('Souza');
  await page.getByLabel('CPF').fill('529.982.247-26');
  await page.getByLabel('Date of Birth').pressSequentially('10051990');
  const cpfError = 'This CPF is not valid: its check digits do not match. Please check the number.';
  await expect(page.locator('#taxId-error')).toHaveText(cpfError);
  await page.getByLabel('Phone Number').fill('+55 11 98765-4321');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 2 of 4', { exact: false })).toBeVisible();
  await expect(page.getByText(cpfError)).toHaveCount(1);
  await expect(page.getByLabel('CPF')).toBeFocused();
  await shot(page, 'signup-invalid-cpf-1280');
  expect(writes.filter((w) => w.includes('/api/signup') || w.includes('/api/create-customer'))).toEqual([]);

  // Corrected, the wizard goes on; a bad routing number stops step 4, still with nothing created.
  await page.getByLabel('CPF').fill('529.982.247-25');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Street Address').fill('Rua Augusta 1500');
  await page.getByLabel('City').fill('São Paulo');
  await page.getByLabel('State/Province').fill('SP');
  await page.getByLabel('ZIP/Postal Code').fill('01304-001');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('I have a US bank account to receive payments').check();
  await page.getByLabel('Account Holder Name').fill('Ana Souza');
  await page.getByLabel('Bank Name').fill('JPMorgan Chase Bank');
  await page.getByLabel('Bank Street Address').fill('383 Madison Avenue');
  await page.getByLabel('Bank City').fill('New York');
  await page.getByLabel('Bank State').fill('NY');
  await page.getByLabel('Bank ZIP Code').fill('10179');
  await page.getByLabel('Routing Number').fill('021000022');
  await page.getByLabel('Account Number').fill('000123456789');
  // The payment partner's terms (BlindPay) come first on this step; accepting them creates nothing of ours.
  await acceptPartnerTermsInPage(page);
  await page.getByRole('button', { name: 'Create Account' }).click();
  const routingError = 'This routing number is not valid: it must be the 9-digit ABA number of a US bank. Please check it.';
  await expect(page.locator('#routingNumber-error')).toHaveText(routingError);
  await expect(page.getByText(routingError)).toHaveCount(1);
  expect(writes.filter((w) => w.includes('/api/signup') || w.includes('/api/create-customer'))).toEqual([]);
});
