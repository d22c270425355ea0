import { test, expect, shot, expectAccessible } from './fixtures';
import type { BrowserContext, Page } from '@playwright/test';

// Languages: the switcher in the header (desktop and mobile menu) and the
// footer, the crebit_lang cookie that remembers the choice (and that the
// server reads), <html lang>, titles, and the public pages at 360 px in each
// language: no horizontal overflow, no clipped button, no axe violation.

const languages = ['en', 'pt-BR', 'es-MX'] as const;
type Lang = (typeof languages)[number];

/** One heading each public page shows, per language, to know it has rendered. */
const pages: { path: string; h1: Record<Lang, string> }[] = [
  { path: '/', h1: { en: 'Pay US tuition in reais or pesos.', 'pt-BR': 'Pague a faculdade nos EUA em reais ou pesos.', 'es-MX': 'Paga tu colegiatura en EE. UU. en reales o pesos.' } },
  {
    path: '/foreign-exchange',
    h1: {
      en: 'Convert reais and pesos to US dollars at a rate you can see',
      'pt-BR': 'Converta reais e pesos em dólares a um câmbio que você vê',
      'es-MX': 'Convierte reales y pesos a dólares a un tipo de cambio que puedes ver',
    },
  },
  { path: '/quote', h1: { en: 'Get a live rate', 'pt-BR': 'Veja a cotação ao vivo', 'es-MX': 'Consulta el tipo de cambio en vivo' } },
  {
    path: '/country-selection',
    h1: { en: 'Send money to the U.S. in 3 steps', 'pt-BR': 'Envie dinheiro para os EUA em 3 passos', 'es-MX': 'Envía dinero a EE. UU. en 3 pasos' },
  },
  { path: '/how-it-works', h1: { en: 'How It Works', 'pt-BR': 'Como funciona', 'es-MX': 'Cómo funciona' } },
  { path: '/track', h1: { en: 'Track a Payment', 'pt-BR': 'Acompanhe um pagamento', 'es-MX': 'Rastrea un pago' } },
];

async function languageCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === 'crebit_lang')?.value;
}

async function setLanguageCookie(context: BrowserContext, baseURL: string, lang: Lang) {
  await context.addCookies([{ name: 'crebit_lang', value: lang, url: baseURL }]);
}

