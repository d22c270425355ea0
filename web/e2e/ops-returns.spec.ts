// Money owed back, in the browser: a payer's deposit arrives but is not yet
// settled (the sandbox moves only when told: payin_processing is the
// deposit's arrival, and nothing follows by itself); an admin made by
// `crebit operator add` finds the payment, refunds it with a reason and the
// password again; the payer's /track says the refund is in progress; the
// admin records on the Returns page that the partner returned the money;
// /track then says it was refunded and the payer has the e-mail.
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, screenshotDir, shotsOn, test } from './fixtures';
import { awaitingPayment } from './api';
import { password, uniqueEmail } from './account-helpers';
import { newAdmin, noSideways, signInWithCode } from './ops-helpers';

test.use({ serverEnv: { CREBIT_SANDBOX_AUTO_ADVANCE: '0' } });

async function ok(what: string, r: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(r.ok(), `${what}: ${r.status()} ${await r.text()}`).toBe(true);
  return r.json() as Promise<Record<string, unknown>>;
}

/** subjectTo waits for a local-mailbox message to `to` with `subject`. */
async function subjectTo(request: APIRequestContext, to: string, subject: string) {
  await expect
    .poll(
      async () => {
        const list = (await ok('mailbox', await request.get('/api/sandbox/mailbox'))) as { messages: Array<{ to: string; subject: string }> };
        // The subjects of the mail to `to`, so that a failure shows what came instead.
        return list.messages.filter((m) => m.to.includes(to)).map((m) => m.subject);
      },
      { message: `an e-mail to ${to}: ${subject}`, timeout: 20_000, intervals: [100, 250, 500] },
    )
    .toContain(subject);
}

