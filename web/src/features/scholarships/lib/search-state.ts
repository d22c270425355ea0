import { filterOptions, type SelectFilter } from './options';

// The search lives in the URL (shareable; the back button works). The names
// are the API's, so the page's query string is also the API call and a
// saved filter set.

export type Mode = 'keyword' | 'semantic';
export type Sort = 'best' | 'deadline' | 'magic';

export type Filters = Record<SelectFilter, string> & { amount_min: string; amount_max: string };

export interface SearchState {
  q: string;
  mode: Mode;
  sort: Sort;
  page: number;
  partial: boolean;
  filters: Filters;
}

export const selectFilters = Object.keys(filterOptions) as SelectFilter[];

export const emptyFilters: Filters = {
  amount_min: '', amount_max: '', award: '', renewable: '', field: '', level: '', year: '', gpa: '', deadline: '', residency: '', category: '',
};

export const defaultState: SearchState = { q: '', mode: 'keyword', sort: 'best', page: 1, partial: false, filters: emptyFilters };

const wholeDollars = /^\d{1,8}$/;

/** readSearch reads the state from a query string; unknown values are dropped. */
export function readSearch(params: URLSearchParams): SearchState {
  const filters: Filters = { ...emptyFilters };
  for (const key of selectFilters) {
    const v = params.get(key) ?? '';
    if ((filterOptions[key] as readonly string[]).includes(v)) filters[key] = v;
  }
  for (const key of ['amount_min', 'amount_max'] as const) {
    const v = params.get(key) ?? '';
    if (wholeDollars.test(v)) filters[key] = String(Number(v));
  }
  const mode = params.get('mode') === 'semantic' ? 'semantic' : 'keyword';
  const sortParam = params.get('sort');
  const sort: Sort = sortParam === 'deadline' || sortParam === 'magic' ? sortParam : 'best';
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, 300),
    mode,
    sort,
    page: Number.isInteger(page) && page > 1 && page <= 1000 ? page : 1,
    partial: params.get('partial') === '1',
    filters,
  };
}

/** writeSearch is the inverse of readSearch; defaults are left out. */
export function writeSearch(s: SearchState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.q.trim()) p.set('q', s.q.trim());
  if (s.mode !== 'keyword') p.set('mode', s.mode);
  if (s.sort !== 'best') p.set('sort', s.sort);
  if (s.page > 1) p.set('page', String(s.page));
  if (s.partial) p.set('partial', '1');
  for (const [k, v] of Object.entries(s.filters)) if (v) p.set(k, v);
  return p;
}

/** filtersOnly is the query string of the filters alone (a saved filter set). */
export function filtersOnly(f: Filters): string {
  return writeSearch({ ...defaultState, filters: f }).toString();
}

/** countFilters counts the filters that are set. */
export function countFilters(f: Filters): number {
  return Object.values(f).filter(Boolean).length;
}

/** amountError reports a maximum below the minimum. */
export function amountError(f: Filters): boolean {
  return f.amount_min !== '' && f.amount_max !== '' && Number(f.amount_max) < Number(f.amount_min);
}
