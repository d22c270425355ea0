import { test, expect } from './fixtures';

// Issue 26, item 10: sign-up starts from what the browser knows.
test('an es-MX visitor starts sign-up with Mexico and the CURP', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'crebit_lang', value: 'es-MX', url: baseURL }]);
  await page.goto('/signup');
  await page.locator('#email').fill('juan@example.com');
  await page.locator('#password').fill('correct horse battery staple');
  await page.locator('#confirmPassword').fill('correct horse battery staple');
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('#country')).toHaveValue('mexico');
  await expect(page.getByLabel('CURP')).toBeVisible();
});

test("a guest's sign-up is pre-filled from the payment this tab's wizard made", async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => window.sessionStorage.setItem('crebit.wizard.brazil', JSON.stringify({
    v: 1, step: 7, customerId: 'cus_guest', payment: { transaction_id: 'tx_guest' },
    form: { firstName: 'Ana', lastName: 'Souza', email: 'ana.guest@example.com', taxId: '529.982.247-25', dateOfBirth: '1990-05-10',
      phone: '+55 11 98765-4321', streetAddress: 'Rua Augusta 100', city: 'São Paulo', state: 'SP', zipCode: '01305-000', accountNumber: '' },
  })));
  await page.goto('/signup');
  await expect(page.getByLabel('Email')).toHaveValue('ana.guest@example.com');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery staple');
  await page.getByLabel('Confirm Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('CPF')).toHaveValue('529.982.247-25');
  await expect(page.getByLabel('Date of Birth')).toHaveValue('10/05/1990');
  await expect(page.getByLabel('First Name')).toHaveValue('Ana');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('City')).toHaveValue('São Paulo');
});
