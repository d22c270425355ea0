import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ApiError, errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { mailto, site } from '@/config/site';
import { useLastCustomerId } from './api/get-last-customer-id';
import { linkButton, textLink } from './components/link-styles';
import { PageHero } from './components/page-hero';
import { ReferralSender } from './components/referral-sender';
import { StartPaymentLink } from './components/start-payment';
import { Timeline, type TimelineItem } from './components/timeline';

/** PaymentCompletePage is the payment-submitted success page: next steps, timeline, referrals. */
export function PaymentCompletePage() {
  const { t } = useTranslation('info');
  usePageMeta(t('complete.metaTitle'), t('complete.metaDescription'));
  const next = t('complete.next', { returnObjects: true }) as string[];
  const timeline = t('complete.timeline', { returnObjects: true }) as TimelineItem[];
  return (
    <main id="main">
      <PageHero eyebrow={t('complete.eyebrow')} title={t('complete.title')} lead={t('complete.lead')} />
      <div className="mx-auto box-content grid max-w-5xl gap-10 px-4 py-12 sm:py-16 lg:grid-cols-2">
        <div className="min-w-0 space-y-12">
          <section aria-labelledby="next-heading">
            <h2 id="next-heading" className="text-2xl font-bold text-ink">
              {t('complete.nextHeading')}
            </h2>
            <ul className="mt-4 space-y-3 text-slate-700">
              {next.map((item) => (
                <li key={item} className="flex gap-3">
                  <span aria-hidden="true" className="mt-2 h-2 w-2 shrink-0 rounded-full bg-brand-dark" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to="/track" className={linkButton('primary')}>
                {t('complete.trackLink')}
              </Link>
              <Link to="/" className={linkButton('outline')}>
                {t('complete.homeLink')}
              </Link>
            </div>
            <p className="mt-4 text-slate-700">
              {t('complete.supportPrompt')}{' '}
              <a href={mailto(site.supportEmail, t('complete.supportSubject'))} className={textLink}>
                {t('complete.supportLink')}
              </a>
            </p>
          </section>
          <section aria-labelledby="timeline-heading">
            <h2 id="timeline-heading" className="mb-8 text-2xl font-bold text-ink">
              {t('complete.timelineHeading')}
            </h2>
            <Timeline items={timeline} timingLabel={t('statusUpdates.timingLabel')} />
          </section>
        </div>
        <section aria-labelledby="referral-heading" className="min-w-0">
          <Card className="ring-2 ring-brand lg:sticky lg:top-6">
            <h2 id="referral-heading" className="text-2xl font-bold text-ink">
              {t('complete.referral.heading')}
            </h2>
            <p className="mt-2 text-slate-700">{t('complete.referral.body')}</p>
            <Referrals />
          </Card>
        </section>
      </div>
    </main>
  );
}

/** Referrals shows the form once the session's payment profile is known. */
function Referrals() {
  const { t } = useTranslation('info');
  const customer = useLastCustomerId();
  if (customer.isPending) {
    return (
      <p role="status" className="mt-5 text-slate-600">
        {t('shared.loading')}
      </p>
    );
  }
  if (customer.isError) {
    if (customer.error instanceof ApiError && customer.error.status === 404) {
      return (
        <div className="mt-5 rounded-xl bg-slate-50 p-4 text-slate-800">
          <p>{t('complete.referral.needsProfile')}</p>
          <StartPaymentLink className="mt-4" />
        </div>
      );
    }
    return (
      <div className="mt-5 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900" role="alert">
        <p>{t('complete.referral.loadError', { message: errorMessage(customer.error, '') })}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void customer.refetch()}>
          {t('complete.referral.retry')}
        </Button>
      </div>
    );
  }
  return <ReferralSender customerId={customer.data} />;
}
