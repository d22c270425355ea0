import { useTranslation } from 'react-i18next';
import { ratePageFigures, savingsVersus, type LocalCurrency, type RatePageCompetitor } from '@/lib/comparison-data';
import { formatMoney, formatRate } from '@/lib/money';
import { cn } from '@/lib/cn';
import { useHeaderRates } from '@/components/layout/header-rates';
import type { Quote } from '@/features/payments/api/create-quote';

interface Column {
  key: 'crebit' | 'transferService' | 'tuitionService';
  rate: number;
  fee: string;
  time: string;
}

/** ProviderComparison compares the product with the two comparison providers (spec section 9). */
export function ProviderComparison({ currency, quote }: { currency: LocalCurrency; quote: Quote | null }) {
  const { t } = useTranslation('quote');
  const fallback = ratePageFigures.crebitFallback;
  // One set of figures on screen (issue 16): the quote once there is one, else
  // the live rate the header also shows, and the spec's typical figures only
  // when the live rate cannot be fetched.
  const indicative = useHeaderRates();
  const competitor = (key: 'transferService' | 'tuitionService', c: RatePageCompetitor): Column => ({
    key,
    rate: c.rates[currency],
    fee: c.fee,
    time: t(`time.${c.time}`),
  });
  const columns: Column[] = [
    {
      key: 'crebit',
      rate: quote ? quote.effective_rate : indicative.live ? indicative[currency] : fallback.rates[currency],
      fee: quote ? formatMoney(quote.total_fees_usd, 'USD') : t('comparison.feeUsd', { fee: fallback.fee }),
      // The comparison keeps the spec's own arrival figures (PRODUCT.md).
      time: t(`time.${fallback.time}`),
    },
    competitor('transferService', ratePageFigures.transferService),
    competitor('tuitionService', ratePageFigures.tuitionService),
  ];
  return (
    <section aria-labelledby="comparison-title">
      <h2 id="comparison-title" className="text-lg font-bold text-ink">
        {t('comparison.title')}
      </h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-3">
        {columns.map((c) => (
          <li
            key={c.key}
            className={cn('rounded-2xl border p-5', c.key === 'crebit' ? 'border-navy bg-navy text-white shadow-lg' : 'border-slate-200 bg-white text-ink')}
          >
            <h3 className="flex items-center justify-between gap-2 text-base font-bold">
              {t(`providers.${c.key}`)}
              {c.key === 'crebit' ? (
                <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-navy">{quote ? t('comparison.live') : indicative.live ? t('comparison.liveRate') : t('comparison.typical')}</span>
              ) : null}
            </h3>
            <dl className="mt-3 space-y-2 text-sm">
              <div className="flex justify-between gap-3">
                <dt className={c.key === 'crebit' ? 'text-slate-300' : 'text-slate-600'}>{t('comparison.rate')}</dt>
                <dd className="font-semibold">{t('rateValue', { rate: formatRate(c.rate), currency })}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className={c.key === 'crebit' ? 'text-slate-300' : 'text-slate-600'}>{t('comparison.fees')}</dt>
                <dd className="font-semibold">{c.fee}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className={c.key === 'crebit' ? 'text-slate-300' : 'text-slate-600'}>{t('comparison.time')}</dt>
                <dd className="font-semibold">{c.time}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** SavingsBoxes show what the quote saves against each comparison provider. */
export function SavingsBoxes({ quote }: { quote: Quote }) {
  const { t } = useTranslation('quote');
  const cur = quote.local_currency;
  const boxes = (['transferService', 'tuitionService'] as const).map((key) => ({
    key,
    amount: savingsVersus(ratePageFigures[key], cur, quote.amount_usd, quote.total_local_amount),
  }));
  return (
    <section aria-labelledby="savings-title">
      <h2 id="savings-title" className="text-lg font-bold text-ink">
        {t('savings.title')}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {boxes.map((b) => (
          <li key={b.key} className="rounded-2xl border border-green-200 bg-green-50 p-5">
            <p className="text-sm font-semibold text-green-900">{t('savings.versus', { provider: t(`providers.${b.key}`) })}</p>
            <p className="mt-1 text-2xl font-extrabold text-green-900">{formatMoney(b.amount, cur)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
