// The live indicative rate (local currency per 1 USD), for the calculator
// and the dashboard's Send Money step.
import { apiFetch, errorMessage } from '@/lib/api-client';

export type RateSymbol = 'USDC/BRL' | 'USDC/MXN';
export type QuoteType = 'on_ramp' | 'off_ramp';

/**
 * fetchIndicativeRate asks POST /api/create-quote-new for a live rate. A
 * failure is only logged (undefined): the caller keeps what it showed.
 */
export async function fetchIndicativeRate(symbol: RateSymbol, quoteType: QuoteType): Promise<number | undefined> {
  try {
    const body = await apiFetch<{ effective_rate?: unknown }>('/api/create-quote-new', { body: { symbol, quote_type: quoteType } });
    const rate = body?.effective_rate;
    return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : undefined;
  } catch (err) {
    console.warn(`Indicative rate ${symbol} ${quoteType}:`, errorMessage(err, 'Failed to get quote'));
    return undefined;
  }
}
