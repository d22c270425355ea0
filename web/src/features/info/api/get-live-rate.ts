import { useQuery } from '@tanstack/react-query';
import { ratesQuery } from '@/lib/rates';

export type LocalCurrency = 'BRL' | 'MXN';

/**
 * useLiveRate is the currency's indicative rate (local currency per USD) for
 * the comparison block, from the live rates every screen shares (GET
 * /api/rates); data is undefined when the answer had no usable rate for it.
 */
export function useLiveRate(currency: LocalCurrency) {
  return useQuery({ ...ratesQuery, select: (rates) => rates[currency]?.onRamp });
}
