import { useQuery } from '@tanstack/react-query';
import { useAfterLoad } from '@/components/layout/use-after-load';
import { fetchIndicativeRate } from '@/features/payments/api/indicative-rate';
import type { LiveRates } from '../calculator/calculator-logic';

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
