import { test, expect, shotsOn } from './fixtures';

// Issue 26 item 5, the desktop row between 1024 and 1535 px: PARTNER shows
// from 1024 px, Sign up from 1280 px and "Track a payment" from 1536 px;
// below those widths each is under the row's More menu (before, they were
// only in the footer: the phone menu does not show at these widths).
// Nothing overflows in any language. Viewport screenshots:
// test-results/screenshots/header-<lang>-<width>[-more].png.
const words = {
  en: { partner: 'PARTNER', signUp: 'Sign up', track: 'Track a payment', more: 'MORE', signIn: 'Sign in' },
  'pt-BR': { partner: 'PARCEIROS', signUp: 'Criar conta', track: 'Acompanhar um pagamento', more: 'MAIS', signIn: 'Entrar' },
  'es-MX': { partner: 'ALIANZAS', signUp: 'Crear cuenta', track: 'Rastrear un pago', more: 'MÁS', signIn: 'Iniciar sesión' },
} as const;

for (const [lang, w] of Object.entries(words)) {
  test(`${lang}: the desktop row at 1024, 1280 and 1536 px fits and reaches every link`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'crebit_lang', value: lang, url: baseURL! }]);
    for (const width of [1024, 1280, 1536]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/foreign-exchange');
      const nav = page.getByRole('navigation').first();
      await expect(nav.getByRole('link', { name: w.signIn, exact: true })).toBeVisible();
      const row = {
        partner: nav.getByRole('link', { name: w.partner, exact: true }).first(),
        signUp: nav.getByRole('link', { name: w.signUp, exact: true }).first(),
        track: nav.getByRole('link', { name: w.track, exact: true }).first(),
      };
      await expect(row.partner).toBeVisible();
      if (width >= 1280) await expect(row.signUp).toBeVisible();
      else await expect(row.signUp).toBeHidden();
      if (width >= 1536) await expect(row.track).toBeVisible();
      else await expect(row.track).toBeHidden();

      // Nothing sticks out of the row or the page, and no two items overlap.
      const fit = await page.evaluate(() => {
        const n = document.querySelector('header nav')!;
        const items = [...n.querySelectorAll<HTMLElement>('a, button, select')].filter((e) => e.offsetParent !== null && !e.closest('[id$="-menu"]'));
        const boxes = items.map((e) => e.getBoundingClientRect()).sort((a, b) => a.left - b.left);
        const overlaps = boxes.slice(1).filter((b, i) => b.left < boxes[i]!.right - 0.5).length;
        const tall = boxes.filter((b) => b.height > 44).length; // a link wrapped onto two lines
        return { nav: n.scrollWidth - n.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth, overlaps, tall };
      });
      expect(fit, `${lang} at ${width} px`).toEqual({ nav: 0, page: 0, overlaps: 0, tall: 0 });
      if (shotsOn) await page.screenshot({ path: `test-results/screenshots/header-${lang}-${width}.png`, clip: { x: 0, y: 0, width, height: 360 } });

      const more = nav.getByRole('button', { name: w.more, exact: true });
      if (width >= 1536) {
        await expect(more).toBeHidden();
        continue;
      }
      // What the row hides is under More, and only that.
      await more.click();
      const menu = page.locator('#more-menu');
      await expect(menu.getByRole('link', { name: w.track, exact: true })).toBeVisible();
      await expect(menu.getByRole('link', { name: w.partner, exact: true })).toBeHidden();
      if (width < 1280) await expect(menu.getByRole('link', { name: w.signUp, exact: true })).toBeVisible();
      else await expect(menu.getByRole('link', { name: w.signUp, exact: true })).toBeHidden();
      if (shotsOn) await page.screenshot({ path: `test-results/screenshots/header-${lang}-${width}-more.png`, clip: { x: 0, y: 0, width, height: 360 } });
      await menu.getByRole('link', { name: w.track, exact: true }).click();
      await expect(page).toHaveURL(/\/track$/);
    }
  });
}

test('below 1024 px PARTNER is under More; signed in, More has Sign out and no Sign up', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto('/foreign-exchange');
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'PARTNER', exact: true })).toBeHidden();
  await nav.getByRole('button', { name: 'MORE', exact: true }).click();
  const partner = page.locator('#more-menu').getByRole('link', { name: 'PARTNER', exact: true });
  await expect(partner).toBeVisible();
  await expect(partner).toHaveAttribute('target', '_blank');

  await page.request.post('/api/signup', { data: { email: `more.${Date.now()}@example.com`, password: 'correct horse battery staple 42' } });
  await page.goto('/foreign-exchange');
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await nav.getByRole('button', { name: 'MORE', exact: true }).click();
  await expect(page.locator('#more-menu').getByRole('link', { name: 'Track a payment' })).toBeVisible();
  await expect(page.locator('#more-menu').getByRole('link', { name: 'Sign up' })).toHaveCount(0);
  // Signed in, below 1280 px the row leaves Sign out to More (the row overflowed by 18 px at 1024).
  // (getByRole leaves hidden elements out: the one Sign out is More's.)
  await expect(nav.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(1);
  await page.locator('#more-menu').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
});
