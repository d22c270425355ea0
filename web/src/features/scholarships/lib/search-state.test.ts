import { describe, expect, it } from 'vitest';
import { amountError, countFilters, defaultState, emptyFilters, filtersOnly, readSearch, writeSearch, type SearchState } from './search-state';

describe('search state ⇄ URL', () => {
  it('round-trips every filter, the mode, the sort, the page and partial matches', () => {
    const state: SearchState = {
      q: 'bolsa para mulher brasileira em engenharia',
      mode: 'semantic',
      sort: 'magic',
      page: 3,
      partial: true,
      filters: {
        amount_min: '1000', amount_max: '50000', award: 'merit', renewable: 'yes', field: 'engineering', level: 'graduate',
        year: 'senior', gpa: '3.25', deadline: '3m', residency: 'international', category: 'women_in_stem',
      },
    };
    const url = writeSearch(state).toString();
    expect(readSearch(new URLSearchParams(url))).toEqual(state);
    expect(url).toContain('field=engineering');
    expect(url).toContain('q=bolsa+para+mulher');
  });

  it('writes nothing for the defaults and reads an empty URL as the defaults', () => {
    expect(writeSearch(defaultState).toString()).toBe('');
    expect(readSearch(new URLSearchParams(''))).toEqual(defaultState);
  });

  it('drops values outside the option lists instead of sending them to the server', () => {
    const s = readSearch(new URLSearchParams('field=cooking&gpa=3.1&sort=random&mode=x&page=-2&amount_min=12abc&amount_max=00700'));
    expect(s.filters.field).toBe('');
    expect(s.filters.gpa).toBe('');
    expect(s.sort).toBe('best');
    expect(s.mode).toBe('keyword');
    expect(s.page).toBe(1);
    expect(s.filters.amount_min).toBe('');
    expect(s.filters.amount_max).toBe('700');
  });

  it('saves filter sets as the filters alone and counts them', () => {
    const f = { ...emptyFilters, award: 'need', category: 'first_generation' };
    expect(filtersOnly(f)).toBe('award=need&category=first_generation');
    expect(countFilters(f)).toBe(2);
    expect(amountError({ ...emptyFilters, amount_min: '5000', amount_max: '100' })).toBe(true);
    expect(amountError({ ...emptyFilters, amount_min: '5000' })).toBe(false);
  });
});
