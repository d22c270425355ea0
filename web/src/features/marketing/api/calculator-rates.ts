import { useQuery } from '@tanstack/react-query';
import { useAfterLoad } from '@/components/layout/use-after-load';
import { ratesQuery, type RateSet } from '@/lib/rates';
import type { LiveRates } from '../calculator/calculator-logic';

/** calculatorRates: both on-ramp rates, or the BRL off-ramp rate when reversed. */
export function calculatorRates(rates: RateSet, reversed: boolean): LiveRates {
  if (reversed) return { reverse: rates.BRL?.offRamp };
  return { brazil: rates.BRL?.onRamp, mexico: rates.MXN?.onRamp };
}

/**
 * useCalculatorRates reads the live rates (GET /api/rates, shared with the
 * header) once the page has loaded (the defaults show until then);
 * refetch() is the reload button.
 */
export function useCalculatorRates(reversed: boolean) {
  const loaded = useAfterLoad();
  return useQuery({
    ...ratesQuery,
    enabled: loaded,
    select: (rates: RateSet) => calculatorRates(rates, reversed),
  });
}
