import { useRates, type RateSet } from '@/lib/rates';
import { useAfterLoad } from './use-after-load';

/** HeaderRates are local currency per 1 USD, as the header shows them. */
export interface HeaderRates {
  BRL: number;
  MXN: number;
  /** live is true when both rates came from the server's live rates, false for the defaults. */
  live?: boolean;
}

/**
 * defaultHeaderRates are shown until live rates arrive, whenever the read
 * fails, and always in the PAY TUITION menu (spec sections 2 and 9).
 */
export const defaultHeaderRates: HeaderRates = { BRL: 5.42, MXN: 18.56 };

/**
 * headerRatesFrom takes each currency's on-ramp rate (local currency per USD
 * delivered, fees included) from the server's live rates, falling back per
 * currency to the default.
 */
export function headerRatesFrom(rates: RateSet | undefined): HeaderRates {
  const brl = rates?.BRL?.onRamp;
  const mxn = rates?.MXN?.onRamp;
  return { BRL: brl ?? defaultHeaderRates.BRL, MXN: mxn ?? defaultHeaderRates.MXN, live: brl !== undefined && mxn !== undefined };
}

/**
 * useHeaderRates reads the live rates (GET /api/rates, answered from the
 * server's memory: no quote is locked for them) once the page has loaded.
 */
export function useHeaderRates(): HeaderRates {
  const loaded = useAfterLoad();
  const { data } = useRates(loaded);
  return data ? headerRatesFrom(data) : defaultHeaderRates;
}

/** isPastScrollThreshold: the header changes once scrolled past 90% of the viewport height minus 100px. */
export function isPastScrollThreshold(scrollY: number, viewportHeight: number): boolean {
  return scrollY > viewportHeight * 0.9 - 100;
}
