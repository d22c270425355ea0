// Reading ledger postings for display. The server keeps them balanced by
// construction; the console shows each posting's entries per currency and
// says whether they sum to zero, counted in millionths (USDC has 6
// decimals) so that no float residue can make a balanced posting look off.
import { formatAmount, formatMoney, type CurrencyCode } from '@/lib/money';

export interface Entry {
  account: string;
  amount: number;
  currency: string;
}

const fiat = (c: string): c is CurrencyCode => c === 'USD' || c === 'BRL' || c === 'MXN';

/** ledgerAmount shows an entry's amount: fiat with its symbol, anything else (USDC) to 6 decimals with its code. */
export function ledgerAmount(amount: number, currency: string): string {
  return fiat(currency) ? formatMoney(amount, currency) : `${formatAmount(amount, 'USD', 6)} ${currency}`;
}

/** byCurrency groups a posting's entries by currency, in the order the currencies first appear. */
export function byCurrency(entries: Entry[]): Array<{ currency: string; entries: Entry[]; balanced: boolean }> {
  const groups = new Map<string, Entry[]>();
  for (const e of entries) groups.set(e.currency, [...(groups.get(e.currency) ?? []), e]);
  return [...groups].map(([currency, list]) => ({
    currency,
    entries: list,
    balanced: list.reduce((sum, e) => sum + Math.round(e.amount * 1_000_000), 0) === 0,
  }));
}
