import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18next, i18nReady } from '@/lib/i18n';
import { NotFoundPage } from '@/components/not-found-page';
import { ErrorPage } from './error-page';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['common']);
});

describe('NotFoundPage', () => {
  it('says the page is missing, links home and logs the path', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '*', element: <NotFoundPage /> }], {
      initialEntries: ['/no/such/page'],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('non-existent route'), '/no/such/page');
    expect(document.title).toContain('not found');
    log.mockRestore();
  });
});

describe('ErrorPage', () => {
  it('shows the router error text when a screen throws', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Boom(): never {
      throw new Error('render failed');
    }
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <ErrorPage /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    log.mockRestore();
  });
});