/** noOverflow: the page does not scroll sideways and no button clips its text. */
async function expectNoOverflow(page: Page, context: string) {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) out.push(`page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('button, [role="button"], a[class*="rounded"], select'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue; // hidden
      if (el.scrollWidth > el.clientWidth + 1) out.push(`clipped: "${(el.textContent ?? '').trim().slice(0, 40)}" ${el.scrollWidth} > ${el.clientWidth}`);
      if (r.right > root.clientWidth + 1) out.push(`off screen: "${(el.textContent ?? '').trim().slice(0, 40)}" right ${Math.round(r.right)}`);
    }
    return out;
  });
  expect(problems, `layout problems ${context}`).toEqual([]);
}

test.describe('languages', () => {
  test('the header switcher changes the page, <html lang>, the title and the cookie; reload keeps it', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const header = page.locator('header');
    const switcher = header.getByLabel('Language');
    await expect(switcher).toHaveValue('en');

    await switcher.selectOption('pt-BR');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { level: 1, name: pages[0]!.h1['pt-BR'] })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'ENVIAR DINHEIRO' })).toBeVisible();
    await expect(page).toHaveTitle(/Pague a faculdade nos EUA/);
    expect(await languageCookie(context)).toBe('pt-BR');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { level: 1, name: pages[0]!.h1['pt-BR'] })).toBeVisible();
    await expect(page.locator('header').getByLabel('Idioma')).toHaveValue('pt-BR');

    // The server answers errors in the chosen language too (it reads the cookie).
    const body = await page.evaluate(async () => {
      const res = await fetch('/api/transaction-status?transaction_id=txn_nope');
      return (await res.json()) as { error: string; code: string };
    });
    expect(body).toEqual({ error: 'Transação não encontrada. Confira o ID da transação.', code: 'transaction_not_found' });
  });

  test('the footer switcher works and the choice wins over the browser language', async ({ browser, baseURL }) => {
    // A browser that prefers Portuguese starts in Portuguese.
    const context = await browser.newContext({ locale: 'pt-BR', baseURL });
    const page = await context.newPage();
    await page.goto('/how-it-works');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { level: 1, name: 'Como funciona' })).toBeVisible();

    const footer = page.locator('footer');
    await footer.getByLabel('Idioma').selectOption('es-MX');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
    await expect(page.getByRole('heading', { level: 1, name: 'Cómo funciona' })).toBeVisible();
    await expect(page).toHaveTitle('Cómo funciona — Crebit');
    expect(await languageCookie(context)).toBe('es-MX');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
    await expect(page.locator('footer').getByLabel('Idioma')).toHaveValue('es-MX');

    // And back to English, which is remembered as well.
    await page.locator('footer').getByLabel('Idioma').selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await context.close();
  });

  test("the account keeps its language: chosen on one device, followed after sign-in on another", async ({ browser, baseURL }) => {
    const email = `lang.${Date.now()}@example.com`;
    const password = 'correct horse battery staple 42';
    const first = await browser.newContext({ baseURL });
    const a = await first.newPage();
    expect((await a.request.post('/api/signup', { data: { email, password } })).status()).toBe(200);
    await a.goto('/how-it-works');
    await a.locator('footer').getByLabel('Language').selectOption('es-MX');
    await expect(a.getByRole('heading', { level: 1, name: 'Cómo funciona' })).toBeVisible();
    await expect.poll(async () => (await (await a.request.get('/api/me')).json()).language).toBe('es-MX');
    await first.close();

    // Another browser, in English, signs in: the site switches to the account's language.
    const second = await browser.newContext({ baseURL, locale: 'en-US' });
    const b = await second.newPage();
    await b.goto('/signin');
    await expect(b.locator('html')).toHaveAttribute('lang', 'en');
    await b.getByLabel('Email').fill(email);
    await b.getByLabel('Password', { exact: true }).fill(password);
    await b.getByRole('button', { name: 'Sign In' }).click();
    await expect(b.locator('html')).toHaveAttribute('lang', 'es-MX');
    expect(await languageCookie(second)).toBe('es-MX');
    await second.close();
  });

  test('the mobile menu has the switcher', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/foreign-exchange');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#mobile-menu').getByLabel('Language').selectOption('es-MX');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
    await expect(page.getByRole('heading', { level: 1, name: pages[1]!.h1['es-MX'] })).toBeVisible();
    await expect(page.locator('#mobile-menu').getByRole('heading', { name: 'ENVIAR DINERO' })).toBeVisible();
  });

  test('the desktop header fits at tablet width in every language', async ({ page, context, baseURL }) => {
    await page.setViewportSize({ width: 768, height: 600 });
    for (const lang of languages) {
      await setLanguageCookie(context, baseURL!, lang);
      await page.goto('/foreign-exchange');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('header select')).toBeVisible();
      await expectNoOverflow(page, `header at 768 px (${lang})`);
    }
  });

  test('signed in, the desktop header stays one row at 1024 and 1280 px in every language', async ({ page, context, baseURL }) => {
    const email = `header-${Date.now()}@example.com`;
    expect((await page.request.post('/api/signup', { data: { email, password: 'correct horse battery staple 42' } })).status()).toBe(200);
    expect((await page.request.put('/api/me/name', { data: { first_name: 'Maximiliana', last_name: 'Souza' } })).ok()).toBe(true);
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 700 });
      for (const lang of languages) {
        await setLanguageCookie(context, baseURL!, lang);
        await page.goto('/foreign-exchange');
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        const nav = page.getByRole('navigation').first();
        await expect(nav.locator('a[href="/dashboard"]')).toBeVisible();
        await expectNoOverflow(page, `signed-in header at ${width} px (${lang})`);
        // One row: no item of the bar wraps onto a second line.
        const tall = await nav.evaluate((el) =>
          Array.from(el.querySelectorAll<HTMLElement>(':scope > div > a, :scope > div > button, :scope > div > span a, :scope > div > span button, :scope > div > span > span, :scope > div > div > button'))
            .filter((e) => e.getBoundingClientRect().height > 0)
            .filter((e) => e.getBoundingClientRect().height > 44)
            .map((e) => `${(e.textContent ?? '').trim()} ${Math.round(e.getBoundingClientRect().height)}px`),
        );
        expect(tall, `wrapped header items at ${width} px (${lang})`).toEqual([]);
        if (width === 1280 && lang !== 'en') await shot(page, `header-signed-in-${lang}-1280`);
      }
    }
  });

  for (const lang of languages) {
    for (const p of pages) {
      test(`${p.path} at 360 px in ${lang}: no overflow, no clipped buttons, accessible`, async ({ page, context, baseURL }) => {
        await setLanguageCookie(context, baseURL!, lang);
        await page.setViewportSize({ width: 360, height: 780 });
        await page.goto(p.path);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('heading', { level: 1, name: p.h1[lang] })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoOverflow(page, `${p.path} (${lang})`);
        await shot(page, `i18n-${lang}${p.path === '/' ? '-home' : p.path.replace(/\//g, '-')}-360`);
        await expectAccessible(page, `${p.path} (${lang})`);
      });
    }
  }
});
