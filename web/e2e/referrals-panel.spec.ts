import { test, expect, shot } from './fixtures';
import { uniqueEmail } from './account-helpers';
import { verifiedAccount } from './api';

// Issue 26, item 6: the referral panel showed only after the first payment.
// A signed-in account always has it; before its payer profile exists, the
// panel says where the link will come from.
test('a new account without payments has its referral panel', async ({ page }) => {
  await verifiedAccount(page, uniqueEmail('refpanel'));
  await page.goto('/dashboard');
  const panel = page.getByRole('heading', { name: 'Refer friends, earn $100' });
  await expect(panel).toBeVisible();
  await expect(page.getByText(/Your personal link appears here once your payer profile is set up/)).toBeVisible();
  await expect(page.getByText('Friends invited')).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await shot(page, 'referrals-panel-no-profile-1280');
});
