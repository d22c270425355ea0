import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { i18next, i18nReady } from '@/lib/i18n';
import { QuickMatchPage } from './quick-match-page';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['scholarships']);
});

afterEach(() => vi.unstubAllGlobals());

describe('QuickMatchPage', () => {
  it('shows no answer for a question never answered, and "Prefer not to say" only when chosen', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ firstGen: '', lowIncome: 'prefer_not_to_say', lgbtq: '' }), { status: 200 }))));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <QuickMatchPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('tab', { name: 'Financial & Access' }));
    const firstGen = screen.getByRole('group', { name: 'First in your family to go to college?' });
    for (const r of within(firstGen).getAllByRole('radio')) expect(r).not.toBeChecked();
    const lowIncome = screen.getByRole('group', { name: 'Low-income household?' });
    expect(await within(lowIncome).findByRole('radio', { name: 'Prefer not to say' })).toBeChecked();
  });
});
