// The live indicative rate (local currency per 1 USD), for the dashboard's
// Send Money step: read from GET /api/rates (src/lib/rates.ts).
import type { components } from '@contract/api-types';
import { getRates } from '@/lib/rates';

export type RateSymbol = components['schemas']['Symbol'];
export type QuoteType = components['schemas']['QuoteType'];

/**
 * fetchIndicativeRate reads a corridor's live rate. A failure is only logged
 * (undefined): the caller keeps what it showed.
 */
export async function fetchIndicativeRate(symbol: RateSymbol, quoteType: QuoteType): Promise<number | undefined> {
  try {
    const rate = (await getRates())[symbol === 'USDC/BRL' ? 'BRL' : 'MXN'];
    return quoteType === 'on_ramp' ? rate?.onRamp : rate?.offRamp;
  } catch {
    return undefined; // getRates logged it
  }
}
