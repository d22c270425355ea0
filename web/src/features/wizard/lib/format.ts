// Money as the wizard shows it: lib/money's locale formats (BRL pt-BR,
// MXN es-MX, USD en-US), with "MXN" written out, since es-MX writes pesos
// with a bare "$" that reads like US dollars next to a USD amount.

import { formatMoney, type CurrencyCode } from '@/lib/money';

/** showMoney formats an amount for display: "R$ 1.355,59", "$2,236.57 MXN", "$250.00". */
export function showMoney(amount: number, currency: CurrencyCode): string {
  const text = formatMoney(amount, currency);
  return currency === 'MXN' ? `${text} MXN` : text;
}
