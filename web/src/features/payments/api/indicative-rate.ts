// The live indicative rate (local currency per 1 USD), for the calculator
// and the dashboard's Send Money step.
import type { components } from '@contract/api-types';
import { apiFetch, errorMessage, type Answer } from '@/lib/api-client';

export type RateSymbol = components['schemas']['Symbol'];
export type QuoteType = components['schemas']['QuoteType'];

/**
 * fetchIndicativeRate asks POST /api/create-quote-new for a live rate. A
 * failure is only logged (undefined): the caller keeps what it showed.
 */
export async function fetchIndicativeRate(symbol: RateSymbol, quoteType: QuoteType): Promise<number | undefined> {
  try {
    const body = await apiFetch<Partial<Answer<'createIndicativeRate'>>>('/api/create-quote-new', {
      body: { symbol, quote_type: quoteType } satisfies components['schemas']['RateRequest'],
    });
    const rate = body?.effective_rate;
    return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : undefined;
  } catch (err) {
    console.warn(`Indicative rate ${symbol} ${quoteType}:`, errorMessage(err, 'Failed to get quote'));
    return undefined;
  }
}
