import type { Page } from '@playwright/test';
import { test, expect, shot, expectAccessible } from './fixtures';
import { uniqueEmail } from './account-helpers';
import { awaitingPayment, verifiedAccount } from './api';

// The information, legal, authorization, payment-complete and track pages,
// against the real binary and its sandbox partner.

interface PageCase {
  path: string;
  name: string;
  title: RegExp;
  h1: string;
  texts: Array<string | RegExp>;
}

const pages: PageCase[] = [
  {
    path: '/how-it-works',
    name: 'how-it-works',
    title: /How It Works — Crebit/,
    h1: 'How It Works',
    texts: [
      'Enter school info',
      'School name and address',
      'Student ID',
      'Get a guaranteed quote',
      /locked for 5 minutes/,
      'Pay locally',
      /via PIX in Brazil, or via SPEI in Mexico/,
      'Choose delivery',
      'Mail Check to School',
      '5-7 business days',
      'USD to Your US Bank Account',
      'Within 3 hours on a business day',
      'Transfer service',
      'Tuition-payment service',
      '$15-$25',
      '2-4 business days',
    ],
  },
  {
    path: '/how-it-works/guide',
    name: 'payment-guide',
    title: /Payment Guide — Crebit/,
    h1: 'Payment Guide',
    texts: ['Before you start', 'Authorizing your payment', 'Refunds', 'Legal and compliance'],
  },
  {
    path: '/payment-status-updates',
    name: 'status-updates',
    title: /Payment Status Updates — Crebit/,
    h1: 'Payment Status Updates',
    texts: [
      'How e-mail notifications work',
      // The server's own e-mail texts (GET /api/payment-emails), the same the e-mails carry.
      'Payment received',
      'Converting to US dollars',
      'US dollars delivered',
      'Check mailed',
      'Within 5 minutes of your payment',
      'Subject: We received your payment',
      'If a payment does not go through',
      'Payment not received in time',
      /Check your spam or junk folder/,
      'support@crebit.io',
      'Support is available 24/7.',
    ],
  },
  {
    path: '/check-payment-status',
    name: 'check-status',
    title: /Check Payment Status — Crebit/,
    h1: 'Check Payment Status',
    texts: [
      'Payment Confirmed',
      'Within 5 minutes of payment',
      'Currency Converted',
      'Within 30 minutes',
      'Check Approved & Mailed',
      'Next business day, overnight delivery',
      'Delivery Updates',
      'Real-time tracking',
    ],
  },
  {
    path: '/compliance',
    name: 'compliance',
    title: /Compliance — Crebit/,
    h1: 'Compliance',
    texts: [
      'Our role: your agent only',
      /not a bank or money transmitter/,
      'Licensed partners',
      'Know Your Customer and anti-money-laundering (KYC/AML)',
      'How we verify your identity',
      'How your money moves',
      /converts the local currency into USDC/,
      'Data protection',
    ],
  },
  {
    path: '/terms',
    name: 'terms',
    title: /Terms of Service — Crebit/,
    h1: 'Terms of Service',
    texts: [/Last updated:/, /laws of the State of Delaware/, /within 30 days of the transaction/, /only to the original sender/],
  },
  {
    path: '/terms-of-service',
    name: 'terms-of-service',
    title: /Terms of Service — Crebit/,
    h1: 'Terms of Service',
    texts: [/cannot be withdrawn, cancelled or redirected/, /Crebit is not a bank or money transmitter/],
  },
  {
    path: '/privacy',
    name: 'privacy',
    title: /Privacy Policy — Crebit/,
    h1: 'Privacy Policy',
    texts: [/Last updated:/, /Crebit itself keeps only your e-mail address/, /held by our licensed partner/],
  },
  {
    path: '/privacy-policy',
    name: 'privacy-policy',
    title: /Privacy Policy — Crebit/,
    h1: 'Privacy Policy',
    texts: ['How long we keep it', 'Cookies'],
  },
  {
    path: '/payment-authorization',
    name: 'payment-authorization',
    title: /Payment Authorization — Crebit/,
    h1: 'Payment Authorization',
    texts: [/cannot withdraw or redirect the funds/, /not a bank or money transmitter/],
  },
  {
    path: '/payment-complete',
    name: 'payment-complete',
    title: /Payment Submitted — Crebit/,
    h1: 'Payment Submitted!',
    texts: ['What happens next', 'Within 5 minutes of your payment', 'Refer Friends & Earn $100', /Referrals need a completed payment profile/],
  },
  {
    path: '/track',
    name: 'track',
    title: /Track a Payment — Crebit/,
    h1: 'Track a Payment',
    texts: ['Transaction ID'],
  },
];

