// Issue 26, item 1: Make a Payment in Portuguese. "150,75" was previewed as
// US$ 150,75 but the summary read US$ 15.075,00 and Process Payment asked
// for a quote of 15075 dollars. What is previewed, summarised, sent to the
// server and authorized is one amount, read by the one parser.
import { test, expect, shot } from './fixtures';
import { uniqueEmail, signUp } from './account-helpers';
import { awaitingPayment } from './api';
import { expectNoHorizontalScroll } from './wizard-helpers';

for (const width of [1280, 360]) {
  test(`pt-BR Make a Payment at ${width} px: "150,75" is US$ 150,75 from the preview to the quote request`, async ({ page, context, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    await context.addCookies([{ name: 'crebit_lang', value: 'pt-BR', url: baseURL! }]);
    await signUp(page, uniqueEmail('ptamount'));
    // A verified Brazil profile with a saved US bank account, made through the API.
    await awaitingPayment(page, { holder: 'Ana Souza' });

    await page.goto('/dashboard/payment');
    await expect(page.getByRole('heading', { level: 2, name: 'Enviar dinheiro' })).toBeVisible();
    await page.getByLabel('Valor (USD)').fill('150,75');
    await page.getByLabel('Destinatário').fill('Boston University');
    await expect(page.getByTestId('pay-estimate')).toContainText('US$ 150,75');
    await page.getByRole('button', { name: 'Continuar para a forma de pagamento' }).click();

    await page.getByLabel('USD na sua conta bancária nos EUA').check();
    await page.getByRole('button', { name: 'Continuar com a conta bancária' }).click();
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 2, name: 'Resumo do pagamento' })).toBeVisible();
    await expect(main.getByText('US$ 150,75', { exact: true })).toBeVisible();
    await expect(main.getByText('15.075')).toHaveCount(0);
    if (width === 360) await expectNoHorizontalScroll(page);
    await shot(page, `dashboard-payment-pt-summary-${width}`);

    // The header's 1 USD rate probes post to the same path: wait for this tab's request.
    const quoteRequest = page.waitForRequest((r) => {
      if (new URL(r.url()).pathname !== '/api/create-quote' || r.method() !== 'POST') return false;
      return (r.postDataJSON() as { amount_usd?: number }).amount_usd !== 1;
    });
    await page.getByRole('button', { name: 'Processar pagamento' }).click();
    expect((await quoteRequest).postDataJSON()).toEqual({ symbol: 'USDC/BRL', amount_usd: 150.75 });
    await expect(page.getByRole('timer')).toBeVisible();
    await expect(main.getByText('US$ 150,75', { exact: true })).toBeVisible();
    await shot(page, `dashboard-payment-pt-authorize-${width}`);
  });
}
