// A reload mid-payment brings the payer back where they were: the wizard
// state is kept in sessionStorage (this tab only, gone when it closes).
// Field names are the spec's browser-storage names (customerId, walletId,
// walletAddress, onRampQuoteId, offRampQuoteId, existingExternalAccount,
// selectedExternalAccountId, useExistingAccount). The full bank account
// number is never stored; the server keeps the account and answers with
// its last 4 digits. The payment's progress itself is asked of the server
// again after a reload.

import type { Country } from './country';
import { initialState, type WizardState } from './state';

export function storageKey(country: Country): string {
  return `crebit.wizard.${country}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** toStored drops what must not be kept in the browser. */
export function toStored(s: WizardState): WizardState {
  return { ...s, form: { ...s.form, accountNumber: '' } };
}

/** loadState reads the saved wizard, or a fresh one when there is none or it is unreadable. */
export function loadState(country: Country): WizardState {
  const fresh = initialState(country);
  const raw = storage()?.getItem(storageKey(country));
  if (!raw) return fresh;
  try {
    const saved = JSON.parse(raw) as Partial<WizardState>;
    if (!saved || saved.v !== 1 || typeof saved.step !== 'number' || saved.step < 1 || saved.step > 9) return fresh;
    return { ...fresh, ...saved, form: { ...fresh.form, ...(saved.form ?? {}), country } };
  } catch {
    return fresh;
  }
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
