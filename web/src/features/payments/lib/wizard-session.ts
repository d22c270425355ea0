// Where a payment wizard keeps its state in this tab (sessionStorage, gone
// when the tab closes), shared so that another screen (/track) can lead
// back to the payment this tab's wizard made, at the step it is on.
import type { Country } from './country';

const wizardPaths: Record<Country, string> = { brazil: '/get-started', mexico: '/get-started-mexico' };

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
        return `${wizardPaths[country]}?step=${saved.step}`;
      }
    } catch {
      // No storage, or something unreadable in it: no way back through this tab's wizard.
    }
  }
  return null;
}
