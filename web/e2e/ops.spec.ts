// The operations console (issue 30) in the browser: an admin made by the
// command line signs in with two-factor authentication, finds a payer's
// payment by transaction id and by e-mail, and reads its story; someone who
// is not an operator gets the ordinary not-found page at /ops. Set-up goes
// through the API (e2e/api.ts) and the binary's `operator add` command.
import { crebit, expect, expectAccessible, shot, test } from './fixtures';
import { completedPayment, verifiedAccount } from './api';
import { uniqueEmail } from './account-helpers';
import { newAdmin, noSideways, signInWithCode } from './ops-helpers';

test('an admin made on the command line finds a payment by id and by e-mail and reads its story', async ({ page, browser, baseURL, server, request }) => {
  // A payer pays by Pix in a browser of their own.
  const payer = await browser.newContext({ baseURL });
  const payerPage = await payer.newPage();
  const txn = await completedPayment(payerPage, { amountUSD: '250' });
  await payer.close();

  const email = uniqueEmail('ops-admin');
  const secret = await newAdmin(server, request, email);
  await signInWithCode(page, email, secret);

  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Operators' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // By transaction id: the URL holds the search.
  const box = page.getByLabel('Transaction id, e-mail or last 4 digits');
  await box.fill(txn);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/ops\\?q=${txn}$`));
  const results = page.getByRole('table', { name: 'Payments found' });
  await expect(results.getByRole('row')).toHaveCount(2);
  await expect(results.getByRole('link', { name: txn })).toBeVisible();
  await expect(results.getByText('Completed')).toBeVisible();
  await expect(results.getByText('US$250.00').or(results.getByText('$250.00'))).toBeVisible();
  const payerEmail = (await results.getByText(/^payer\..*@example\.com$/).textContent())!.trim();

  // By the payer's e-mail, with Completed ticked.
  await box.fill(payerEmail);
  await page.getByLabel('Completed').check();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/status=completed/);
  await expect(results.getByRole('link', { name: txn })).toBeVisible();
  await expectAccessible(page, 'on Find');
  await noSideways(page);
  await shot(page, 'ops-find-1280');

  // Back returns to the search by id.
  await page.goBack();
  await expect(box).toHaveValue(txn);
  await page.goForward();
  await expect(box).toHaveValue(payerEmail);

  // The people with the payer's e-mail: the guest payer profile.
  await page.getByLabel('E-mail address').fill(payerEmail);
  await page.getByRole('button', { name: 'Find people' }).click();
  await expect(page.getByRole('table', { name: 'People found' }).getByText('Guest payer')).toBeVisible();

  // Explain.
  await results.getByRole('link', { name: txn }).click();
  await expect(page).toHaveURL(new RegExp(`/ops/payments/${txn}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Payment ${txn}` })).toBeVisible();
  const states = page.getByRole('region', { name: 'States' });
  for (const s of ['Created', 'Awaiting pay-in', 'Pay-in received', 'Converting to USD', 'Completed']) await expect(states.getByText(s, { exact: true })).toBeVisible();
  const calls = page.getByRole('region', { name: 'Partner calls' });
  await expect(calls.getByText('create_payin', { exact: true })).toBeVisible();
  await calls.getByText('Response').first().click();
  await expect(calls.locator('details[open] pre').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Webhooks received' }).getByText('Signature verified').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ledger' }).getByText('BRL entries sum to zero').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Rail references' }).getByText(/^E\d{8}/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Audit log of this payment' }).getByText('No operator action on this payment yet.')).toBeVisible();
  await expectAccessible(page, 'on Explain');
  await noSideways(page);
  await shot(page, 'ops-explain-1280');

  // Operators: make another account a support operator, then remove it after the confirmation.
  const colleague = uniqueEmail('ops-support');
  const other = await browser.newContext({ baseURL });
  await verifiedAccount(other.request, colleague);
  await other.close();
  await nav.getByRole('link', { name: 'Operators' }).click();
  const setForm = page.getByRole('region', { name: 'Add an operator or change a role' });
  await setForm.getByLabel('E-mail address').fill(colleague);
  await setForm.getByLabel('Role').selectOption('support');
  await setForm.getByRole('button', { name: 'Save' }).click();
  await expect(setForm.getByText('Please give the reason for this action')).toBeVisible();
  await setForm.getByLabel('Reason').fill('Joins support');
  await setForm.getByRole('button', { name: 'Save' }).click();
  await expect(setForm.getByRole('status')).toHaveText(`${colleague} is now an operator (Support).`);
  await expect(page.getByRole('table', { name: 'Who runs the console' }).getByText(colleague)).toBeVisible();
  await expectAccessible(page, 'on Operators');
  const removeForm = page.getByRole('region', { name: 'Remove an operator' });
  await removeForm.getByLabel('E-mail address').fill(colleague);
  await removeForm.getByLabel('Reason').fill('Moved to another team');
  await removeForm.getByRole('button', { name: 'Remove…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this operator?' });
  await expect(confirm).toContainText(colleague);
  await shot(page, 'ops-operators-confirm-1280');
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(removeForm.getByRole('status')).toHaveText(`${colleague} is no longer an operator.`);
  await expect(page.getByRole('table', { name: 'Who runs the console' }).getByText(colleague)).toHaveCount(0);

  // The audit log has every change with its reason, newest first.
  await nav.getByRole('link', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Entries, newest first' });
  // Other tests share the server and write entries of their own (their
  // admins have the same reason), so this admin's rows are found by its e-mail.
  await expect(log.getByText('e2e: the first admin').first()).toBeVisible();
  const mine = log.getByRole('row').filter({ hasText: email });
  await expect(mine.nth(0)).toContainText('Moved to another team');
  await expect(mine.nth(1)).toContainText('Joins support');

  // At 360 px nothing scrolls sideways; the tables scroll in their own box.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/ops?q=${encodeURIComponent(payerEmail)}`);
  await expect(results.getByRole('link', { name: txn })).toBeVisible();
  await noSideways(page);
  await shot(page, 'ops-find-360');
  await page.goto(`/ops/payments/${txn}`);
  await expect(page.getByRole('region', { name: 'Partner calls' })).toBeVisible();
  await noSideways(page);
  await shot(page, 'ops-explain-360');
});

test('someone signed in who is not an operator gets the not-found page at /ops', async ({ page }) => {
  await verifiedAccount(page, uniqueEmail('not-ops'));
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  const unknown = await page.locator('#main').innerHTML();
  for (const path of ['/ops', '/ops/payments/txn_abc', '/ops/operators']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    expect(await page.locator('#main').innerHTML()).toBe(unknown);
  }
  await expect(page.getByText(/console/i)).toHaveCount(0);
});

test('an operator whose sign-in had no two-factor code is told to sign in again', async ({ page, server }) => {
  const email = uniqueEmail('ops-no-2fa');
  await verifiedAccount(page, email);
  await crebit(server, 'operator', 'add', email, '--role', 'support');
  await page.goto('/ops');
  await expect(page.getByRole('heading', { name: 'Sign in again with your code' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('two-factor');
  await expect(page.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/signin?next=/ops');
  await expect(page.getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/dashboard/settings');
  await expectAccessible(page, 'on the two-factor notice');
});