test('finance refunds a received deposit, records the partner’s return, and the payer sees and hears it', async ({ page, browser, baseURL, server, request }) => {
  // The payer pays by Pix in a browser of their own; the deposit arrives and is not settled.
  // The payer reads /track on a phone (360 px): the refund notice must fit.
  const payer = await browser.newContext({ baseURL, viewport: { width: 360, height: 800 } });
  const payerPage = await payer.newPage();
  const txn = await awaitingPayment(payerPage, { amountUSD: '180' });
  await ok('deposit', await payerPage.request.post('/api/trigger-mock-webhook', { data: { transaction_id: txn, event: 'payin_processing' } }));
  await expect
    .poll(async () => ((await ok('status', await payerPage.request.get(`/api/webhook-status/${txn}`))) as { status?: { status?: string } }).status?.status, {
      message: `payment ${txn} received`,
      timeout: 20_000,
      intervals: [100, 250, 500],
    })
    .toBe('payin_completed');

  // An admin (finance and more) finds the payment.
  const adminEmail = uniqueEmail('ops-returns');
  const secret = await newAdmin(server, request, adminEmail);
  await signInWithCode(page, adminEmail, secret);
  await page.getByLabel('Transaction id, e-mail or last 4 digits').fill(txn);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('table', { name: 'Payments found' });
  const payerEmail = (await results.getByText(/^payer\..*@example\.com$/).textContent())!.trim();
  await results.getByRole('link', { name: txn }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Payment ${txn}` })).toBeVisible();

  // Refund: what happens is said first; a wrong password is refused on its field.
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByRole('button', { name: `Cancel payment…: ${txn}` })).toHaveCount(0);
  await summary.getByRole('button', { name: `Refund…: ${txn}` }).click();
  const refund = summary.getByRole('form', { name: `Refund…: ${txn}` });
  await expect(refund.getByText('The payment ends refunded; the money is owed back to the payer until you record that the partner returned it.', { exact: false })).toBeVisible();
  await refund.getByLabel('Reason').fill('The payer asked for the money back before the conversion');
  await refund.getByLabel('Your password').fill('not the password 000');
  await refund.getByRole('button', { name: 'Refund this payment' }).click();
  await expect(refund.getByText('Your current password is incorrect')).toBeVisible();
  await refund.getByLabel('Your password').fill(password);
  await expectAccessible(page, 'on Explain, refunding');
  if (shotsOn) await summary.screenshot({ path: path.join(screenshotDir, 'ops-returns-refund-form-1280.png') });
  await refund.getByRole('button', { name: 'Refund this payment' }).click();
  await expect(summary.getByRole('status')).toContainText('The payment is now Refunded; the money is owed back to the payer');
  await expect(summary.getByRole('button', { name: `Refund…: ${txn}` })).toHaveCount(0);
  const returns = page.getByRole('region', { name: 'Returns' });
  await expect(returns.getByText('Owed', { exact: true })).toBeVisible();
  await expectAccessible(page, 'on Explain, refunded');
  await noSideways(page);

  // The payer's /track: the refund is on its way.
  await payerPage.goto(`/track?transaction_id=${txn}`);
  const status = payerPage.getByText('Current status').locator('..');
  await expect(status).toContainText('Refund in progress');
  // The stage list says the same: not "Refunded" before the money is back.
  const stagesList = payerPage.getByRole('list', { name: 'Payment stages' });
  await expect(stagesList.getByRole('listitem').last()).toContainText('Refund in progress');
  await expectAccessible(payerPage, 'on /track, refund in progress');
  await noSideways(payerPage);
  if (shotsOn) await payerPage.screenshot({ path: path.join(screenshotDir, 'ops-returns-track-in-progress-360.png'), fullPage: true });

  // The Returns page: the money owed, then recorded as returned.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Returns' }).click();
  await expect(page).toHaveURL(/\/ops\/returns$/);
  const owed = page.getByRole('region', { name: 'Owed to payers' }).getByRole('article').filter({ hasText: txn });
  await expect(owed.getByText(payerEmail)).toBeVisible();
  await expect(owed.getByRole('link', { name: txn })).toHaveAttribute('href', `/ops/payments/${txn}`);
  await expect(owed.getByText('0 days old')).toBeVisible();
  await expectAccessible(page, 'on Returns');
  await noSideways(page);
  if (shotsOn) await page.screenshot({ path: path.join(screenshotDir, 'ops-returns-page-1280.png'), fullPage: true });
  await owed.getByRole('button', { name: /^Record return…/ }).click();
  const record = owed.getByRole('form', { name: /^Record return:/ });
  await record.getByLabel('Partner reference').fill('BP-E2E-RETURN-42');
  await record.getByLabel('Reason').fill('BlindPay support returned the Pix');
  await record.getByLabel('Your password').fill(password);
  await expectAccessible(page, 'on Returns, recording');
  await record.getByRole('button', { name: 'Record the return' }).click();
  await expect(page.getByRole('status')).toHaveText('Return recorded (BP-E2E-RETURN-42); the payer was e-mailed.');
  await expect(page.getByRole('region', { name: 'Owed to payers' }).getByRole('article').filter({ hasText: txn })).toHaveCount(0);

  // Explain shows the return made, by whom and with the reference.
  await page.goto(`/ops/payments/${txn}`);
  await expect(returns.getByText('Returned', { exact: true })).toBeVisible();
  await expect(returns.getByText('BP-E2E-RETURN-42')).toBeVisible();
  await expect(returns.getByText(adminEmail)).toBeVisible();
  await expectAccessible(page, 'on Explain, returned');
  if (shotsOn) await page.screenshot({ path: path.join(screenshotDir, 'ops-returns-explain-1280.png'), fullPage: true });
  if (shotsOn) await returns.screenshot({ path: path.join(screenshotDir, 'ops-returns-explain-section-1280.png') });

  // The payer: /track says refunded, and the e-mail has come.
  await payerPage.goto(`/track?transaction_id=${txn}`);
  await expect(payerPage.getByText(/^Refunded: .+ was returned to the account it came from on /)).toBeVisible();
  await noSideways(payerPage);
  if (shotsOn) await payerPage.screenshot({ path: path.join(screenshotDir, 'ops-returns-track-returned-360.png'), fullPage: true });
  // The subject names the payment; "Your payment is being refunded" came at the refund.
  await subjectTo(request, payerEmail, `Your refund has arrived · ${txn}`);
  await subjectTo(request, payerEmail, `Your payment is being refunded · ${txn}`);
  await payer.close();
});
