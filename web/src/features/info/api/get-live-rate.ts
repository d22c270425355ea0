import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, type Answer } from '@/lib/api-client';

export type LocalCurrency = 'BRL' | 'MXN';

/** getLiveRate reads the current indicative rate, local currency per USD. */
export async function getLiveRate(currency: LocalCurrency): Promise<number> {
  const body = await apiFetch<Partial<Answer<'createIndicativeRate'>>>('/api/create-quote-new', {
    method: 'POST',
    body: { symbol: `USDC/${currency}`, quote_type: 'on_ramp' },
  });
  const rate = Number(body?.effective_rate);
  if (!Number.isFinite(rate) || rate <= 0) throw new Error('no rate');
  return rate;
}

export const liveRateQuery = (currency: LocalCurrency) =>
  queryOptions({
    queryKey: ['live-rate', currency],
    queryFn: () => getLiveRate(currency),
    staleTime: 60_000,
    retry: false,
  });

/** useLiveRate loads the indicative rate shown in the comparison block. */
export function useLiveRate(currency: LocalCurrency) {
  return useQuery(liveRateQuery(currency));
}
