// Issue 26, item 14: at 1280 px a toast sat fixed in the bottom-right corner
// although the search's cards reach into that margin, and covered the top
// card's match badge. On a page whose content is wide, toasts take their own
// room at the top of the page; only narrow pages (the wizards, /track) keep
// them in the right margin.
import { test, expect } from './fixtures';
import { signUp, uniqueEmail } from './account-helpers';

test('at 1280 px a toast never covers a search card, wherever the card is on screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signUp(page, uniqueEmail('toastroom'));
  await page.goto('/scholarship-search?q=MALDEF');
  const card = page.getByTestId('result-card').filter({ hasText: 'MALDEF Law School Scholarship' });
  await card.getByRole('button', { name: 'Save to tracker: MALDEF Law School Scholarship' }).click();
  const toast = page.getByText('Saved to your tracker', { exact: true });
  await expect(toast).toBeVisible();
  // Bring the card's match badge to the bottom-right of the screen, where a fixed toast sat.
  const badge = card.getByText(/% match$/);
  const box = (await badge.boundingBox())!;
  await page.evaluate((dy) => window.scrollBy(0, dy), box.y + box.height - (720 - 24));
  await expect.poll(async () => Math.round((await badge.boundingBox())!.y + box.height)).toBeGreaterThan(600);
  const [t, b] = [await toast.boundingBox(), await badge.boundingBox()];
  const overlaps = !!t && !!b && t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height;
  expect(overlaps, `toast ${JSON.stringify(t)} over the badge ${JSON.stringify(b)}`).toBe(false);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(toast).toBeInViewport();
  await page.screenshot({ path: 'test-results/screenshots/toast-top-search-1280.png' });
});
