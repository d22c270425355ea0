// Money as the wizard shows it: lib/money's locale formats (BRL pt-BR,
// MXN es-MX with the symbol MX$, USD in the person's language).

import { formatMoney, type CurrencyCode } from '@/lib/money';

/** showMoney formats an amount for display: "R$ 1.355,59", "MX$2,236.57", "$250.00". */
export function showMoney(amount: number, currency: CurrencyCode): string {
  return formatMoney(amount, currency);
}
