import type { Page } from '@playwright/test';
import { test, expect, shot, expectAccessible } from './fixtures';

// Scholarships against the real binary and its shipped catalog: overview →
// Quick Match → matched search with chips → a card → Apply Now opens the
// official page → filters and sorts change the results; the eligibility
// form; axe on every page; screenshots at 1280 and 360 px.

/** Official pages are not reachable from the test machine: answer them locally. */
async function stubOfficialSites(page: Page) {
  await page.context().route(/^https:\/\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Official site</title>' }));
}

async function foundCount(page: Page): Promise<number> {
  const text = (await page.getByRole('heading', { name: /Scholarships? Found/ }).textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

test('Quick Match → matched search → card → Apply Now → filters and sorts', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await stubOfficialSites(page);

  await page.goto('/scholarships');
  await expect(page.getByRole('heading', { level: 1, name: 'Scholarships' })).toBeVisible();
  await expect(page.getByText(/\d+ programs in our catalog, last verified on /)).toBeVisible();
  await expectAccessible(page, 'on /scholarships');
  await shot(page, 'scholarships-overview-1280');

  await page.getByRole('link', { name: 'Start Quick Match' }).click();
  await expect(page).toHaveURL(/\/signup-stage1$/);
  const tabs = ['Identity & Mobility', 'Education Snapshot', 'Financial & Access', 'Affinity & Eligibility'];
  for (const name of tabs) await expect(page.getByRole('tab', { name })).toBeVisible();
  await page.getByRole('group', { name: 'Countries of citizenship' }).getByLabel('Brazil').check();
  await page.getByLabel('Country where you live now').selectOption('BR');
  await page.getByLabel('Country where you plan to study').selectOption('US');
  await page.getByLabel('US visa status').selectOption('None_NA');
  await expectAccessible(page, 'on Quick Match, first tab');
  await shot(page, 'quick-match-identity-1280');
  // Tabs are directly clickable.
  await page.getByRole('tab', { name: 'Education Snapshot' }).click();
  await page.getByRole('group', { name: 'Degree level' }).getByLabel("Master's").check();
  await page.getByRole('group', { name: 'Major areas of interest' }).getByLabel('Engineering', { exact: true }).check();
  await page.getByLabel('Current GPA').fill('4.7');
  await page.getByRole('tab', { name: 'Affinity & Eligibility' }).click();
  await expect(page.getByText(/used only to match you, are never shown to anyone else/)).toBeVisible();
  await page.getByRole('group', { name: 'Gender identity' }).getByLabel('Woman').check();
  await expectAccessible(page, 'on Quick Match, affinity tab');
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  // The GPA is over the 4.0 scale: the form shows the Education tab's error and stays.
  await expect(page.getByRole('tab', { name: 'Education Snapshot' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Enter a GPA between 0 and 4.')).toBeVisible();
  await page.getByLabel('Current GPA').fill('3.8');
  await page.getByRole('tab', { name: 'Financial & Access' }).click();
  await page.getByRole('group', { name: 'First in your family to go to college?' }).getByLabel('Yes').check();
  await page.getByRole('tab', { name: 'Affinity & Eligibility' }).click();
  await page.getByRole('button', { name: 'Complete Profile' }).click();

  await expect(page).toHaveURL(/\/scholarship-search$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Scholarship Search' })).toBeVisible();
  await expect(page.getByText('Leap ahead with scholarships tailored to you')).toBeVisible();
  await expect(page.getByText('Matched to your saved profile.')).toBeVisible();
  await expect(page.getByText('Showing results sorted by Best Match')).toBeVisible();
  await expect(page.getByText(/^Magic = match × award size × deadline urgency/)).toBeVisible();
  const matched = await foundCount(page);
  expect(matched).toBeGreaterThan(0);
  const cards = page.getByTestId('result-card');
  await expect(cards.first().getByTestId('why-chips')).toContainText(/Citizens of Brazil|Living in Brazil/);
  await expect(cards.first().getByText(/\d+% match/)).toBeVisible();

  // One card expanded at a time.
  const first = cards.nth(0).getByRole('button', { name: /^Show details of / });
  await first.click();
  await expect(cards.nth(0).getByRole('heading', { name: 'Requirements' })).toBeVisible();
  await expect(cards.nth(0).getByRole('heading', { name: 'Eligibility' })).toBeVisible();
  await cards.nth(1).getByRole('button', { name: /^Show details of / }).click();
  await expect(cards.nth(0).getByRole('heading', { name: 'Requirements' })).toBeHidden();
  await cards.nth(1).getByRole('button', { name: /^Hide details of / }).click();
  await expect(cards.nth(1).getByRole('heading', { name: 'Requirements' })).toBeHidden();
  await cards.nth(0).getByRole('button', { name: /^Show details of / }).click();
  // The legitimacy evidence: where the facts were checked and what is never listed.
  await expect(cards.nth(0).getByRole('heading', { name: 'Why we list it' })).toBeVisible();
  await expect(cards.nth(0).getByTestId('trust')).toContainText(/not a sweepstakes|We found no official page/);
  await expectAccessible(page, 'on the search with a card expanded');
  await shot(page, 'scholarship-search-1280');

  // Apply Now opens the official page in a new tab.
  const apply = cards.nth(0).getByRole('link', { name: /Apply Now/ });
  const official = await apply.getAttribute('href');
  expect(official).toMatch(/^https:\/\//);
  await expect(apply).toHaveAttribute('target', '_blank');
  await expect(apply).toHaveAttribute('rel', /noopener/);
  const [popup] = await Promise.all([page.waitForEvent('popup'), apply.click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(official);
  await popup.close();

  // Filters change the results and live in the URL.
  await page.getByRole('button', { name: 'Advanced Filters' }).click();
  for (const label of ['Minimum award (US$)', 'Maximum award (US$)', 'Award Type', 'Renewable', 'Field of Study', 'Academic Level',
    'Year of Study', 'Minimum GPA', 'Application Deadline', 'Residency Status', 'Special Categories']) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  // Each option says how many programs it leaves; an empty one cannot be chosen.
  await expect(page.getByLabel('Award Type').getByRole('option', { name: /^Need-based \(\d+\)$/ })).toBeEnabled();
  await expect(page.getByLabel('Award Type').getByRole('option', { name: 'Athletic (0)' })).toBeDisabled();
  await page.getByLabel('Award Type').selectOption('need');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/award=need/);
  await expect.poll(() => foundCount(page)).toBeLessThan(matched);
  await expectAccessible(page, 'on the search with the filters open');
  await shot(page, 'scholarship-search-filters-1280');

  // A filter set is saved and offered again.
  await page.getByRole('button', { name: 'Save Filter Set' }).click();
  await page.getByLabel('Filter set name').fill('Need-based');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Apply Need-based' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear All Filters' }).click();
  await expect(page).not.toHaveURL(/award=/);
  await expect.poll(() => foundCount(page)).toBe(matched);
  await page.getByRole('button', { name: 'Apply Need-based' }).click();
  await expect(page).toHaveURL(/award=need/);
  await page.getByRole('button', { name: 'Clear All Filters' }).click();

  // Sorts reorder; the back button returns to the previous sort.
  const titles = () => cards.locator('button[aria-expanded] .text-lg').allTextContents();
  const best = await titles();
  await page.getByRole('button', { name: 'Deadline', exact: true }).click();
  await expect(page.getByText('Showing results sorted by Deadline')).toBeVisible();
  await expect(page).toHaveURL(/sort=deadline/);
  await expect.poll(titles).not.toEqual(best);
  await page.getByRole('button', { name: 'Magic', exact: true }).click();
  await expect(page.getByText('Showing results sorted by Magic')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/sort=deadline/);

  // Natural language: the AI mode shows what it understood.
  await page.getByRole('button', { name: /AI Semantic Search/ }).click();
  await expect(page.getByText('AI Active')).toBeVisible();
  await page.getByLabel('Search scholarships').fill('beca para mexicana que estudia ingeniería en Texas');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('understood')).toContainText('Citizens of Mexico');
  await expect(page.getByTestId('understood')).toContainText('Field: engineering');
  await expect(page.getByTestId('understood')).toContainText('State: TX');
  await shot(page, 'scholarship-search-semantic-1280');
});

test('eligibility form saves and continues to the search', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/scholarship-eligibility');
  await expect(page.getByRole('heading', { level: 1, name: 'Scholarship Eligibility' })).toBeVisible();
  await page.getByLabel('Household income (US$ per year)').selectOption('under-25k');
  await page.getByRole('group', { name: 'First-generation college student?' }).getByLabel('Yes').check();
  await page.getByLabel('GPA', { exact: true }).fill('excellent');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter a GPA such as 3.6 (out of 4.0) or 8.5/10.')).toBeVisible();
  await expectAccessible(page, 'on the eligibility form with an error');
  await shot(page, 'scholarship-eligibility-1280');
  await page.getByLabel('GPA', { exact: true }).fill('3.6');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/scholarship-search$/);
  await expect(page.getByText('Matched to your saved profile.')).toBeVisible();
  await page.goto('/scholarship-eligibility');
  await expect(page.getByLabel('GPA', { exact: true })).toHaveValue('3.6');
});

test('every scholarship page at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  for (const [path, name] of [
    ['/scholarships', 'scholarships-overview'],
    ['/signup-stage1', 'quick-match'],
    ['/scholarship-eligibility', 'scholarship-eligibility'],
    ['/scholarship-search?mode=semantic&q=bolsa+para+mulher+brasileira+em+engenharia', 'scholarship-search'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (name === 'scholarship-search') {
      await expect(page.getByRole('heading', { name: /Scholarships? Found/ })).toBeVisible();
      await page.getByTestId('result-card').first().getByRole('button').first().click();
      // Titles keep a readable width beside the match badge (they wrapped one word a line).
      for (const card of await page.getByTestId('result-card').all()) {
        const [title, body] = [await card.locator('.text-lg').first().boundingBox(), await card.boundingBox()];
        expect(title!.width, 'a card title squeezed by its badge').toBeGreaterThan(body!.width * 0.6);
      }
    }
    await expectAccessible(page, `on ${path} at 360 px`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    await shot(page, `${name}-360`);
  }
});
