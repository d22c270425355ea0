// Issue 26, item 7: /track's "Return to your payment" opened an empty
// /get-started?step=1. It now returns to that payment: the dashboard's
// detail for an account's payment.
import { test, expect } from './fixtures';
import { uniqueEmail, signUp } from './account-helpers';
import { awaitingPayment } from './api';

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
