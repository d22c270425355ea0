import { test, expect, shot, expectAccessible } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';

const bookingUrl = 'https://calendly.com/crebit/intro';

/**
 * headerRates reads what the header shows when live: GET /api/rates, the
 * indicative rates the server keeps (issue 31), on-ramp figures per USD.
 * (It used to be a 1 USD quote, which matched with the old sandbox's
 * near-zero fee but not with BlindPay's flat fee: a 1 USD quote costs
 * 11.11 BRL there.) The server here is healthy, so they must be live; the
 * fallback figures have their own test (public-site-failures.spec.ts).
 */
async function headerRates(request: APIRequestContext): Promise<{ brl: number; mxn: number }> {
  const res = await request.get('/api/rates');
  expect(res.ok(), `GET /api/rates: ${res.status()} ${await res.text()}`).toBe(true);
  const body = (await res.json()) as { rates: Array<{ local_currency: string; on_ramp: number }> };
  const rate = (currency: string) => body.rates.find((r) => r.local_currency === currency)?.on_ramp;
  const brl = rate('BRL');
  const mxn = rate('MXN');
  expect(typeof brl === 'number' && typeof mxn === 'number', JSON.stringify(body)).toBe(true);
  return { brl: brl!, mxn: mxn! };
}

function panel(page: Page, id: string) {
  return page.locator(`#${id}`);
}

test.describe('site header and footer', () => {
  test('the banner on / leads to /country-selection and is only on the landing screens', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('link', { name: 'Lowest fees. Fastest Foreign Exchange. Guaranteed →' });
    await expect(banner).toBeVisible();
    await banner.click();
    await expect(page).toHaveURL(/\/country-selection$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Send money to the U.S. in 3 steps' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Lowest fees/ })).toHaveCount(0);

    await page.goto('/tuition-payments');
    await expect(page.getByRole('link', { name: /Lowest fees/ })).toBeVisible();
    await page.goto('/foreign-exchange');
    await expect(page.getByRole('link', { name: /Lowest fees/ })).toHaveCount(0);
  });

  test('logo, LEARN and PARTNER, and the SEND MONEY rates on hover', async ({ page, request }) => {
    await page.goto('/foreign-exchange');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Crebit' })).toHaveAttribute('href', '/');
    for (const name of ['LEARN', 'PARTNER']) {
      const link = nav.getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', bookingUrl);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }

    // The header shows the live indicative rates.
    const { brl, mxn } = await headerRates(request);
    const expectBrl = brl.toFixed(2);
    const expectMxn = mxn.toFixed(2);

    const sendMoney = nav.getByRole('button', { name: 'SEND MONEY' });
    await expect(sendMoney).toHaveAttribute('aria-expanded', 'false');
    await sendMoney.hover();
    await expect(sendMoney).toHaveAttribute('aria-expanded', 'true');
    const menu = panel(page, 'send-money-menu');
    const brazil = menu.getByRole('link', { name: /Send money from Brazil/ });
    await expect(brazil).toHaveAttribute('href', '/get-started');
    await expect(brazil).toContainText('Pay with Pix');
    await expect(brazil).toContainText(`${expectBrl} BRL per USD`);
    const mexico = menu.getByRole('link', { name: /Send money from Mexico/ });
    await expect(mexico).toHaveAttribute('href', '/get-started-mexico');
    await expect(mexico).toContainText('Pay with SPEI');
    await expect(mexico).toContainText(`${expectMxn} MXN per USD`);
    await shot(page, 'header-send-money-desktop');

    // Moving away closes it.
    await page.mouse.move(10, 600);
    await expect(sendMoney).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await sendMoney.hover();
    await brazil.click();
    // The wizard then records its step in the URL (?step=1).
    await expect(page).toHaveURL(/\/get-started(\?step=1)?$/);
  });

  test('PAY TUITION shows the fixed rates and works from the keyboard', async ({ page }) => {
    await page.goto('/country-selection');
    const payTuition = page.getByRole('button', { name: 'PAY TUITION' });
    await payTuition.focus();
    await page.keyboard.press('Enter');
    await expect(payTuition).toHaveAttribute('aria-expanded', 'true');
    const menu = panel(page, 'pay-tuition-menu');
    await expect(menu.getByRole('link', { name: /Send money from Brazil/ })).toContainText('5.42 BRL per USD');
    await expect(menu.getByRole('link', { name: /Send money from Mexico/ })).toContainText('18.56 MXN per USD');
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: /Send money from Brazil/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(payTuition).toHaveAttribute('aria-expanded', 'false');
    await expect(payTuition).toBeFocused();
    await page.keyboard.press('Space');
    await expect(payTuition).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page, 'header with an open dropdown');
  });

  test('the header changes once scrolled past 90% of the viewport minus 100px', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Pay Tuition Abroad' })).toBeAttached();
    const header = page.locator('header').first();
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    const threshold = await page.evaluate(() => window.innerHeight * 0.9 - 100);
    await page.evaluate((y) => window.scrollTo({ top: y - 20, behavior: 'instant' }), threshold);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate((y) => window.scrollTo({ top: y + 40, behavior: 'instant' }), threshold);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('the header is hidden on /quote and the wizards; the footer is everywhere', async ({ page }) => {
    for (const path of ['/quote', '/get-started', '/get-started-mexico']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'SEND MONEY' })).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toBeVisible();
    }
  });

  test('footer: support, legal and partner links, disclaimer', async ({ page }) => {
    await page.goto('/country-selection');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: 'Customer Support' })).toBeVisible();
    await expect(footer.getByRole('link', { name: /^\+1 / })).toHaveCount(3);
    await expect(footer.getByRole('link', { name: 'support@crebit.io' })).toHaveAttribute('href', 'mailto:support@crebit.io');
    await expect(footer.getByRole('link', { name: 'Schedule a Live Call' })).toHaveAttribute('href', bookingUrl);
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    for (const name of ['Become an Ambassador', 'University Partners', 'Banks & Credit Unions']) {
      const link = footer.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', bookingUrl);
      await expect(link).toHaveAttribute('target', '_blank');
    }
    await expect(footer).toContainText('not a bank');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Crebit`);
    await footer.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
  });

  test('mobile: the hamburger menu at 360x740 opens and shows both groups', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'SEND MONEY' })).toBeHidden();
    const button = page.getByRole('button', { name: 'Menu' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveAttribute('aria-controls', 'mobile-menu');
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator('#mobile-menu');
    await expect(menu.getByRole('heading', { name: 'SEND MONEY' })).toBeVisible();
    await expect(menu.getByRole('heading', { name: 'PAY TUITION' })).toBeVisible();
    await expect(menu.getByRole('link', { name: /Send money from Brazil/ })).toHaveCount(2);
    await expect(menu.getByRole('link', { name: /Send money from Mexico/ })).toHaveCount(2);
    await expect(menu.getByRole('link', { name: 'LEARN' })).toHaveAttribute('href', bookingUrl);
    await expect(menu.getByRole('region', { name: 'PAY TUITION' })).toContainText('5.42 BRL per USD');
    await expectAccessible(page, 'mobile menu open');
    await shot(page, 'header-mobile-menu-360');
    await menu.getByRole('link', { name: /Send money from Mexico/ }).first().click();
    await expect(page).toHaveURL(/\/get-started-mexico(\?step=1)?$/);
  });
});
