import type { APIRequestContext } from '@playwright/test';
import { expect, shot, test } from './fixtures';
import { awaitingPayment } from './api';

// The sandbox moves only when told, so each stage is caused by the test.
test.use({ serverEnv: { CREBIT_SANDBOX_AUTO_ADVANCE: '0' } });

async function ok(r: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(r.ok(), `${r.url()}: ${r.status()} ${await r.text()}`).toBe(true);
}

test('the owner sees each stage on /track as it happens, then the rail reference and the receipt', async ({ page }) => {
  // The payment is made first, so its session cookie is in the context before
  // any page's own requests (the header's rate probes) could start another.
  const txn = await awaitingPayment(page, { holder: 'Maria Silva', amountUSD: '150' });
  await page.goto(`/track?transaction_id=${txn}`);
  const status = page.getByText('Current status').locator('..');
  await expect(status).toContainText('Waiting for your Pix payment');
  // The stream is open: the page says it updates live instead of polling.
  await expect(page.getByText('This page updates as soon as your payment moves.')).toBeVisible();

  // BlindPay reports no stage between the payer's Pix and its arrival: its
  // pay-in is "processing" from creation (shown as waiting), and the
  // deposit's arrival (payin_processing here) completes it, so the old
  // sandbox's 'Payment processing' never shows; Crebit then asks for the
  // payout (Converting to USD), which BlindPay sends (offramp_created: no
  // new stage for the payer) and completes.
  const steps: Array<[string, string]> = [
    ['payin_processing', 'Payment received'],
    ['payin_completed', 'Converting to USD'],
    ['offramp_created', 'Converting to USD'],
    ['offramp_completed', 'USD delivered'],
  ];
  for (const [event, label] of steps) {
    await ok(await page.request.post('/api/trigger-mock-webhook', { data: { transaction_id: txn, event } }));
    // While the stream is open the page does not poll at all (it refetches
    // only when an event arrives), so seeing the stage proves it was pushed.
    await expect(status).toContainText(label);
    // (A finished payment has nothing left to stream: the notice then goes.)
    if (event !== 'offramp_completed') await expect(page.getByText('This page updates as soon as your payment moves.')).toBeVisible();
  }
  await expect(page.getByText('Pix end-to-end ID')).toBeVisible();
  await expect(page.getByText(/^E18236120\d{12}[A-Za-z0-9]{11}$/)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download receipt (PDF)' }).click()]);
  expect(download.suggestedFilename()).toBe(`crebit-receipt-${txn}.pdf`);
  await shot(page, 'track-live-completed');
});
