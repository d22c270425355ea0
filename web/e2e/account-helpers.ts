// Shared steps of the account browser tests.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const password = 'correct horse battery staple 42';

let counter = 0;
/** uniqueEmail is an address no other test (or earlier run) used. */
export const uniqueEmail = (name: string) => `${name}.${Date.now()}.${++counter}@example.com`;

/** signUp creates an account through the API, before any page loads (so the header's rate probes cannot race the new session's cookie). */
export async function signUp(page: Page, email: string) {
  const r = await page.request.post('/api/signup', { data: { email, password } });
  expect(r.status()).toBe(200);
}
