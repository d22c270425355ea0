import { test, expect, shot, expectAccessible } from './fixtures';
import type { APIRequestContext, Locator, Page } from '@playwright/test';

const bookingUrl = 'https://calendly.com/crebit/intro';
const universities = ['MIT', 'FSU', 'Northwestern', 'Columbia', 'Stanford', 'NYU', 'Harvard', 'Dartmouth'];

const brl = (n: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(n);
const mxn = (n: number) => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(n);
const amount = (n: number, locale: string) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

/** indicativeRate asks the server for the calculator's rate, as the page does. */
async function indicativeRate(request: APIRequestContext, symbol: string, quoteType: string): Promise<number> {
  const res = await request.post('/api/create-quote-new', { data: { symbol, quote_type: quoteType } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { effective_rate: number }).effective_rate;
}

/** normalise makes Intl's narrow and non-breaking spaces comparable with page text. */
function normalise(s: string) {
  return s.replace(/[\u00a0\u202f]/g, ' ');
}

async function expectText(locator: Locator, text: string) {
  await expect.poll(async () => normalise((await locator.textContent()) ?? '')).toContain(normalise(text));
}

async function visitBothWidths(page: Page, path: string, name: string, heading: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const [suffix, size] of [
    ['desktop', { width: 1280, height: 900 }],
    ['360', { width: 360, height: 740 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expectAccessible(page, `${path} at ${suffix}`);
    // Lazy images load once scrolled to; the screenshot shows the whole page.
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await shot(page, `${name}-${suffix}`);
  }
}

test.describe('landing page', () => {
  test('renders every section of / with its key texts', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Crebit/);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toMatch(/Pix or SPEI/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Trusted by students and families at' })).toBeVisible();
    const names = page.locator('[data-marquee-list="main"] li');
    await expect(names).toHaveText(universities);
    await expect(page.getByRole('heading', { name: 'Pay Tuition Abroad' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why Crebit is different' })).toBeAttached();
    for (const card of ['Transparent FX', 'Start Anywhere', 'Built for Trust', 'Best Rates']) {
      await expect(page.getByRole('heading', { level: 3, name: card, exact: true })).toBeAttached();
    }
    await expect(page.getByRole('heading', { name: 'Transparent. Fast. Borderless.' })).toBeAttached();
    for (const card of ['Flexible Payment Methods', 'Localized Pay-Ins', 'Smart Dashboards', 'Settlement Speed', 'Transparent FX Quotes']) {
      await expect(page.getByRole('heading', { level: 3, name: card, exact: true })).toBeAttached();
    }
    const book = page.getByRole('link', { name: /Book a Call With Us/ });
    await expect(book).toHaveAttribute('href', bookingUrl);
    await expect(book).toHaveAttribute('target', '_blank');
    await expect(book).toHaveAttribute('rel', /noopener/);
    await expect(page.getByLabel('Email address')).toHaveAttribute('type', 'email');
    await expect(page.getByRole('button', { name: 'Sign Up' })).toBeAttached();
    const preview = page.getByRole('img', { name: /Preview of the Crebit dashboard/ });
    await preview.scrollIntoViewIfNeeded();
    await expect(preview).toBeVisible();
    await expect(preview).toContainText('Within 3 hours on a business day');
  });

  test('/tuition-payments is the same screen', async ({ page }) => {
    await page.goto('/tuition-payments');
    await expect(page.getByRole('heading', { name: 'Pay Tuition Abroad' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why Crebit is different' })).toBeAttached();
  });

  test('sections below the first screen fade in once 10% visible; the first screen is never hidden', async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('main > section').first();
    await expect(hero).not.toHaveAttribute('data-reveal-state', /.*/);
    const founders = page.locator('section[aria-labelledby="founders-story"]');
    await expect(founders).toHaveAttribute('data-reveal-state', 'pending');
    await founders.scrollIntoViewIfNeeded();
    await expect(founders).toHaveAttribute('data-reveal-state', 'shown');
    await expect(founders).toHaveCSS('opacity', '1');
    // The marquee loops in 60 s with 120px between names, and in 100 s while hovered.
    const track = page.locator('[data-marquee-track]');
    const timing = () =>
      track.evaluate((el) => el.getAnimations().map((a) => ({ duration: a.effect?.getTiming().duration, rate: a.playbackRate })));
    await expect.poll(timing).toEqual([{ duration: 60_000, rate: 1 }]);
    await expect(page.locator('[data-marquee-list="main"]')).toHaveCSS('column-gap', '120px');
    await page.locator('[data-marquee]').hover();
    await expect.poll(timing).toEqual([{ duration: 60_000, rate: 0.6 }]);
    await page.mouse.move(5, 5);
    await expect.poll(timing).toEqual([{ duration: 60_000, rate: 1 }]);
  });

  test('reduced motion: nothing is hidden and the marquee stands still', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.locator('[data-reveal-state]')).toHaveCount(0);
    await page.locator('[data-marquee-track]').scrollIntoViewIfNeeded();
    expect(await page.locator('[data-marquee-track]').evaluate((el) => el.getAnimations().length)).toBe(0);
    await expect(page.locator('[data-marquee-list="copy"]')).toBeHidden();
    for (const name of universities) await expect(page.locator('[data-marquee-list="main"]').getByText(name)).toBeInViewport();
  });

  test('sign-up answers the same for a new and an already subscribed e-mail', async ({ page }) => {
    await page.goto('/');
    const email = `family-${Date.now()}@example.com`;
    const field = page.getByLabel('Email address');
    const signUp = page.getByRole('button', { name: 'Sign Up' });

    await field.fill('not-an-address');
    await signUp.click();
    await expect(page.getByRole('alert')).toContainText(/valid email/i);
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await field.fill(email);
    const first = page.waitForResponse((r) => r.url().endsWith('/api/subscribe'));
    await signUp.click();
    const res1 = await first;
    expect(res1.status()).toBe(200);
    expect(JSON.parse(res1.request().postData() ?? '{}')).toEqual({ email, source: 'landing' });
    const status = page.getByRole('status').filter({ hasText: /subscribed/ });
    await expect(status).toHaveText(((await res1.json()) as { message: string }).message);
    await expect(status).toContainText(/subscribed/i);
    const firstText = await status.textContent();

    await page.reload();
    await page.getByLabel('Email address').fill(email);
    const second = page.waitForResponse((r) => r.url().endsWith('/api/subscribe'));
    await page.getByRole('button', { name: 'Sign Up' }).click();
    expect((await second).status()).toBe(200);
    // The same words: the form must not tell who is already subscribed.
    await expect(page.getByRole('status').filter({ hasText: /subscribed/ })).toHaveText(firstText ?? '');
  });
});

test.describe('foreign-exchange page and calculator', () => {
  test('renders its sections, tiles and compliance statement', async ({ page }) => {
    await page.goto('/foreign-exchange');
    await expect(page).toHaveTitle(/Foreign exchange/);
    const convert = page.getByRole('link', { name: 'CONVERT CURRENCY' });
    await expect(convert).toHaveAttribute('href', '/country-selection');
    await expect(page.getByRole('heading', { name: 'Start Anywhere' })).toBeAttached();
    for (const card of ['Fast, reliable transfers', 'Best rates, every time', '24/7/365 Support']) {
      await expect(page.getByRole('heading', { level: 3, name: card })).toBeAttached();
    }
    await expect(page.getByRole('heading', { name: 'Pay Tuition Abroad' })).toBeAttached();
    await expect(page.locator('blockquote')).toBeAttached();
    await expect(page.getByRole('link', { name: /Book a Call With Us/ })).toHaveAttribute('href', bookingUrl);
    const steps = page.locator('section[aria-labelledby="fx-steps"]');
    await expect(steps).toContainText('within 3 hours on a business day');
    await expect(steps.getByRole('link', { name: /Brazil \(BRL\)/ })).toHaveAttribute('href', '/get-started');
    await expect(steps.getByRole('link', { name: /Mexico \(MXN\)/ })).toHaveAttribute('href', '/get-started-mexico');
    await expect(steps.getByText('More coming soon')).toBeAttached();
    await expect(steps.getByRole('link', { name: /More coming soon/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Compliance' })).toBeAttached();
    await convert.click();
    await expect(page).toHaveURL(/\/country-selection$/);
  });

  test('converts both ways, compares providers, swaps and refuses unsupported swaps', async ({ page, request }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/create-quote') || r.url().endsWith('/api/rates')) calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    const [brlRate, mxnRate, reverseRate] = await Promise.all([
      indicativeRate(request, 'USDC/BRL', 'on_ramp'),
      indicativeRate(request, 'USDC/MXN', 'on_ramp'),
      indicativeRate(request, 'USDC/BRL', 'off_ramp'),
    ]);
    await page.goto('/foreign-exchange');
    const send = page.getByLabel('You send');
    const receive = page.getByLabel('You receive');
    const rateLine = page.locator('dl').filter({ hasText: 'Rate' }).first();

    // Live rates replace the defaults once GET /api/rates answers (the
    // header's and the calculator's one read; no quote is locked).
    await expect(rateLine).toContainText(`1 USD = ${brlRate.toFixed(4)} BRL`);
    expect(calls).toEqual(['GET /api/rates']);
    await expect(send).toHaveAttribute('placeholder', amount(brlRate, 'pt-BR'));

    // BRL -> USD: receive = send / rate.
    await send.fill('1000');
    await expect(receive).toHaveValue(amount(1000 / brlRate, 'en-US'));
    // USD -> BRL: send = receive * rate.
    await receive.fill('200');
    await expect(send).toHaveValue(amount(200 * brlRate, 'pt-BR'));
    // The 1.00 floor.
    await send.fill('2');
    await expect(receive).toHaveValue('1.00');
    await send.fill('');
    await expect(receive).toHaveValue('1.00');

    // A comparison provider uses its own figures.
    await send.fill('564');
    await page.getByLabel('Provider').selectOption({ label: 'Transfer service' });
    await expect(receive).toHaveValue('100.00');
    await expect(rateLine).toContainText('$15-20');
    await expect(rateLine).toContainText('1-3 Business Days');
    await page.getByRole('button', { name: 'Swap currencies' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Feature not currently live' })).toBeVisible();

    // Changing country recomputes send from receive.
    await page.getByLabel('Provider').selectOption({ label: 'Crebit' });
    await receive.fill('100');
    await page.getByLabel('Currency').selectOption('mexico');
    await expect(send).toHaveValue(amount(100 * mxnRate, 'es-MX'));
    await page.getByRole('button', { name: 'Swap currencies' }).click();
    const unsupported = page.getByText('USD to MXN not currently supported');
    await expect(unsupported).toBeVisible();
    await expect(unsupported).toBeHidden({ timeout: 5_000 });

    // Brazil swaps to USD -> BRL at the off-ramp rate.
    await page.getByLabel('Currency').selectOption('brazil');
    await page.getByRole('button', { name: 'Swap currencies' }).click();
    await expect(send).toHaveValue('');
    await expect(receive).toHaveValue('');
    await expect(rateLine).toContainText(`1 USD = ${reverseRate.toFixed(4)} BRL`);
    await expect(page.getByLabel('Provider')).toBeDisabled();
    await send.fill('100');
    await expect(receive).toHaveValue(amount(100 * reverseRate, 'pt-BR'));
    await page.getByRole('button', { name: 'Swap currencies' }).click();
    await expect(page.getByLabel('Currency')).toHaveValue('brazil');
    await expect(send).toHaveValue('');
    await expect(page.getByLabel('Provider')).toBeEnabled();

    // Reload reads the rates again.
    calls.length = 0;
    await page.getByRole('button', { name: 'Refresh rates' }).click();
    await expect.poll(() => calls).toEqual(['GET /api/rates']);
  });
});

test.describe('country selection', () => {
  test('shows the three steps and the country cards', async ({ page }) => {
    await page.goto('/country-selection');
    await expect(page.getByRole('heading', { level: 1, name: 'Send money to the U.S. in 3 steps' })).toBeVisible();
    for (const step of ['Start', 'Pay in local currency', 'Receive USD']) {
      await expect(page.getByRole('heading', { level: 2, name: step })).toBeVisible();
    }
    await expect(page.getByText(/within 3 hours on a business day/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Brazil/ })).toHaveAttribute('href', '/get-started');
    await expect(page.getByRole('link', { name: /Mexico/ })).toHaveAttribute('href', '/get-started-mexico');
    await expect(page.getByText('More countries coming soon')).toBeVisible();
    await expect(page.getByRole('link', { name: /More countries/ })).toHaveCount(0);
    const text = page.getByText(/Mobile Money in Ghana and Nigeria/);
    await expect(text).toContainText('Pix');
    await expect(text).toContainText('SPEI');
    await expect(text).toContainText('Colombian bank transfer');
    await page.getByRole('link', { name: /Mexico/ }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/get-started-mexico');
  });
});

test.describe('rate page', () => {
  test('gets a live quote, shows the comparison and both savings', async ({ page }) => {
    await page.goto('/quote');
    await expect(page).toHaveTitle(/rate/i);
    await expect(page.getByRole('button', { name: 'SEND MONEY' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
    const amountField = page.getByLabel('Amount in USD');
    await expect(amountField).toHaveValue('5000');
    await expect(page.getByLabel('Country')).toHaveValue('BR');
    await expect(page.getByText('Pix', { exact: true })).toBeVisible();
    const getRate = page.getByRole('button', { name: 'Get Live Rate' });

    // Issue 16: the amount is read as typed (never digits only); 0 is explained under the field.
    await amountField.fill('0');
    await getRate.click();
    await expect(amountField).toHaveAccessibleDescription(/Enter an amount greater than 0/);
    await amountField.fill('5000');

    // Before a quote the product shows the live rate (the spec's typical 5.12 only when it cannot be fetched).
    const crebit = page.locator('section[aria-labelledby="comparison-title"] li').nth(0);
    await expect(crebit).toContainText('Live rate');
    await expect(crebit).not.toContainText('5.1200 BRL per USD');
    await expect(crebit).toContainText('$5-15');
    await expect(crebit).toContainText('Within 3 hours on a business day');
    const transfer = page.locator('section[aria-labelledby="comparison-title"] li').nth(1);
    await expect(transfer).toContainText('$15-$25');
    await expect(transfer).toContainText('1-3 business days');
    const tuition = page.locator('section[aria-labelledby="comparison-title"] li').nth(2);
    await expect(tuition).toContainText('$20-$35');
    await expect(tuition).toContainText('2-4 business days');

    await amountField.fill('5000');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/create-quote') && (r.request().postData() ?? '').includes('"amount_usd":5000'));
    await getRate.click();
    const res = await answer;
    expect(JSON.parse(res.request().postData() ?? '{}')).toEqual({ symbol: 'USDC/BRL', amount_usd: 5000 });
    const q = (await res.json()) as { total_local_amount: number; effective_rate: number; total_fees_usd: number; amount_usd: number };

    const results = page.locator('section[aria-labelledby="quote-results"]');
    await expectText(results, brl(q.total_local_amount));
    await expectText(results, `${q.effective_rate.toFixed(4)} BRL per USD`);
    await expectText(results, '$5,000.00');
    await expectText(crebit, `${q.effective_rate.toFixed(4)} BRL per USD`);

    const savings = page.locator('section[aria-labelledby="savings-title"] li');
    await expectText(savings.nth(0), brl(6.06 * (5000 + 20) - q.total_local_amount));
    await expectText(savings.nth(0), 'Transfer service');
    await expectText(savings.nth(1), brl(5.88 * (5000 + 27.5) - q.total_local_amount));
    await expectText(savings.nth(1), 'Tuition-payment service');
    await expect(page.getByRole('link', { name: 'Continue to Payment' })).toHaveAttribute('href', '/get-started?amount=5000.00');
    await shot(page, 'quote-with-result-desktop');

    // Changing country resets the method and clears the quote.
    await page.getByLabel('Country').selectOption('MX');
    await expect(page.getByText('SPEI', { exact: true })).toBeVisible();
    await expect(results).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Continue to Payment' })).toHaveAttribute('href', '/get-started-mexico?amount=5000.00');
    await expect(crebit).toContainText(/Live rate.*\d+\.\d{4} MXN per USD/);
    await expect(crebit).not.toContainText('17.8900 MXN per USD');

    await amountField.fill('1200');
    const mxAnswer = page.waitForResponse((r) => r.url().endsWith('/api/create-quote') && (r.request().postData() ?? '').includes('"amount_usd":1200'));
    await getRate.click();
    const mq = (await (await mxAnswer).json()) as { total_local_amount: number };
    await expectText(results, mxn(mq.total_local_amount));
    await expectText(savings.nth(0), mxn(19.28 * (1200 + 20) - mq.total_local_amount));
    await expectText(savings.nth(1), mxn(19.5 * (1200 + 27.5) - mq.total_local_amount));

    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a server refusal shows in the red box', async ({ page }) => {
    await page.goto('/quote');
    await page.getByLabel('Amount in USD').fill('999999999');
    // This quote, not the header's 1 USD live-rate probe that may answer meanwhile.
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/create-quote') && r.request().method() === 'POST' && (r.request().postData() ?? '').includes('999999999'),
    );
    await page.getByRole('button', { name: 'Get Live Rate' }).click();
    const res = await answer;
    expect(res.status()).toBe(400);
    const { error } = (await res.json()) as { error: string };
    expect(error).toMatch(/maximum/i);
    await expect(page.getByRole('alert')).toHaveText(error);
  });
});

test.describe('public pages: accessibility and screenshots', () => {
  test('/ at desktop and 360 px', async ({ page }) => {
    await visitBothWidths(page, '/', 'home', 'Pay US tuition in reais or pesos.');
  });
  test('/foreign-exchange at desktop and 360 px', async ({ page }) => {
    await visitBothWidths(page, '/foreign-exchange', 'foreign-exchange', 'Convert reais and pesos to US dollars at a rate you can see');
  });
  test('/country-selection at desktop and 360 px', async ({ page }) => {
    await visitBothWidths(page, '/country-selection', 'country-selection', 'Send money to the U.S. in 3 steps');
  });
  test('/quote at desktop and 360 px', async ({ page }) => {
    await visitBothWidths(page, '/quote', 'quote', 'Get a live rate');
  });
});

test('an invitation link hands its referral code to the server', async ({ page }) => {
  const arrival = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/referral-arrival');
  await page.goto('/signup?ref=0A1B2C3D4E');
  const req = await arrival;
  expect(req.postDataJSON()).toEqual({ code: '0A1B2C3D4E' });
  expect((await req.response())?.status()).toBe(204);
});
