import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { usePageMeta } from '@/lib/page-meta';
import { mailto, site } from '@/config/site';
import { PageHero } from './components/page-hero';
import { RelatedLinks } from './components/related-links';
import { Timeline, type TimelineItem } from './components/timeline';
import { linkButton, textLink } from './components/link-styles';
import { usePaymentEmails, type PaymentEmail } from './api/get-payment-emails';

interface EmailStage extends TimelineItem {
  subject: string;
  email: string;
}

function asStage(e: PaymentEmail): EmailStage {
  return { title: e.heading, timing: e.timing, description: e.about, subject: e.subject, email: e.body };
}

/** telHref turns a displayed phone number into a tel: link. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** StatusUpdatesPage explains the status e-mails a payer receives, with sample texts and support contacts. */
export function StatusUpdatesPage() {
  const { t, i18n } = useTranslation('info');
  const emails = usePaymentEmails(i18n.resolvedLanguage ?? 'en');
  usePageMeta(t('statusUpdates.metaTitle'), t('statusUpdates.metaDescription'));
  const how = t('statusUpdates.howBody', { returnObjects: true }) as string[];
  const stages = (emails.data ?? []).filter((e) => !e.ending).map(asStage);
  const endings = (emails.data ?? []).filter((e) => e.ending);
  return (
    <main id="main">
      <PageHero eyebrow={t('statusUpdates.eyebrow')} title={t('statusUpdates.title')} lead={t('statusUpdates.lead')} />
      <div className="mx-auto box-content grid max-w-5xl gap-10 px-4 py-12 sm:py-16 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-12">
          <section aria-labelledby="how-heading">
            <h2 id="how-heading" className="text-2xl font-bold text-ink">
              {t('statusUpdates.howHeading')}
            </h2>
            {how.map((p) => (
              <p key={p} className="mt-3 text-slate-700">
                {p}
              </p>
            ))}
            <Link to="/track" className={linkButton('primary', 'mt-5')}>
              {t('statusUpdates.trackLink')}
            </Link>
          </section>

          <section aria-labelledby="timeline-heading">
            <h2 id="timeline-heading" className="mb-8 text-2xl font-bold text-ink">
              {t('statusUpdates.timelineHeading')}
            </h2>
            {emails.isError ? (
              <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
                {t('statusUpdates.loadError')}
              </p>
            ) : emails.isPending ? (
              <p className="text-slate-600">{t('statusUpdates.loading')}</p>
            ) : (
              <Timeline
                items={stages}
                timingLabel={t('statusUpdates.timingLabel')}
                extra={(item) => {
                  const stage = item as EmailStage;
                  return (
                    <figure className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
                      <figcaption className="text-xs font-semibold uppercase tracking-wide text-slate-600">
                        {t('statusUpdates.sampleLabel')}
                      </figcaption>
                      <p className="mt-2 text-sm font-semibold text-ink">
                        {t('statusUpdates.subjectLabel')} {stage.subject}
                      </p>
                      <p className="mt-1 text-sm text-slate-700">{stage.email}</p>
                    </figure>
                  );
                }}
              />
            )}
            {endings.length > 0 ? (
              <div className="mt-10">
                <h3 className="text-lg font-semibold text-ink">{t('statusUpdates.endingsHeading')}</h3>
                <ul className="mt-3 space-y-3">
                  {endings.map((e) => (
                    <li key={e.stage} className="rounded-xl border border-slate-200 p-4">
                      <p className="font-semibold text-ink">{e.heading}</p>
                      <p className="mt-1 text-sm text-slate-700">{e.about}</p>
                      <p className="mt-2 text-sm text-slate-700">
                        <span className="font-semibold">{t('statusUpdates.subjectLabel')}</span> {e.subject}
                      </p>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </section>

          <section aria-labelledby="spam-heading" className="rounded-2xl border border-yellow-300 bg-yellow-50 p-6">
            <h2 id="spam-heading" className="text-xl font-bold text-ink">
              {t('statusUpdates.spamHeading')}
            </h2>
            <p className="mt-2 text-slate-800">{t('statusUpdates.spamBody', { email: site.supportEmail })}</p>
          </section>
        </div>

        <aside aria-labelledby="contact-heading" className="lg:sticky lg:top-6 lg:self-start">
          <Card>
            <h2 id="contact-heading" className="text-xl font-bold text-ink">
              {t('statusUpdates.contactHeading')}
            </h2>
            <p className="mt-2 text-slate-700">{t('statusUpdates.contactBody')}</p>
            <dl className="mt-4 space-y-3">
              <div>
                <dt className="text-sm text-slate-600">{t('statusUpdates.emailLabel')}</dt>
                <dd>
                  <a href={mailto(site.supportEmail)} className={textLink}>
                    {site.supportEmail}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">{t('statusUpdates.phoneLabel')}</dt>
                {site.phones.map((phone) => (
                  <dd key={phone}>
                    <a href={telHref(phone)} className={textLink}>
                      {phone}
                    </a>
                  </dd>
                ))}
              </div>
            </dl>
            <p className="mt-4 font-semibold text-ink">{t('statusUpdates.availability')}</p>
          </Card>
        </aside>
      </div>
      <RelatedLinks />
    </main>
  );
}
