import { test, expect, shot } from './fixtures';

// The public site when the server's rate source is down
// (CREBIT_SANDBOX_FAIL_QUOTES makes every quote call fail, through the real
// server rather than a mock). A file of its own: the option needs its own
// worker and server.
test.use({ serverEnv: { CREBIT_SANDBOX_FAIL_QUOTES: 'true' } });

test('SEND MONEY keeps the default rates and shows no error', async ({ page }) => {
  // The header reads the indicative rates (GET /api/rates, issue 31): with
  // the partner's quotes failing it answers an error, and a page load still
  // locks no quote.
  const quoteCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/create-quote') quoteCalls.push(r.postData() ?? '');
  });
  const rates = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/rates');
  await page.goto('/');
  expect((await rates).ok()).toBe(false);
  expect(quoteCalls).toEqual([]);
  const sendMoney = page.getByRole('button', { name: 'SEND MONEY' });
  await sendMoney.click();
  const menu = page.locator('#send-money-menu');
  await expect(menu).toContainText('5.42 BRL per USD');
  await expect(menu).toContainText('18.56 MXN per USD');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('/quote shows the server error in a red box', async ({ page }) => {
  await page.goto('/quote');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/create-quote') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Get Live Rate' }).click();
  const res = await answer;
  expect(res.ok()).toBe(false);
  const { error } = (await res.json()) as { error: string };
  const box = page.getByRole('alert');
  await expect(box).toHaveText(error);
  await expect(box).toHaveClass(/bg-red-50/);
  await expect(page.locator('section[aria-labelledby="quote-results"]')).toHaveCount(0);
  await shot(page, 'quote-error-desktop');
});

test('the calculator keeps its default rates and shows no error', async ({ page }) => {
  await page.goto('/foreign-exchange');
  const rateLine = page.locator('dl').filter({ hasText: 'Rate' }).first();
  await expect(page.getByRole('button', { name: 'Refresh rates' })).toBeEnabled();
  await expect(rateLine).toContainText('1 USD = 5.4200 BRL');
  await page.getByLabel('You send').fill('542');
  await expect(page.getByLabel('You receive')).toHaveValue('100.00');
  await page.getByLabel('Currency').selectOption('mexico');
  await expect(rateLine).toContainText('1 USD = 18.4500 MXN');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
