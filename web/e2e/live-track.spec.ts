import type { APIRequestContext } from '@playwright/test';
import { expect, shot, test } from './fixtures';

// The sandbox moves only when told, so each stage is caused by the test.
test.use({ serverEnv: { CREBIT_SANDBOX_AUTO_ADVANCE: '0' } });

/** Answer holds the fields these tests read from the API's JSON answers. */
interface Answer {
  customer_id: string;
  wallet_address: string;
  total_local_amount: number;
  on_ramp: { id: string };
  transaction_id: string;
}

async function ok(r: Awaited<ReturnType<APIRequestContext['post']>>): Promise<Answer> {
  expect(r.ok(), `${r.url()}: ${r.status()} ${await r.text()}`).toBe(true);
  return (await r.json()) as Answer;
}

/** pixPayment opens a Pix payment in the page's own session (cookies shared). */
async function pixPayment(api: APIRequestContext): Promise<string> {
  const c = await ok(
    await api.post('/api/create-customer', {
      data: {
        first_name: 'Maria', last_name: 'Silva', email: 'maria@example.com', phone_number: '5511987654321',
        type: 'individual', date_of_birth: '1990-05-10',
        identity_documents: [{ type: 'national_id', value: '529.982.247-25', country: 'brazil' }],
        address: { street_line_1: 'Rua Augusta 100', city: 'São Paulo', state: 'SP', postal_code: '01305-000', country: 'brazil' },
      },
    }),
  );
  await ok(
    await api.post('/api/create-external-account', {
      data: {
        customer_id: c.customer_id, account_name: "Maria Silva's USD Account", beneficiary_name: 'Maria Silva',
        bank_name: 'JPMorgan Chase', bank_account_number: '000123456789', routing_number: '021000021',
        address: { street_line_1: '270 Park Ave', city: 'New York', state: 'NY', postal_code: '10017', country: 'USA' },
      },
    }),
  );
  const q = await ok(await api.post('/api/create-quote', { data: { symbol: 'USDC/BRL', amount_usd: 150 } }));
  const p = await ok(
    await api.post('/api/create-pix-payment', {
      data: { amount_brl: q.total_local_amount, customer_id: c.customer_id, wallet_address: c.wallet_address,
        quote_id: q.on_ramp.id, sender_name: 'Maria Silva', sender_document: '529.982.247-25' },
    }),
  );
  return p.transaction_id as string;
}

test('the owner sees each stage on /track as it happens, then the rail reference and the receipt', async ({ page }) => {
  // The payment is made first, so its session cookie is in the context before
  // any page's own requests (the header's rate probes) could start another.
  const txn = await pixPayment(page.request);
  await page.goto(`/track?transaction_id=${txn}`);
  const status = page.getByText('Current status').locator('..');
  await expect(status).toContainText('Waiting for your Pix payment');
  // The stream is open: the page says it updates live instead of polling.
  await expect(page.getByText('This page updates as soon as your payment moves.')).toBeVisible();

  const steps: Array<[string, string]> = [
    ['payin_processing', 'Payment processing'],
    ['payin_completed', 'Payment received'],
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
