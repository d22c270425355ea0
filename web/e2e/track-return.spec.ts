// Issue 26, item 7: /track's "Return to your payment" opened an empty
// /get-started?step=1. It now returns to that payment: the dashboard's
// detail for an account's payment, the wizard's payment step for the guest
// whose tab made it.
import { test, expect } from './fixtures';
import { uniqueEmail, signUp } from './account-helpers';
import { awaitingPayment } from './api';
import { brazilPerson, stepHeading, toAuthorizationStep, waitForApi } from './wizard-helpers';

test("a guest's payment: /track returns to the wizard's payment step in the tab that made it", async ({ page }) => {
  await toAuthorizationStep(page, 'brazil', { ...brazilPerson, email: uniqueEmail('trackguest') }, '120');
  const created = waitForApi(page, '/api/create-pix-payment');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const { transaction_id: txn } = (await (await created).json()) as { transaction_id: string };
  await expect(stepHeading(page, 'Complete Your PIX Payment')).toBeVisible();

  await page.goto(`/track?transaction_id=${txn}`);
  await page.getByRole('link', { name: 'Return to your payment' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/get-started');
  expect(new URL(page.url()).searchParams.get('step')).toBe('6');
  await expect(stepHeading(page, 'Complete Your PIX Payment')).toBeVisible();
  await expect(page.getByLabel('Pix copia e cola code')).toHaveValue(/.+/);
});

test("an account's payment: /track returns to its dashboard detail", async ({ page }) => {
  await signUp(page, uniqueEmail('trackback'));
  const txn = await awaitingPayment(page, { holder: 'Ana Souza' });
  await page.goto(`/track?transaction_id=${txn}`);
  await expect(page.getByRole('heading', { name: 'Your payment details' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to your payment' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
  expect(new URL(page.url()).searchParams.get('payment')).toBe(txn);
  await expect(page.getByText(txn).first()).toBeVisible();
});
