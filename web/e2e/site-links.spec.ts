import { test, expect, shot } from './fixtures';

// Issue 26, item 5: Scholarships in the header and mobile menu, Sign up next
// to Sign in, a home-page section, footer links; nothing overflows at 1280
// or 360 px.
for (const width of [1280, 1024, 768, 360]) {
  test(`the header reaches Scholarships and sign-up at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    if (width === 360) {
      await page.getByRole('button', { name: 'Menu' }).click();
      const menu = page.locator('#mobile-menu');
      await expect(menu.getByRole('link', { name: 'SCHOLARSHIPS' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Sign up' })).toBeVisible();
    } else {
      await expect(nav.getByRole('link', { name: 'SCHOLARSHIPS' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Sign in' })).toBeVisible();
      // From 1280 px Sign up sits next to Sign in; on the narrower desktop row it is under More (header-widths.spec).
      if (width >= 1280) await expect(nav.getByRole('link', { name: 'Sign up' })).toBeVisible();
    }
    await shot(page, `site-links-header-${width}`);
    await page.screenshot({ path: `test-results/screenshots/site-links-header-${width}-viewport.png` });
    const overflow = await page.evaluate(() => {
      const n = document.querySelector('nav[aria-label="Main"]')!;
      return { page: document.documentElement.scrollWidth - window.innerWidth, nav: n.scrollWidth - n.clientWidth };
    });
    expect(overflow).toEqual({ page: 0, nav: 0 });

    if (width === 360) await page.getByRole('button', { name: 'Menu' }).click();
    const section = page.getByRole('region', { name: 'Scholarships for Brazilian and Mexican students' });
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('link', { name: 'Start Quick Match' })).toHaveAttribute('href', '/signup-stage1');
    await expect(section.getByRole('link', { name: 'Explore scholarships' })).toHaveAttribute('href', '/scholarships');
    await shot(page, `site-links-home-scholarships-${width}`);
    const footer = page.getByRole('region', { name: 'Explore' });
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByRole('link')).toHaveCount(6);
    await shot(page, `site-links-footer-${width}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  });
}

test('pt-BR header at 1280 px fits', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'crebit_lang', value: 'pt-BR', url: baseURL }]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const nav = page.locator('header nav').first();
  await expect(nav.getByRole('link', { name: 'BOLSAS' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Criar conta' })).toBeVisible();
  await shot(page, 'site-links-header-pt-BR-1280');
  expect(await page.evaluate(() => {
    const n = document.querySelector('header nav')!;
    return n.scrollWidth - n.clientWidth;
  })).toBe(0);
});

// The longer words of Portuguese and Spanish fit the desktop row too.
for (const lang of ['pt-BR', 'es-MX']) {
  for (const width of [768, 1024, 1280]) {
    test(`${lang} header at ${width} px does not overflow`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'crebit_lang', value: lang, url: baseURL }]);
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await expect(page.locator('header nav').first().locator('a[href="/scholarships"]')).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/site-links-header-${lang}-${width}-viewport.png` });
      expect(await page.evaluate(() => {
        const n = document.querySelector('header nav')!;
        return [n.scrollWidth - n.clientWidth, document.documentElement.scrollWidth - window.innerWidth];
      })).toEqual([0, 0]);
    });
  }
}
