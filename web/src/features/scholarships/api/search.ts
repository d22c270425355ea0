import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '@/lib/api-client';
import type { Program, ScholarshipOverview, SearchResult } from './types';

/** useSearch runs GET /api/scholarships/search with the page's query string. */
export function useSearch(query: string) {
  // The server writes the cards in the page's language (its cookie): a new language is a new answer.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['scholarships', 'search', query, i18n.language],
    queryFn: ({ signal }) => apiFetch<SearchResult>(`/api/scholarships/search?${query}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** useOverview reads the catalog's size and freshness. */
export function useOverview() {
  return useQuery({
    queryKey: ['scholarships', 'overview'],
    queryFn: ({ signal }) => apiFetch<ScholarshipOverview>('/api/scholarships', { signal }),
    staleTime: 5 * 60_000,
  });
}

export type { Program };
