import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18next, i18nReady } from '@/lib/i18n';
import { site } from '@/config/site';
import { SiteFooter } from './site-footer';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['layout']);
});

describe('SiteFooter', () => {
  it('lists support, legal and partner links and the disclaimer', () => {
    const router = createMemoryRouter([{ path: '*', element: <SiteFooter /> }]);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const support = screen.getByRole('region', { name: 'Customer Support' });
    for (const phone of site.phones) {
      expect(within(support).getByRole('link', { name: phone })).toHaveAttribute('href', expect.stringMatching(/^tel:\+1\d{10}$/));
    }
    expect(within(support).getByRole('link', { name: site.supportEmail })).toHaveAttribute('href', `mailto:${site.supportEmail}`);
    expect(within(support).getByRole('link', { name: 'Schedule a Live Call' })).toHaveAttribute('href', site.bookingUrl);

    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    const partner = screen.getByRole('region', { name: 'Partner with Us' });
    for (const name of ['Become an Ambassador', 'University Partners', 'Banks & Credit Unions']) {
      const link = within(partner).getByRole('link', { name });
      expect(link).toHaveAttribute('href', site.bookingUrl);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(screen.getByText(/not a bank and is not a money transmitter/)).toBeInTheDocument();
    expect(screen.getByText(/licensed partner institutions, which verify/)).toBeInTheDocument();
    expect(screen.getByText(`© ${new Date().getFullYear()} Crebit. All rights reserved.`)).toBeInTheDocument();
  });
});
