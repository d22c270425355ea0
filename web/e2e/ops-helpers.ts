// The console's browser-test helpers: an operator made as `crebit operator
// add` makes one, signed in through the sign-in screen with a code.
import type { APIRequestContext, Page } from '@playwright/test';
import { crebit, expect, type Server } from './fixtures';
import { verifiedAccount } from './api';
import { password } from './account-helpers';
import { previousCode, totp } from './totp';

/** newAdmin makes a verified account with two-factor on, made an admin as `crebit operator add` does; it returns the TOTP secret. */
export async function newAdmin(server: Server, request: APIRequestContext, email: string): Promise<string> {
  await verifiedAccount(request, email);
  const enrol = await request.post('/api/two-factor/enrol', { data: { current_password: password } });
  expect(enrol.status(), await enrol.text()).toBe(200);
  const { secret } = (await enrol.json()) as { secret: string };
  // The code of the step before, so that the sign-in below uses a fresh one.
  const confirm = await request.post('/api/two-factor/confirm', { data: { code: await previousCode(secret) } });
  expect(confirm.status(), await confirm.text()).toBe(200);
  expect(await crebit(server, 'operator', 'add', email, '--role', 'admin', '--reason', 'e2e: the first admin')).toContain('admin');
  return secret;
}

/** signInWithCode signs the page's browser in through the sign-in screen, code step included, and lands on /ops. */
export async function signInWithCode(page: Page, email: string, secret: string) {
  await page.goto('/signin?next=/ops');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('6-digit code or recovery code').fill(totp(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/ops$/);
}

/** noSideways fails when the page scrolls sideways (wide tables must scroll inside their own box). */
export async function noSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  // On failure, name the elements that reach past the right edge.
  const wide =
    overflow > 0
      ? await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth)
            .slice(-6)
            .map((e) => `${e.tagName}.${e.className} right=${Math.round(e.getBoundingClientRect().right)} "${(e.textContent ?? '').slice(0, 60)}"`)
            .join('\n'),
        )
      : '';
  expect(overflow, `horizontal overflow in px; wide elements:\n${wide}`).toBeLessThanOrEqual(0);
}
