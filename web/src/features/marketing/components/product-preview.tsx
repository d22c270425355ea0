import { useTranslation } from 'react-i18next';
import { formatMoney, formatRate, type CurrencyCode } from '@/lib/money';
import { isLanguage } from '@/lib/language';

// The sample figures of the home page's product preview: a picture of the
// dashboard, not a quote. A Mexican visitor sees pesos and SPEI, everyone
// else reais and Pix.
const sample: Record<'BRL' | 'MXN', { rate: number; saved: number; rail: 'pix' | 'spei' }> = {
  BRL: { rate: 5.42, saved: 3412.8, rail: 'pix' },
  MXN: { rate: 18.56, saved: 11630.5, rail: 'spei' },
};

/**
 * ProductPreview is the home page's picture of the dashboard, drawn in the
 * page's language and number format (it was an SVG with English words and
 * US number formats on every page; issue 26 item 11). Screen readers read
 * its one description; the drawing itself is hidden from them.
 */
export function ProductPreview() {
  const { t, i18n } = useTranslation('marketing');
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const currency: 'BRL' | 'MXN' = lang === 'es-MX' ? 'MXN' : 'BRL';
  const { rate, saved, rail } = sample[currency];
  const stages = [
    { key: 'received', label: rail === 'pix' ? t('preview.stages.received.pix') : t('preview.stages.received.spei'), time: '09:12', done: true },
    { key: 'converted', label: t('preview.stages.converted'), time: '09:14', done: true },
    { key: 'arriving', label: t('preview.stages.arriving'), time: t('common:promise.usdBankTitle'), done: false },
  ];
  return (
    <figure role="img" aria-label={t('preview.alt')} className="w-full overflow-hidden rounded-2xl bg-slate-50 text-slate-900 shadow-2xl ring-1 ring-white/10">
      <div aria-hidden="true">
        <div className="flex items-center gap-2.5 bg-navy px-5 py-3.5">
          <span className="size-6 rounded-md bg-brand" />
          <span className="text-base font-extrabold text-white">Crebit</span>
          <span className="ml-auto h-4 w-20 rounded-full bg-navy-light" />
        </div>
        <div className="grid gap-3 p-4 sm:grid-cols-2">
          <div className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="text-xs text-slate-600">{t('preview.rateLabel')}</p>
            <p className="mt-2 text-2xl font-extrabold">1 USD = {formatRate(rate, 2, lang)}</p>
            <p className="mt-1 text-sm font-semibold text-green-700">{rail === 'pix' ? t('preview.rateNote.pix', { currency }) : t('preview.rateNote.spei', { currency })}</p>
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="text-xs text-slate-600">{t('preview.saved')}</p>
            <p className="mt-2 text-2xl font-extrabold">{formatMoney(saved, currency as CurrencyCode, lang)}</p>
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-4 sm:col-span-2">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4">
              <p className="font-bold">{t('preview.payment')}</p>
              <p className="text-sm font-semibold text-slate-600">{formatMoney(12500, 'USD', lang)}</p>
            </div>
            <ol className="mt-3 space-y-3">
              {stages.map((s) => (
                <li key={s.key} className="flex items-center gap-3 text-sm">
                  <span className={`flex size-6 shrink-0 items-center justify-center rounded-full ${s.done ? 'bg-green-600 text-white' : 'bg-brand'}`}>
                    {s.done ? '✓' : <span className="size-2 rounded-full bg-navy" />}
                  </span>
                  <span className="font-semibold">{s.label}</span>
                  <span className="ml-auto text-right text-xs text-slate-500">{s.time}</span>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </div>
    </figure>
  );
}
