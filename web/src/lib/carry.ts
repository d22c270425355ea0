// The amount a visitor worked out before starting a payment: the calculator
// remembers it for the tab (sessionStorage), and the country tiles pass it
// to the wizard as ?amount= (USD), which fills step 4 (issue 16, item 4).
// /quote passes its amount on its own link.
import { useSyncExternalStore } from 'react';
import { amountText } from './amount';

const KEY = 'crebit.carriedAmountUsd';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    const amount = sessionStorage.getItem(KEY);
    return amount && /^\d+\.\d{2}$/.test(amount) ? amount : null;
  } catch {
    return null; // Storage can be unavailable (private mode); the wizard then starts empty.
  }
}

/** rememberCarriedAmount keeps a USD amount for this tab; null forgets it. */
export function rememberCarriedAmount(amountUsd: number | null): void {
  try {
    if (amountUsd !== null && Number.isFinite(amountUsd) && amountUsd > 0) sessionStorage.setItem(KEY, amountText(amountUsd));
    else sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  for (const l of listeners) l();
}

/** withCarriedAmount adds ?amount= to a wizard path when an amount was remembered. */
export function withCarriedAmount(path: string, amount: string | null = read()): string {
  return amount ? `${path}?amount=${amount}` : path;
}

/** useCarriedAmount is the remembered USD amount ("1234.50"), updated as the calculator changes it. */
export function useCarriedAmount(): string | null {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    read,
    () => null,
  );
}
