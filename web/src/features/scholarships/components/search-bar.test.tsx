import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18next, i18nReady } from '@/lib/i18n';
import en from '@/locales/en/scholarships.json';
import { SearchBar } from './search-bar';
import { AdvancedFilters } from './advanced-filters';
import { emptyFilters } from '../lib/search-state';

beforeAll(async () => {
  await i18nReady;
  i18next.addResourceBundle('en', 'scholarships', en);
});

describe('SearchBar', () => {
  it('shows what the query denies as "Not", and says it is applied', () => {
    render(<SearchBar q="no tengo green card" mode="keyword" onSearch={() => {}} onMode={() => {}}
      understood={[{ facet: 'status', value: 'permanent_resident', term: 'green card', negated: true }, { facet: 'nationality', value: 'MX', term: 'mexicano' }]} />);
    const chips = screen.getByTestId('understood');
    expect(within(chips).getByText(/^Not: /)).toBeInTheDocument();
    expect(within(chips).getByText('Not: Status: permanent resident')).toBeInTheDocument();
    expect(chips).toHaveTextContent('These are applied to the results');
  });

  it('explains a search with only function words instead of showing nothing', () => {
    render(<SearchBar q="para la" mode="keyword" understood={[]} hint="no_terms" onSearch={() => {}} onMode={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('“para la” has no words we can search for, so all programs are shown.');
  });
});

describe('AdvancedFilters', () => {
  it('shows how many programs each option leaves and disables the empty ones', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AdvancedFilters applied={emptyFilters} onApply={() => {}}
          counts={{ award: { merit: 40, need: 20, athletic: 0, creative: 0, community_service: 3 }, category: { lgbtq: 1, military: 0 } }} />
      </QueryClientProvider>,
    );
    const award = screen.getByLabelText('Award Type');
    expect(within(award).getByRole('option', { name: 'Athletic (0)' })).toBeDisabled();
    expect(within(award).getByRole('option', { name: 'Merit-based (40)' })).toBeEnabled();
    expect(within(award).getByRole('option', { name: 'All types' })).toBeEnabled();
    const category = screen.getByLabelText('Special Categories');
    expect(within(category).getByRole('option', { name: 'LGBTQ+ students (1)' })).toBeEnabled();
    expect(within(category).getByRole('option', { name: 'Military/Veterans (0)' })).toBeDisabled();
  });
});
