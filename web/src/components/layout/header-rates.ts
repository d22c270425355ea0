import type { components } from '@contract/api-types';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useAfterLoad } from './use-after-load';

/** HeaderRates are local currency per 1 USD, as the header shows them. */
export interface HeaderRates {
  BRL: number;
  MXN: number;
  /** live is true when both rates came from the partner just now, false for the defaults. */
  live?: boolean;
}

/**
 * defaultHeaderRates are shown until live rates arrive, whenever a probe
 * fails, and always in the PAY TUITION menu (spec sections 2 and 9).
 */
export const defaultHeaderRates: HeaderRates = { BRL: 5.42, MXN: 18.56 };

/** QuoteRate: the one field of a quote read here, checked before use. */
type QuoteRate = Partial<Pick<components['schemas']['Quote'], 'effective_rate'>>;

function rateOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

/**
 * fetchHeaderRates probes a 1 USD quote per currency. Only when both calls
 * succeed do their effective rates replace the defaults; a failure is logged
 * and never shown to the visitor.
 */
export async function fetchHeaderRates(): Promise<HeaderRates> {
  try {
    const [brl, mxn] = await Promise.all([
      apiFetch<QuoteRate>('/api/create-quote', { body: { symbol: 'USDC/BRL', amount_usd: 1 } }),
      apiFetch<QuoteRate>('/api/create-quote', { body: { symbol: 'USDC/MXN', amount_usd: 1 } }),
    ]);
    return {
      BRL: rateOr(brl?.effective_rate, defaultHeaderRates.BRL),
      MXN: rateOr(mxn?.effective_rate, defaultHeaderRates.MXN),
      live: rateOr(brl?.effective_rate, 0) > 0 && rateOr(mxn?.effective_rate, 0) > 0,
    };
  } catch (err) {
    console.warn('Header exchange rates unavailable; showing the default rates.', err);
    return defaultHeaderRates;
  }
}

/** useHeaderRates loads the live rates once per visit, once the page has loaded. */
export function useHeaderRates(): HeaderRates {
  const loaded = useAfterLoad();
  const { data } = useQuery({
    queryKey: ['header-rates'],
    queryFn: fetchHeaderRates,
    enabled: loaded,
    staleTime: Infinity,
    retry: false,
  });
  return data ?? defaultHeaderRates;
}

/** isPastScrollThreshold: the header changes once scrolled past 90% of the viewport height minus 100px. */
export function isPastScrollThreshold(scrollY: number, viewportHeight: number): boolean {
  return scrollY > viewportHeight * 0.9 - 100;
}
