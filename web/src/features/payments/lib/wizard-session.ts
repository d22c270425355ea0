// Where a payment wizard keeps its state in this tab (sessionStorage, gone
// when the tab closes), shared so that another screen (/track) can lead
// back to the payment this tab's wizard made, at the step it is on.
import type { Country } from './country';
import { corridors } from './corridors.gen';

/** wizardStorageKey is the sessionStorage key of a country's wizard. */
export function wizardStorageKey(country: Country): string {
  return `crebit.wizard.${country}`;
}

/**
 * wizardReturnFor is the address of the wizard step that shows payment
 * `transactionId` (e.g. /get-started?step=6) when this tab's wizard made it,
 * else null. The step in the address resumes the saved wizard, even a
 * finished one (storage.ts, loadState).
 */
export function wizardReturnFor(transactionId: string): string | null {
  for (const country of ['brazil', 'mexico'] as const) {
    try {
      const raw = window.sessionStorage.getItem(wizardStorageKey(country));
      if (!raw) continue;
      const saved = JSON.parse(raw) as { step?: unknown; payment?: { transaction_id?: unknown } | null };
      if (saved?.payment?.transaction_id === transactionId && typeof saved.step === 'number' && saved.step >= 6 && saved.step <= 9) {
        return `${corridors[country].wizardPath}?step=${saved.step}`;
      }
    } catch {
      // No storage, or something unreadable in it: no way back through this tab's wizard.
    }
  }
  return null;
}

/** WizardPayer: who this tab's wizard paid as (what sign-up can pre-fill). */
export interface WizardPayer {
  country: Country;
  firstName: string;
  lastName: string;
  email: string;
  taxId: string;
  /** dateOfBirth as the wizard keeps it, YYYY-MM-DD. */
  dateOfBirth: string;
  phone: string;
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
}

const payerFields = ['firstName', 'lastName', 'email', 'taxId', 'dateOfBirth', 'phone', 'streetAddress', 'city', 'state', 'zipCode'] as const;

/**
 * wizardPayer is the payer of the payment this tab's wizard made (the
 * details the guest typed, kept in this tab's sessionStorage), or null when
 * no wizard here got as far as a payment. A wizard that made a payment is
 * preferred; the full bank account number is never kept, so never offered.
 */
export function wizardPayer(): WizardPayer | null {
  let best: WizardPayer | null = null;
  for (const country of ['brazil', 'mexico'] as const) {
    try {
      const raw = window.sessionStorage.getItem(wizardStorageKey(country));
      if (!raw) continue;
      const saved = JSON.parse(raw) as { customerId?: unknown; payment?: unknown; form?: Record<string, unknown> };
      if (!saved?.form || typeof saved.customerId !== 'string' || !saved.customerId) continue;
      const f = saved.form;
      const payer = { country } as WizardPayer;
      for (const k of payerFields) payer[k] = typeof f[k] === 'string' ? f[k] : '';
      if (saved.payment || !best) best = payer;
    } catch {
      // No storage, or something unreadable in it: nothing to offer.
    }
  }
  return best;
}
