// Display formatting only: the browser formats money, it never computes
// what is charged. BRL in pt-BR, MXN in es-MX, USD in en-US.

export type CurrencyCode = 'USD' | 'BRL' | 'MXN';

const locales: Record<CurrencyCode, string> = { USD: 'en-US', BRL: 'pt-BR', MXN: 'es-MX' };

// Intl.NumberFormat is costly to build; keep one per locale and options.
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = locale + JSON.stringify(options);
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    formats.set(key, f);
  }
  return f;
}

/** formatMoney shows an amount with its currency symbol, 2 decimals. */
export function formatMoney(amount: number, currency: CurrencyCode): string {
  return numberFormat(locales[currency], {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** formatAmount shows a number in the currency's locale without the symbol. */
export function formatAmount(amount: number, currency: CurrencyCode, decimals = 2): string {
  return numberFormat(locales[currency], {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount);
}

/** formatRate shows a rate (local currency per USD) to 4 decimals by default. */
export function formatRate(rate: number, decimals = 4): string {
  return numberFormat('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(rate);
}

/**
 * parseAmount reads what a person typed: USD uses comma thousands and a dot
 * decimal; BRL and MXN use dot thousands and a comma decimal (pt-BR, es-MX).
 * Unparseable input is 0.
 */
export function parseAmount(text: string, currency: CurrencyCode): number {
  let s = text.trim().replace(/[^\d.,-]/g, '');
  if (currency === 'USD') {
    s = s.replace(/,/g, '');
  } else {
    s = s.replace(/\./g, '').replace(',', '.');
  }
  const n = Number(s);
  return Number.isFinite(n) ? n : 0;
}
