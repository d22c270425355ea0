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
  // The confirmation toast never covers the top card's match badge.
  const toast = page.getByText('Saved to your tracker', { exact: true });
  await expect(toast).toBeVisible();
  const [t, badge] = [await toast.boundingBox(), await card.getByText(/% match$/).boundingBox()];
  expect(t && badge).toBeTruthy();
  const overlaps = t!.x < badge!.x + badge!.width && badge!.x < t!.x + t!.width && t!.y < badge!.y + badge!.height && badge!.y < t!.y + t!.height;
  expect(overlaps, `toast ${JSON.stringify(t)} over the badge ${JSON.stringify(badge)}`).toBe(false);
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

/** mail waits for the newest sandbox-mailbox message to `to` whose subject matches, and returns it whole. */
async function mail(page: import('@playwright/test').Page, to: string, subject: RegExp) {
  let id = '';
  await expect.poll(async () => {
    const r = await page.request.get('/api/sandbox/mailbox');
    const { messages } = (await r.json()) as { messages: Array<{ id: string; to: string; subject: string }> };
    id = messages.find((m) => m.to === to && subject.test(m.subject))?.id ?? '';
    return id;
  }).not.toBe('');
  const r = await page.request.get(`/api/sandbox/mailbox/${id}`);
  return (await r.json()) as { subject: string; text: string; headers?: Record<string, string> };
}

function linkTo(text: string, path: string): string {
  const found = text.split(/\s+/).find((w) => w.startsWith('http') && new URL(w).pathname === path);
  expect(found, `a link to ${path}`).toBeTruthy();
  const u = new URL(found!);
  return u.pathname + u.search;
}

test('e-mail alerts: opt in, confirm from the e-mail, the first digest arrives with one-click unsubscribe, unsubscribe', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = uniqueEmail('alerts');
  await signUp(page, email);
  await page.goto('/scholarship-search?q=derecho');
  await page.getByRole('button', { name: 'E-mail me new matches and deadlines' }).click();
  await expect(page.getByText('Check your e-mail to confirm the alerts')).toBeVisible();

  const confirm = await mail(page, email, /Confirm your scholarship alerts/);
  await page.goto(linkTo(confirm.text, '/scholarship-alerts/confirm'));
  await expect(page.getByText(/Your alerts are on\./)).toBeVisible();
  await expectAccessible(page, 'on the alert confirmation page');
  await shot(page, 'alerts-confirmed-1280');

  const digest = await mail(page, email, /New scholarships for you/);
  expect(digest.text).toContain('MALDEF Law School Scholarship');
  expect(digest.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  expect(digest.headers?.['List-Unsubscribe']).toMatch(/^<http.*\/api\/scholarships\/alerts\/unsubscribe\?id=.*&token=.*>$/);

  await page.goto('/dashboard/scholarships');
  await expect(page.getByTestId('alerts')).toContainText('On: a digest at most weekly');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(linkTo(digest.text, '/scholarship-alerts/unsubscribe'));
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('Done: you will not receive these e-mails again.')).toBeVisible();
  await shot(page, 'alerts-unsubscribed-360');
  await page.goto('/dashboard/scholarships');
  await expect(page.getByText('No alerts yet: start one from a search.')).toBeVisible();
});
