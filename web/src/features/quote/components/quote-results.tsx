import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formatRate } from '@/lib/money';
import type { Quote } from '@/features/payments/api/create-quote';

/** expiry is the quote's end in the payer's own time zone, the zone named (never bare UTC). */
function expiry(quote: Quote): string | null {
  const at = new Date(quote.expires_at);
  if (Number.isNaN(at.getTime())) return quote.expires_at_readable || null;
  return formatDateTime(at, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** QuoteResults shows a locked quote: amounts to 2 decimals, rates to 4. */
export function QuoteResults({ quote }: { quote: Quote }) {
  const { t } = useTranslation('quote');
  const cur = quote.local_currency;
  const rows: Array<[string, string]> = [
    [t('results.amountUsd'), formatMoney(quote.amount_usd, 'USD')],
    [t('results.effectiveRate'), t('rateValue', { rate: formatRate(quote.effective_rate), currency: cur })],
    [t('results.onRamp'), t('results.perUsdc', { rate: formatRate(quote.on_ramp.quotation), currency: cur })],
    [t('results.offRamp'), t('results.perUsdc', { rate: formatRate(quote.off_ramp.quotation), currency: 'USD' })],
    [t('results.fees'), formatMoney(quote.total_fees_usd, 'USD')],
    [t('results.expires'), expiry(quote) ?? t('results.notAvailable')],
  ];
  return (
    <section aria-labelledby="quote-results" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="quote-results" className="text-lg font-bold text-ink">
        {t('results.title')}
      </h2>
      <div className="mt-4 rounded-xl bg-navy p-5 text-white">
        <p className="text-sm text-slate-300">{t('results.total', { currency: cur })}</p>
        <p className="mt-1 text-3xl font-extrabold tracking-tight" data-testid="quote-total">
          {formatMoney(quote.total_local_amount, cur)}
        </p>
      </div>
      <dl className="mt-4 divide-y divide-slate-100">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-baseline justify-between gap-4 py-2.5">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-right font-semibold text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
