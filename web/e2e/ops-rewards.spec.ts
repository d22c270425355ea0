// Issue 30, rewards: a friend follows a referrer's link and pays; the
// reward waits for review (both came from this machine's address the same
// day); finance releases it in the console and sends the referrer's chosen
// gift card after typing the password again; the referrer gets the code by
// e-mail, and the audit log has both actions without the code. On the way,
// the Health page and the Fix action of Explain (resend an e-mail).
import type { APIRequestContext } from '@playwright/test';
import path from 'node:path';
import { expect, expectAccessible, screenshotDir, shot, test } from './fixtures';
import { acceptPartnerTerms, completedPayment, mailWith, verifiedAccount } from './api';
import { password, uniqueEmail } from './account-helpers';
import { newAdmin, noSideways, signInWithCode } from './ops-helpers';

async function json(what: string, r: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(r.ok(), `${what}: ${r.status()} ${await r.text()}`).toBe(true);
  return r.json() as Promise<Record<string, unknown>>;
}

interface MyReferrals {
  link: string;
  rewards: Array<{ id: string; status: string }>;
}

test('finance releases a held reward and sends the gift card: the referrer gets the code by e-mail', async ({ page, browser, baseURL, server, request }) => {
  // The referrer: an account with a payer profile, hence a personal link.
  const referrerEmail = uniqueEmail('referrer');
  const referrer = await browser.newContext({ baseURL });
  await verifiedAccount(referrer.request, referrerEmail);
  await acceptPartnerTerms(referrer.request);
  await json(
    'referrer profile',
    await referrer.request.post('/api/create-customer', {
      data: {
        first_name: 'Rita',
        last_name: 'Moreira',
        email: referrerEmail,
        phone_number: '5511912345678',
        type: 'individual',
        date_of_birth: '1985-03-02',
        identity_documents: [{ type: 'national_id', value: '111.444.777-35', country: 'brazil' }],
        address: { street_line_1: 'Rua Harmonia 200', city: 'São Paulo', state: 'SP', postal_code: '05435-000', country: 'brazil' },
      },
    }),
  );
  const mine = (await json('my referrals', await referrer.request.get('/api/me/referrals'))) as unknown as MyReferrals;
  const code = new URL(mine.link).searchParams.get('ref')!;
  expect(code).toMatch(/^[A-Z0-9]{10}$/);

  // The friend arrives by the link and pays in a browser of their own.
  const friend = await browser.newContext({ baseURL });
  const friendPage = await friend.newPage();
  expect((await friendPage.request.post('/api/referral-arrival', { data: { code } })).status()).toBe(204);
  const txn = await completedPayment(friendPage, { amountUSD: '300' });
  await friend.close();

  // The referrer sees the reward and chooses an Amazon card.
  let rewardId = '';
  await expect
    .poll(async () => {
      const r = (await json('my referrals', await referrer.request.get('/api/me/referrals'))) as unknown as MyReferrals;
      rewardId = r.rewards[0]?.id ?? '';
      return r.rewards[0]?.status;
    })
    .toBe('held');
  const chose = await referrer.request.put(`/api/me/referrals/rewards/${rewardId}/gift-card`, { data: { brand: 'Amazon' } });
  expect(chose.status(), await chose.text()).toBe(204);
  await referrer.close();

  // An admin (finance and more) signs in with the code and opens the queue.
  const adminEmail = uniqueEmail('ops-finance');
  const secret = await newAdmin(server, request, adminEmail);
  await signInWithCode(page, adminEmail, secret);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Rewards' }).click();
  await page.getByRole('link', { name: 'Held for review' }).click();
  await expect(page).toHaveURL(/\/ops\/rewards\?status=held$/);
  const held = page.getByRole('article').filter({ hasText: referrerEmail });
  await expect(held.getByText('Authorised from an address the referrer used within a day')).toBeVisible();
  await expect(held.getByRole('link', { name: txn })).toHaveAttribute('href', `/ops/payments/${txn}`);
  await expect(held.getByText('Amazon')).toBeVisible();
  await expect(held.getByRole('button', { name: 'Send gift card…' })).toHaveCount(0);

  await held.getByRole('button', { name: 'Release…' }).click();
  const release = held.getByRole('form', { name: 'Release the reward' });
  await release.getByLabel('Reason').fill('Called Rita: the friend is a classmate at another address');
  await release.getByRole('button', { name: 'Release to earned' }).click();
  await expect(page.getByRole('status')).toHaveText('The reward was released: it is earned now.');
  await expect(held).toHaveCount(0);

  await page.getByRole('link', { name: 'Earned', exact: true }).click();
  const earned = page.getByRole('article').filter({ hasText: referrerEmail });
  await earned.getByRole('button', { name: 'Send gift card…' }).click();
  const send = earned.getByRole('form', { name: 'Send the gift card' });
  await send.getByLabel('Gift card code').fill('AMZN-E2E-7788-QQ');
  await send.getByLabel('Reason').fill('November payout');
  await send.getByLabel('Your password').fill('not the password 000');
  await send.getByRole('button', { name: 'E-mail the code to the referrer' }).click();
  await expect(send.getByText('Your current password is incorrect')).toBeVisible();
  await expectAccessible(page, 'on Rewards, sending');
  await noSideways(page);
  await shot(page, 'ops-rewards-send-1280');
  await earned.screenshot({ path: path.join(screenshotDir, 'ops-rewards-send-item-1280.png') });
  await send.getByLabel('Your password').fill(password);
  await send.getByRole('button', { name: 'E-mail the code to the referrer' }).click();
  await expect(page.getByRole('status')).toHaveText(`The code was e-mailed to ${referrerEmail}.`);

  const mail = await mailWith(request, referrerEmail, 'AMZN-E2E-7788-QQ');
  expect(mail.subject).toContain('Amazon gift card');
  await page.getByRole('link', { name: 'Sent', exact: true }).click();
  await expect(page.getByRole('article').filter({ hasText: referrerEmail }).getByText('Sent', { exact: true })).toBeVisible();

  // The audit log: both actions with their reasons, never the code.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Entries, newest first' });
  await expect(log.getByRole('row').nth(1)).toContainText('reward.send');
  await expect(log.getByRole('row').nth(1)).toContainText('November payout');
  await expect(log.getByRole('row').nth(2)).toContainText('reward.release');
  await expect(page.getByText('AMZN-E2E-7788-QQ')).toHaveCount(0);

  // Health.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Health' }).click();
  await expect(page.getByRole('region', { name: 'Ledger' }).getByText(/The ledger check passes/)).toBeVisible();
  await expectAccessible(page, 'on Health');
  await noSideways(page);
  await shot(page, 'ops-health-1280');

  // Explain's Fix: resend the friend's receipt e-mail, with a reason.
  await page.goto(`/ops/payments/${txn}`);
  const emails = page.getByRole('region', { name: 'E-mails' });
  const first = emails.getByRole('listitem').first();
  const subject = (await first.locator('p').first().textContent())!.trim();
  await first.getByRole('button', { name: /^Resend…/ }).click();
  await first.getByLabel('Reason').fill('The payer asked for it again');
  await expectAccessible(page, 'on Explain, resending');
  await shot(page, 'ops-explain-resend-1280');
  await emails.screenshot({ path: path.join(screenshotDir, 'ops-explain-resend-emails-1280.png') });
  await first.getByRole('button', { name: 'Resend this e-mail' }).click();
  await expect(first.getByRole('status')).toContainText('Queued again');
  await expect(emails.getByText(subject, { exact: true })).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Audit log of this payment' }).getByText('The payer asked for it again')).toBeVisible();
});
