import { test, expect, shot } from './fixtures';

test.describe('foundation', () => {
  test('home page, the banner to country selection', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Crebit/);
    await shot(page, 'foundation-home');
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(messages.some((m) => m.includes('/no-such-page'))).toBe(true);
    await shot(page, 'foundation-404');
  });
});