/** expectFitsWidth fails when the page scrolls sideways (content wider than the viewport). */
async function expectFitsWidth(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page wider than the viewport').toBeLessThanOrEqual(client);
}

async function check(page: Page, c: PageCase) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.h1);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('main#main')).toHaveCount(1);
  await expect(page).toHaveTitle(c.title);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description?.length ?? 0).toBeGreaterThan(50);
  for (const text of c.texts) {
    await expect(page.getByText(text).first()).toBeVisible();
  }
}

test.describe('information pages', () => {
  for (const c of pages) {
    test(`${c.path} renders, is accessible and fits 360 px`, async ({ page }) => {
      await page.goto(c.path);
      await check(page, c);
      await expectAccessible(page, c.path);
      await shot(page, `info-${c.name}-desktop`);

      await page.setViewportSize({ width: 360, height: 780 });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectFitsWidth(page);
      await expectAccessible(page, `${c.path} at 360 px`);
      await shot(page, `info-${c.name}-360`);
    });
  }

  test('How It Works: Start Your Payment leads to country selection', async ({ page }) => {
    await page.goto('/how-it-works');
    const start = page.getByRole('link', { name: 'Start Your Payment' }).first();
    await expect(start).toHaveAttribute('href', '/country-selection');
    await start.click();
    await expect(page).toHaveURL(/\/country-selection$/);
  });

  test('the guide links to the legal pages', async ({ page }) => {
    await page.goto('/how-it-works/guide');
    const main = page.locator('main');
    await expect(main.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    await expect(main.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(main.getByRole('link', { name: 'Start Your Payment' })).toHaveAttribute('href', '/country-selection');
    await main.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  });

  test('terms: the table of contents jumps to its section', async ({ page }) => {
    await page.goto('/terms');
    const toc = page.getByRole('navigation', { name: 'Contents' });
    await toc.getByRole('link', { name: '16. Governing law' }).click();
    await expect(page).toHaveURL(/#law$/);
    await expect(page.getByRole('heading', { level: 2, name: '16. Governing law' })).toBeInViewport();
  });
});

test.describe('payment authorization', () => {
  test('the button is disabled until the box is ticked, then the consent is recorded', async ({ page }) => {
    await page.goto('/payment-authorization');
    const box = page.getByRole('checkbox', { name: /I have read and agree to this Payment Authorization/ });
    const confirm = page.getByRole('button', { name: 'Confirm Authorization' });
    await expect(box).not.toBeChecked();
    await expect(confirm).toBeDisabled();

    await page.getByText('I have read and agree to this Payment Authorization').click();
    await expect(box).toBeChecked();
    await expect(confirm).toBeEnabled();
    await shot(page, 'info-payment-authorization-ticked');

    const recorded = page.waitForResponse((r) => r.url().endsWith('/api/payment-authorization') && r.request().method() === 'POST');
    await confirm.click();
    const res = await recorded;
    expect(res.status()).toBe(201);
    expect(res.request().postDataJSON()).toEqual({ accepted: true });
    await expect(page.getByText(/Digitally signed on/)).toBeVisible();
    await shot(page, 'info-payment-authorization-signed');
    await expect(page).toHaveURL(/\/country-selection$/);
  });
});

/**
 * createPixPayment makes a real Pix payment through the API in the page's
 * cookie jar, from Maria Silva, for 100 USD (api.ts's awaitingPayment: it
 * accepts the partner's terms and waits for the partner's verification
 * where the partner asks for them).
 */
async function createPixPayment(page: Page): Promise<{ transactionId: string }> {
  return { transactionId: await awaitingPayment(page, { holder: 'Maria Silva' }) };
}

test.describe('track', () => {
  test("a real payment's stages progress with their times", async ({ page }) => {
    // The payment first: its session cookie is then in the context before the
    // page's own requests (the header's rate probes) could start another.
    const { transactionId } = await createPixPayment(page);
    await page.goto('/track');

    await page.getByRole('textbox', { name: 'Transaction ID' }).fill(transactionId);
    await page.getByRole('button', { name: 'Track Payment' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?transaction_id=${transactionId}$`));
    await expect(page.getByRole('heading', { name: `Payment ${transactionId}` })).toBeVisible();
    const stages = page.getByRole('list', { name: 'Payment stages' }).getByRole('listitem');
    await expect(stages).toHaveCount(6);
    await expect(stages.nth(1)).toContainText('Waiting for your Pix payment');
    await expect(stages.nth(3)).toContainText('Payment received');
    // Before the pay-in, 'Payment received' is still pending.
    await expect(stages.filter({ hasText: 'Payment received' })).toContainText('Pending');
    await expect(page.getByText(/^R\$\s*\d+,\d{2}$/)).toBeVisible();
    await expect(page.getByText('$100.00')).toBeVisible();
    // The payer's own session sees the details; made through the API, not by this
    // tab's wizard nor by an account, the payment has no screen to return to (issue 26, item 7).
    await expect(page.getByRole('heading', { name: 'Your payment details' })).toBeVisible();
    await expect(page.getByText('Maria Silva')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to your payment' })).toHaveCount(0);
    await shot(page, 'info-track-awaiting');

    const hook = await page.request.post('/api/trigger-mock-webhook', { data: { transaction_id: transactionId, event: 'payin_completed' } });
    expect(hook.ok(), await hook.text()).toBe(true);

    // The page refreshes by itself; re-submitting also works.
    await expect(async () => {
      await page.getByRole('button', { name: /Track Payment|Looking up/ }).click({ timeout: 2000 }).catch(() => {});
      await expect(stages.filter({ hasText: 'Payment received' }).locator('time')).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    const receivedAt = await stages.filter({ hasText: 'Payment received' }).locator('time').getAttribute('datetime');
    expect(Number.isNaN(Date.parse(receivedAt ?? ''))).toBe(false);
    // The sandbox then converts and delivers by itself.
    await expect(stages.filter({ hasText: 'USD delivered' }).locator('time')).toBeVisible({ timeout: 45_000 });
    await expect(page.getByText('Current status').locator('..')).toContainText('USD delivered');
    await shot(page, 'info-track-delivered');
    await page.setViewportSize({ width: 360, height: 780 });
    await expectFitsWidth(page);
    await expectAccessible(page, '/track with a payment');
    await shot(page, 'info-track-delivered-360');
  });

  test('a payment seen from another browser shows no personal details', async ({ page, browser, baseURL }) => {
    // The payment first: its session cookie is then in the context before the
    // page's own requests (the header's rate probes) could start another.
    const { transactionId } = await createPixPayment(page);
    await page.goto('/track');
    const other = await browser.newContext({ baseURL });
    const stranger = await other.newPage();
    await stranger.goto(`/track?transaction_id=${transactionId}`);
    await expect(stranger.getByRole('textbox', { name: 'Transaction ID' })).toHaveValue(transactionId);
    await expect(stranger.getByRole('heading', { name: `Payment ${transactionId}` })).toBeVisible();
    await expect(stranger.getByRole('list', { name: 'Payment stages' })).toContainText('Waiting for your Pix payment');
    await expect(stranger.getByRole('heading', { name: 'Your payment details' })).toHaveCount(0);
    await expect(stranger.getByText('Maria Silva')).toHaveCount(0);
    await other.close();
  });

  test('an unknown id shows the not-found message', async ({ page }) => {
    await page.goto('/track');
    await page.getByRole('textbox', { name: 'Transaction ID' }).fill('txn_doesnotexist');
    await page.getByRole('button', { name: 'Track Payment' }).click();
    await expect(page.getByRole('alert')).toHaveText('Transaction not found. Please check the transaction ID.');
    await expectAccessible(page, '/track not found');
    await shot(page, 'info-track-not-found');
  });
});

test.describe('payment complete', () => {
  test('a payer with a profile invites friends', async ({ page }) => {
    // Invitations come from a signed-in account with a confirmed address (issue 25).
    await verifiedAccount(page, uniqueEmail('complete-referrer'));
    await createPixPayment(page);
    await page.goto('/payment-complete');
    const first = page.getByRole('textbox', { name: "Friend's email 1" });
    await expect(first).toBeVisible();
    await first.fill('ana@example.com');
    await page.getByRole('button', { name: 'Add another email' }).click();
    await page.getByRole('textbox', { name: "Friend's email 2" }).fill('bia@example.com');
    await shot(page, 'info-payment-complete-referrals');
    await page.getByRole('button', { name: 'Send Invites' }).click();
    await expect(page.getByText('Referrals submitted!', { exact: true })).toBeVisible();
    await expect(page.getByText(/^2 invites sent\./)).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Friend's email/ })).toHaveCount(1);
    await expect(first).toHaveValue('');
    await expectAccessible(page, '/payment-complete with the form');

    // Sending the same friends again stores no new invitation.
    await first.fill('ana@example.com');
    await page.getByRole('button', { name: 'Send Invites' }).click();
    await expect(page.getByText(/^No new invites were sent/)).toBeVisible();

    await first.fill('nobody');
    await page.getByRole('button', { name: 'Send Invites' }).click();
    await expect(page.getByText('No valid emails', { exact: true })).toBeVisible();
    // The toast confirms; the message also sits under the first field.
    await expect(page.getByText('Please enter at least one valid email address to refer someone.', { exact: true })).toHaveCount(2);
    await expect(first).toHaveAccessibleDescription('Please enter at least one valid email address to refer someone.');
  });
});
