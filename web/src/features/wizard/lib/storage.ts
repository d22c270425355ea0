// A reload mid-payment brings the payer back where they were: the wizard
// state is kept in sessionStorage (this tab only, gone when it closes).
// Field names are the spec's browser-storage names (customerId, walletId,
// walletAddress, onRampQuoteId, offRampQuoteId, existingExternalAccount,
// selectedExternalAccountId, useExistingAccount). The full bank account
// number is never stored; the server keeps the account and answers with
// its last 4 digits. The payment's progress itself is asked of the server
// again after a reload.

import type { Country } from '@/features/payments/lib/country';
import { wizardStorageKey } from '@/features/payments/lib/wizard-session';
import { initialState, type WizardState } from './state';

/** storageKey is where this tab keeps a country's wizard (shared with /track's way back: payments/lib/wizard-session.ts). */
export const storageKey = wizardStorageKey;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * toStored drops what must not be kept in the browser, and writes the
 * spec's onRampQuoteId / offRampQuoteId beside the quote they come from.
 */
export function toStored(s: WizardState): WizardState & { onRampQuoteId: string | null; offRampQuoteId: string | null } {
  return {
    ...s,
    form: { ...s.form, accountNumber: '' },
    onRampQuoteId: s.quote?.on_ramp.id ?? null,
    offRampQuoteId: s.quote?.off_ramp.id ?? null,
  };
}

export interface LoadOptions {
  /** resuming: the address names a step (a reload, Back, Forward); without it a finished payment is not shown again. */
  resuming?: boolean;
  /** amountUSD: an amount carried in from /quote or the calculator (?amount=), prefilled on step 4. */
  amountUSD?: string;
}

function readSaved(country: Country): WizardState | null {
  const fresh = initialState(country);
  const raw = storage()?.getItem(storageKey(country));
  if (!raw) return null;
  try {
    const saved = JSON.parse(raw) as Partial<WizardState>;
    if (!saved || saved.v !== 1 || typeof saved.step !== 'number' || saved.step < 1 || saved.step > 9) return null;
    return { ...fresh, ...saved, form: { ...fresh.form, ...(saved.form ?? {}), country } };
  } catch {
    return null;
  }
}

/**
 * loadState reads the saved wizard, or a fresh one when there is none, it
 * is unreadable, or it holds a finished payment the payer did not come
 * back to (a new visit starts the next payment clean). An amount carried in
 * fills step 4 unless a quote is already locked.
 */
export function loadState(country: Country, opts: LoadOptions = {}): WizardState {
  let s = readSaved(country) ?? initialState(country);
  const finished = s.progress === 'completed' || s.progress === 'failed' || s.step >= 7;
  if (finished && !opts.resuming) s = initialState(country);
  if (opts.amountUSD && s.quote === null && s.step <= 4) {
    s = { ...s, amountCurrency: 'USD', form: { ...s.form, amountUSD: opts.amountUSD } };
  }
  return s;
}

export function saveState(country: Country, s: WizardState): void {
  try {
    storage()?.setItem(storageKey(country), JSON.stringify(toStored(s)));
  } catch {
    // A full or disabled storage only loses the resume-after-reload convenience.
  }
}

export function clearState(country: Country): void {
  try {
    storage()?.removeItem(storageKey(country));
  } catch {
    // nothing to clear
  }
}
