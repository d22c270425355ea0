// The corridors' indicative rates, for every screen that shows a live rate
// (the header and its mobile menu, the calculator, the dashboard's Send
// Money, How it works): one GET /api/rates, which the server answers from
// memory — no partner call and no locked quote per page view (issue #31).
// Only a quote the payer will pay with is locked (POST /api/create-quote).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, errorMessage, type Answer } from '@/lib/api-client';

/** CorridorRate: local currency per USD; undefined where the answer lacked a usable figure. */
export interface CorridorRate {
  /** onRamp: paid per USD delivered, fees included. */
  onRamp?: number;
  /** offRamp: received per USD sent (the calculator's reversed mode). */
  offRamp?: number;
}

/** RateSet is every corridor's rate by its local currency. */
export type RateSet = Partial<Record<'BRL' | 'MXN', CorridorRate>>;

function positive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * getRates reads GET /api/rates and checks each figure before use. A failure
 * is logged (never shown: every caller keeps the figures it showed) and thrown.
 */
export async function getRates(): Promise<RateSet> {
  try {
    const body = await apiFetch<Partial<Answer<'getRates'>> | undefined>('/api/rates');
    const out: RateSet = {};
    for (const r of Array.isArray(body?.rates) ? body.rates : []) {
      if (r?.local_currency === 'BRL' || r?.local_currency === 'MXN') {
        out[r.local_currency] = { onRamp: positive(r.on_ramp), offRamp: positive(r.off_ramp) };
      }
    }
    return out;
  } catch (err) {
    console.warn('Live rates unavailable:', errorMessage(err, 'Failed to get rates'));
    throw err;
  }
}

/**
 * ratesQuery is the one cached read every screen shares: a page with the
 * header and the calculator asks once. The server refreshes its rates at
 * most every 30 s, so asking more often shows nothing new.
 */
export const ratesQuery = queryOptions({
  queryKey: ['rates'],
  queryFn: getRates,
  staleTime: 30_000,
  retry: false,
});

/** useRates reads the rates (enabled false waits, e.g. for the page's load event). */
export function useRates(enabled = true) {
  return useQuery({ ...ratesQuery, enabled });
}
