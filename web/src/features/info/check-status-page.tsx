import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/lib/page-meta';
import { PageHero } from './components/page-hero';
import { RelatedLinks } from './components/related-links';
import { Timeline, type TimelineItem } from './components/timeline';
import { linkButton, textLink } from './components/link-styles';

/** CheckStatusPage explains the four stages of a payment delivered as a mailed check. */
export function CheckStatusPage() {
  const { t } = useTranslation('info');
  usePageMeta(t('checkStatus.metaTitle'), t('checkStatus.metaDescription'));
  const stages = t('checkStatus.stages', { returnObjects: true }) as TimelineItem[];
  return (
    <main id="main">
      <PageHero narrow eyebrow={t('checkStatus.eyebrow')} title={t('checkStatus.title')} lead={t('checkStatus.lead')} />
      <div className="mx-auto box-content max-w-3xl px-4 py-12 sm:py-16">
        <section aria-labelledby="stages-heading">
          <h2 id="stages-heading" className="mb-8 text-2xl font-bold text-ink">
            {t('checkStatus.stagesHeading')}
          </h2>
          <Timeline items={stages} timingLabel={t('statusUpdates.timingLabel')} />
        </section>
        <section aria-labelledby="follow-heading" className="mt-12 rounded-2xl bg-slate-50 p-6 sm:p-8">
          <h2 id="follow-heading" className="text-xl font-bold text-ink">
            {t('checkStatus.trackHeading')}
          </h2>
          <p className="mt-2 text-slate-700">{t('checkStatus.trackBody')}</p>
          <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
            <Link to="/track" className={linkButton('primary')}>
              {t('checkStatus.trackLink')}
            </Link>
            <Link to="/payment-status-updates" className={textLink}>
              {t('checkStatus.updatesLink')}
            </Link>
          </div>
        </section>
      </div>
      <RelatedLinks narrow />
    </main>
  );
}
