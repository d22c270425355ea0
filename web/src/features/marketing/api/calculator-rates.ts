import { useQuery } from '@tanstack/react-query';
import { useAfterLoad } from '@/components/layout/use-after-load';
import { apiFetch, errorMessage } from '@/lib/api-client';
import type { LiveRates } from '../calculator/calculator-logic';

type Symbol = 'USDC/BRL' | 'USDC/MXN';
type QuoteType = 'on_ramp' | 'off_ramp';

/**
 * fetchIndicativeRate asks POST /api/create-quote-new for a live rate. A
 * failure is only logged: the calculator keeps its default rate.
 */
export async function fetchIndicativeRate(symbol: Symbol, quoteType: QuoteType): Promise<number | undefined> {
  try {
    const body = await apiFetch<{ effective_rate?: unknown }>('/api/create-quote-new', { body: { symbol, quote_type: quoteType } });
    const rate = body?.effective_rate;
    return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : undefined;
  } catch (err) {
    console.warn(`Calculator rate ${symbol} ${quoteType}:`, errorMessage(err, 'Failed to get quote'));
    return undefined;
  }
}

/** fetchCalculatorRates: both on-ramp rates, or the BRL off-ramp rate when reversed. */
export async function fetchCalculatorRates(reversed: boolean): Promise<LiveRates> {
  if (reversed) return { reverse: await fetchIndicativeRate('USDC/BRL', 'off_ramp') };
  const [brazil, mexico] = await Promise.all([
    fetchIndicativeRate('USDC/BRL', 'on_ramp'),
    fetchIndicativeRate('USDC/MXN', 'on_ramp'),
  ]);
  return { brazil, mexico };
}

/**
 * useCalculatorRates loads the rates for the current direction once the page
 * has loaded (the defaults show until then); refetch() is the reload button.
 */
export function useCalculatorRates(reversed: boolean) {
  const loaded = useAfterLoad();
  return useQuery({
    enabled: loaded,
    queryKey: ['calculator-rates', reversed ? 'off_ramp' : 'on_ramp'],
    queryFn: () => fetchCalculatorRates(reversed),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
