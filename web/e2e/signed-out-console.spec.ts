// Issue 26, item 14: every signed-out page logged a 401 for GET /api/me in
// the console. Being signed out is an answer (204), not an error.
import { test, expect } from './fixtures';

for (const path of ['/', '/track', '/scholarships']) {
  test(`a signed-out visit to ${path} logs no console error`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const me = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me');
    await page.goto(path);
    expect((await me).status()).toBe(204);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });
}
