import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18next, i18nReady } from '@/lib/i18n';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['layout', 'common']);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(element: React.ReactElement) {
  // Signed out (/api/me answers 204); the header's rate probes fail quietly.
  vi.stubGlobal('fetch', (url: string) =>
    Promise.resolve(url === '/api/me' ? new Response(null, { status: 204 }) : new Response('{}', { status: 500 })),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

// Issue 26, item 5: nothing in the header, mobile menu or footer led to the
// scholarships, Quick Match's pages or the information pages; /signup was
// reachable only from /signin.
describe('what exists can be reached', () => {
  it('the header has Scholarships and, next to Sign in, Sign up', async () => {
    renderAt(<SiteHeader />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'SCHOLARSHIPS' })).toHaveAttribute('href', '/scholarships');
    expect(await within(nav).findByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(within(nav).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  it('the mobile menu has Scholarships and Sign up', async () => {
    renderAt(<SiteHeader />);
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = document.getElementById('mobile-menu')!;
    expect(within(menu).getByRole('link', { name: 'SCHOLARSHIPS' })).toHaveAttribute('href', '/scholarships');
    expect(await within(menu).findByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('the footer links the scholarships, the information pages and sign-up', () => {
    renderAt(<SiteFooter />);
    const explore = screen.getByRole('region', { name: 'Explore' });
    const links = within(explore).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Scholarships', '/scholarships'],
      ['Scholarship Search', '/scholarship-search'],
      ['How It Works', '/how-it-works'],
      ['Payment Status Updates', '/payment-status-updates'],
      ['Check Payment Status', '/check-payment-status'],
      ['Create an account', '/signup'],
    ]);
  });

  it.each(['pt-BR', 'es-MX'])('has the new texts in %s', async (lang) => {
    const t = i18next.getFixedT(lang, 'layout');
    await i18next.loadLanguages(lang);
    await i18next.loadNamespaces(['layout', 'common']);
    expect(t('nav.scholarships')).not.toBe('SCHOLARSHIPS');
    expect(t('footer.exploreLinks.signUp')).not.toBe('Create an account');
    expect(i18next.getFixedT(lang, 'common')('accountMenu.signUp')).not.toBe('Sign up');
  });
});
