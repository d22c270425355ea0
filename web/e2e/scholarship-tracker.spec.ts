import { test, expect, shot, expectAccessible } from './fixtures';
import { signUp, uniqueEmail } from './account-helpers';

// The tracker against the real binary: a signed-in student saves a program
// from the search, finds it on the dashboard, moves it forward, ticks a
// document and keeps notes; a reload shows what was saved. 1280 and 360 px.

test('save a program from the search and track its application on the dashboard', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, uniqueEmail('tracker'));
  await page.goto('/scholarship-search?q=MALDEF');
  const card = page.getByTestId('result-card').filter({ hasText: 'MALDEF Law School Scholarship' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('legitimacy')).toContainText('Free to apply');
  await card.getByRole('button', { name: 'Save to tracker: MALDEF Law School Scholarship' }).click();
  await expect(card.getByRole('link', { name: 'In your tracker' })).toBeVisible();
  await shot(page, 'tracker-saved-from-search-1280');

  await card.getByRole('link', { name: 'In your tracker' }).click();
  await expect(page).toHaveURL(/\/dashboard\/scholarships$/);
  const app = page.getByTestId('tracked-application').filter({ hasText: 'MALDEF Law School Scholarship' });
  await expect(app.getByTestId('application-status')).toHaveText('Interested');
  // A result is not offered before submitting.
  await expect(app.getByRole('button', { name: 'Move to: Awarded' })).toHaveCount(0);
  await app.getByRole('button', { name: 'Move to: Preparing' }).click();
  await expect(app.getByTestId('application-status')).toHaveText('Preparing');
  await app.getByLabel('Transcript, résumé and recommendation letters').check();
  await app.getByLabel('Notes').fill('Ask Prof. Lima for the second letter');
  await app.getByRole('button', { name: 'Save notes' }).click();
  await expect(app.getByRole('button', { name: 'Save notes' })).toBeDisabled();
  await expectAccessible(page, 'on the scholarship tracker');
  await shot(page, 'tracker-dashboard-1280');

  await page.reload();
  const again = page.getByTestId('tracked-application').filter({ hasText: 'MALDEF Law School Scholarship' });
  await expect(again.getByTestId('application-status')).toHaveText('Preparing');
  await expect(again.getByLabel('Transcript, résumé and recommendation letters')).toBeChecked();
  await expect(again.getByLabel('Online application with a personal statement')).not.toBeChecked();
  await expect(again.getByLabel('Notes')).toHaveValue('Ask Prof. Lima for the second letter');

  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  await expect(again.getByTestId('application-status')).toBeVisible();
  await shot(page, 'tracker-dashboard-360');
});
