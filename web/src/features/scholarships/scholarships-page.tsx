import './strings';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { usePageMeta } from '@/lib/page-meta';
import { useOverview } from './api/search';
import { formatDate } from './lib/format';

const steps = [
  { key: 'quickMatch', to: '/signup-stage1' },
  { key: 'eligibility', to: '/scholarship-eligibility' },
  { key: 'search', to: '/scholarship-search' },
] as const;

/** ScholarshipsPage (/scholarships) explains the search and leads to its three screens. */
export function ScholarshipsPage() {
  const { t } = useTranslation('scholarships');
  usePageMeta(t('overview.metaTitle'), t('overview.metaDescription'));
  const overview = useOverview();
  return (
    <main id="main" className="bg-slate-50 px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-5xl">
        <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t('overview.title')}</h1>
        <p className="mt-3 max-w-3xl text-lg text-slate-700">{t('overview.lead')}</p>
        <p className="mt-4 text-base font-semibold text-navy" aria-live="polite">
          {overview.isPending
            ? t('overview.catalogLoading')
            : overview.data
              ? t('overview.catalog', { count: overview.data.count, date: formatDate(overview.data.last_verified) })
              : t('overview.catalogError')}
        </p>
        <p className="mt-3 max-w-3xl text-base text-slate-700">{t('overview.how')}</p>
        <ol className="mt-8 grid gap-4 md:grid-cols-3">
          {steps.map((s, i) => (
            <li key={s.key}>
              <Card className="flex h-full flex-col">
                <p className="text-sm font-semibold text-slate-600">{i + 1}</p>
                <h2 className="mt-1 text-xl font-bold text-ink">{t(`overview.steps.${s.key}.title`)}</h2>
                <p className="mt-2 flex-1 text-base text-slate-700">{t(`overview.steps.${s.key}.body`)}</p>
                <Link to={s.to} className="mt-4 inline-flex min-h-11 items-center justify-center rounded-lg bg-navy px-5 py-2 text-center font-semibold text-white hover:bg-navy-light">
                  {t(`overview.steps.${s.key}.cta`)}
                </Link>
              </Card>
            </li>
          ))}
        </ol>
      </div>
    </main>
  );
}
