import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { usePageMeta } from '@/lib/page-meta';
import { formatRate } from '@/lib/money';
import { cn } from '@/lib/cn';
import { useLiveRate, type LocalCurrency } from './api/get-live-rate';
import { PageHero } from './components/page-hero';
import { StartPaymentLink } from './components/start-payment';
import { linkButton } from './components/link-styles';
import { RelatedLinks } from './components/related-links';
import { competitors } from './data/comparison';

const stepKeys = ['school', 'quote', 'pay', 'delivery'] as const;
const deliveryKeys = ['check', 'bank'] as const;

/** HowItWorksPage explains the four steps, the two delivery methods and how Crebit compares. */
export function HowItWorksPage() {
  const { t } = useTranslation('info');
  usePageMeta(t('howItWorks.metaTitle'), t('howItWorks.metaDescription'));
  return (
    <main id="main">
      <PageHero eyebrow={t('howItWorks.eyebrow')} title={t('howItWorks.title')} lead={t('howItWorks.lead')} />

      <section aria-labelledby="steps-heading" className="px-4 py-12 sm:py-16">
        <div className="mx-auto max-w-5xl">
          <h2 id="steps-heading" className="text-2xl font-bold text-ink sm:text-3xl">
            {t('howItWorks.stepsHeading')}
          </h2>
          <ol className="mt-8 grid gap-6 sm:grid-cols-2">
            {stepKeys.map((key, i) => {
              const items = t(`howItWorks.steps.${key}.items`, { returnObjects: true, defaultValue: [] }) as string[];
              return (
                <li key={key}>
                  <Card className="h-full">
                    <p className="text-sm font-semibold uppercase tracking-wide text-yellow-800">
                      {t('shared.step', { n: i + 1 })}
                    </p>
                    <h3 className="mt-1 text-xl font-semibold text-ink">{t(`howItWorks.steps.${key}.title`)}</h3>
                    <p className="mt-2 text-slate-700">{t(`howItWorks.steps.${key}.body`)}</p>
                    {Array.isArray(items) && items.length > 0 ? (
                      <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
                        {items.map((item) => (
                          <li key={item}>{item}</li>
                        ))}
                      </ul>
                    ) : null}
                  </Card>
                </li>
              );
            })}
          </ol>
        </div>
      </section>

      <section aria-labelledby="delivery-heading" className="bg-slate-50 px-4 py-12 sm:py-16">
        <div className="mx-auto max-w-5xl">
          <h2 id="delivery-heading" className="text-2xl font-bold text-ink sm:text-3xl">
            {t('howItWorks.deliveryHeading')}
          </h2>
          <p className="mt-2 text-slate-700">{t('howItWorks.deliveryLead')}</p>
          <div className="mt-8 grid gap-6 md:grid-cols-2">
            {deliveryKeys.map((key) => (
              <Card key={key} className="flex flex-col">
                <h3 className="text-xl font-semibold text-ink">{t(`howItWorks.delivery.${key}.title`)}</h3>
                <p className="mt-2">
                  <span className="sr-only">{t('howItWorks.deliveryTimeLabel')}: </span>
                  <span className="inline-block rounded-full bg-navy px-3 py-1 text-sm font-semibold text-white">
                    {t(`howItWorks.delivery.${key}.time`)}
                  </span>
                </p>
                <p className="mt-3 text-slate-700">{t(`howItWorks.delivery.${key}.body`)}</p>
                <p className="mt-3 text-sm text-slate-600">{t(`howItWorks.delivery.${key}.note`)}</p>
              </Card>
            ))}
          </div>
        </div>
      </section>

      <Comparison />

      <section aria-labelledby="cta-heading" className="bg-navy px-4 py-12 text-white sm:py-16">
        <div className="mx-auto flex max-w-5xl flex-col items-start gap-4">
          <h2 id="cta-heading" className="text-2xl font-bold sm:text-3xl">
            {t('howItWorks.ctaHeading')}
          </h2>
          <p className="text-slate-200">{t('howItWorks.ctaBody')}</p>
          <div className="flex flex-wrap gap-3">
            <StartPaymentLink />
            <Link to="/how-it-works/guide" className={linkButton('outline')}>
              {t('howItWorks.guideLink')}
            </Link>
          </div>
        </div>
      </section>

      <RelatedLinks />
    </main>
  );
}

function LiveRate({ currency }: { currency: LocalCurrency }) {
  const { t } = useTranslation('info');
  const rate = useLiveRate(currency);
  if (rate.isPending) return <>{t('shared.loading')}</>;
  if (rate.isError || rate.data === undefined) return <>{t('howItWorks.compare.liveRateUnavailable')}</>;
  return <>{t('howItWorks.compare.liveRate', { rate: formatRate(rate.data) })}</>;
}

function Comparison() {
  const { t } = useTranslation('info');
  const rows = [
    {
      key: 'ours',
      name: t('howItWorks.compare.ours'),
      brl: <LiveRate currency="BRL" />,
      mxn: <LiveRate currency="MXN" />,
      fee: t('howItWorks.compare.oursFee'),
      time: t('howItWorks.compare.oursTime'),
    },
    ...competitors.map((c) => ({
      key: c.key,
      name: t(`howItWorks.compare.${c.key}`),
      brl: formatRate(c.rates.BRL, 2),
      mxn: formatRate(c.rates.MXN, 2),
      fee: t(`howItWorks.compare.${c.key}Fee`),
      time: t(`howItWorks.compare.${c.key}Time`),
    })),
  ];
  return (
    <section aria-labelledby="compare-heading" className="px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-5xl">
        <h2 id="compare-heading" className="text-2xl font-bold text-ink sm:text-3xl">
          {t('howItWorks.compareHeading')}
        </h2>
        <p className="mt-2 text-slate-700">{t('howItWorks.compareLead')}</p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {rows.map((row) => (
            <li
              key={row.key}
              className={cn(
                'rounded-2xl border p-6 shadow-sm',
                row.key === 'ours' ? 'border-2 border-navy bg-yellow-50' : 'border-slate-200 bg-white',
              )}
            >
              <h3 className="text-lg font-semibold text-ink">{row.name}</h3>
              <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm md:grid-cols-1">
                <div>
                  <dt className="text-slate-600">{t('howItWorks.compare.rateBrl')}</dt>
                  <dd className="text-base font-semibold text-ink">{row.brl}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">{t('howItWorks.compare.rateMxn')}</dt>
                  <dd className="text-base font-semibold text-ink">{row.mxn}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">{t('howItWorks.compare.fee')}</dt>
                  <dd className="text-base font-semibold text-ink">{row.fee}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">{t('howItWorks.compare.time')}</dt>
                  <dd className="text-base font-semibold text-ink">{row.time}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-slate-600">{t('howItWorks.compare.footnote')}</p>
      </div>
    </section>
  );
}
