import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, shot, expectAccessible } from './fixtures';
import { password, uniqueEmail } from './account-helpers';
import { previousCode, totp } from './totp';
import { acceptPartnerTermsInPage, expectToast } from './wizard-helpers';
import { awaitingPayment, verifiedAccount } from './api';


async function fillStep1(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
}

async function signUpThroughWizard(page: Page, email: string, withBank: boolean, mexico = false) {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  const cont = page.getByRole('button', { name: 'Continue' });
  await expect(cont).toBeDisabled();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password + 'x');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(cont).toBeDisabled();
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await cont.click();

  if (mexico) await page.getByLabel('Country').selectOption('mexico');
  await page.getByLabel('First Name').fill(mexico ? 'Juan' : 'Ana');
  await page.getByLabel('Last Name').fill(mexico ? 'Pérez' : 'Souza');
  await page.getByLabel(mexico ? 'CURP' : 'CPF').fill(mexico ? 'BOXW310820HNERXN09' : '529.982.247-25');
  const dob = page.getByLabel('Date of Birth');
  await dob.pressSequentially(mexico ? '200819311234' : '100519901234');
  await expect(dob).toHaveValue(mexico ? '20/08/1931' : '10/05/1990');
  await page.getByLabel('Phone Number').fill(mexico ? '+52 55 1234 5678' : '+55 11 98765-4321');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('Street Address').fill('Rua Augusta 1500');
  await page.getByLabel('City').fill('São Paulo');
  await page.getByLabel('State/Province').fill('SP');
  await page.getByLabel('ZIP/Postal Code').fill('01304-001');
  await page.getByRole('button', { name: 'Continue' }).click();

  const create = page.getByRole('button', { name: 'Create Account' });
  if (withBank) {
    await page.getByLabel('I have a US bank account to receive payments').check();
    await expect(create).toBeDisabled();
    await page.getByLabel('Account Holder Name').fill('Ana Souza');
    await page.getByLabel('Bank Name').fill('JPMorgan Chase Bank');
    await page.getByLabel('Bank Street Address').fill('383 Madison Avenue');
    await page.getByLabel('Bank City').fill('New York');
    await page.getByLabel('Bank State').fill('NY');
    await page.getByLabel('Bank ZIP Code').fill('10179');
    await page.getByLabel('Routing Number').fill('021000021');
    await page.getByLabel('Account Number').fill('000123456789');
  }
  // The payment partner's terms (BlindPay) come on the last step, before the account's payer profile is made.
  await acceptPartnerTermsInPage(page);
  await expect(create).toBeEnabled();
  await create.click();
  await expectToast(page, 'Account created successfully! Welcome to Crebit.');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Crebit Dashboard' })).toBeVisible();
  // Issue 26, item 5: after sign-up a student is offered Quick Match.
  const offer = page.getByRole('region', { name: 'Are you a student?' });
  await expect(offer.getByRole('link', { name: 'Start Quick Match' })).toHaveAttribute('href', '/signup-stage1');
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);
}

async function apiSignUp(request: APIRequestContext, email: string) {
  const r = await request.post('/api/signup', { data: { email, password } });
  expect(r.status()).toBe(200);
}

test.describe('accounts', () => {
  test('sign up without a bank account, header, sign out, guarded dashboard', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' })).toBeVisible();
    await page.goto('/signup');
    await shot(page, 'accounts-signup-step1-1280');
    await expectAccessible(page, 'sign-up step 1');
    await signUpThroughWizard(page, uniqueEmail('ana'), false);
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The header shows the signed-in state (the greeting joins the row from 1536 px; the dashboard's user card names her).
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your account' }).getByText(/^Ana/)).toBeVisible();
    await expect(page.getByText('Please confirm your e-mail address')).toBeVisible();
    await shot(page, 'accounts-dashboard-1280');
    await nav.getByRole('button', { name: 'Sign out' }).click();
    await expect(nav.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/signin\?next=\/dashboard$/);
  });

  test('sign up with a US bank account (Mexico)', async ({ page }) => {
    await signUpThroughWizard(page, uniqueEmail('juan'), true, true);
    await page.setViewportSize({ width: 1600, height: 900 });
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Hi, Juan')).toBeVisible();
  });

  test('a wrong password shows the one generic error', async ({ page, request }) => {
    const email = uniqueEmail('wrong');
    await apiSignUp(request, email);
    await page.goto('/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not the password 1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Incorrect email or password')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/');
    await shot(page, 'accounts-signin-error-1280');
    await expectAccessible(page, 'sign-in');
  });

  test('reset the password through the sandbox mailbox', async ({ page, request }) => {
    const email = uniqueEmail('reset');
    await apiSignUp(request, email);
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The page loads lazily: fill its own field, not the sign-in form's.
    await expect(page).toHaveURL(/\/forgot-password/);
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('If an account exists for this address')).toBeVisible();
    await page.goto('/sandbox-mailbox');
    const item = page.getByRole('link', { name: new RegExp(`Reset your Crebit password.*${email.replace(/[.+]/g, '\\$&')}`) });
    await expect(item).toBeVisible({ timeout: 20_000 });
    await item.click();
    // The HTML part, as the message was stored, drawn in its frame before the picture is taken.
    await expect(page.frameLocator('iframe').getByText('Someone asked to reset the password of your Crebit account.')).toBeVisible();
    await shot(page, 'accounts-mailbox-1280');
    await page.getByRole('link', { name: /\/reset-password\?token=/ }).click();
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    const fresh = 'a brand new passphrase 9';
    await page.getByLabel('Password', { exact: true }).fill(fresh);
    await page.getByLabel('Confirm Password').fill(fresh);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Your password was changed')).toBeVisible();
    await page.goto('/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(fresh);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('sign in with two-factor authentication', async ({ page, request }) => {
    const email = uniqueEmail('tfa');
    await verifiedAccount(request, email);
    const secret = ((await (await request.post('/api/two-factor/enrol', { data: { current_password: password } })).json()) as { secret: string }).secret;
    const confirm = await request.post('/api/two-factor/confirm', { data: { code: await previousCode(secret) } });
    expect(confirm.status()).toBe(200);
    await page.goto('/signin?next=/dashboard');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await page.getByLabel('6-digit code or recovery code').fill(totp(secret));
    await shot(page, 'accounts-signin-2fa-1280');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('pay as a guest, then sign up: the payment is the account’s', async ({ page, browser, baseURL }) => {
    // The payment is made through the API before any page loads, so that the
    // header's rate probes cannot start a second session.
    const txn = await awaitingPayment(page, { holder: 'Ana Souza' });

    const email = uniqueEmail('guest');
    await signUpThroughWizard(page, email, false);

    const other = await browser.newContext({ baseURL });
    const r = other.request;
    expect((await r.get(`/api/transaction-status?transaction_id=${txn}`)).ok()).toBe(true);
    expect(((await (await r.get(`/api/transaction-status?transaction_id=${txn}`)).json()) as { owned: boolean }).owned).toBe(false);
    expect((await r.post('/api/signin', { data: { email, password } })).status()).toBe(200);
    expect(((await (await r.get(`/api/transaction-status?transaction_id=${txn}`)).json()) as { owned: boolean }).owned).toBe(true);
    await other.close();
  });

  test('screens at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/signup');
    await fillStep1(page, 'small@example.com');
    await shot(page, 'accounts-signup-step1-360');
    await page.goto('/signin');
    await shot(page, 'accounts-signin-360');
    await page.getByRole('button', { name: 'Menu' }).click().catch(() => undefined);
    await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await shot(page, 'accounts-menu-360');
  });
});
