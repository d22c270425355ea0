import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/lib/page-meta';
import { PageHero } from './components/page-hero';
import { StartPaymentLink } from './components/start-payment';
import { RelatedLinks } from './components/related-links';
import { textLink } from './components/link-styles';

const legalLinks = [
  ['/terms-of-service', 'terms'],
  ['/privacy-policy', 'privacy'],
  ['/compliance', 'compliance'],
  ['/payment-authorization', 'authorization'],
] as const;

/** PaymentGuidePage is the second explainer: before, during and after a payment, with the legal pages. */
export function PaymentGuidePage() {
  const { t } = useTranslation('info');
  usePageMeta(t('guide.metaTitle'), t('guide.metaDescription'));
  const beforeItems = t('guide.sections.before.items', { returnObjects: true }) as string[];
  return (
    <main id="main">
      <PageHero narrow eyebrow={t('guide.eyebrow')} title={t('guide.title')} lead={t('guide.lead')} />
      <div className="mx-auto box-content max-w-3xl space-y-10 px-4 py-12 sm:py-16">
        <GuideSection id="before" title={t('guide.sections.before.title')}>
          <p>{t('guide.sections.before.body')}</p>
          <ul className="mt-3 list-disc space-y-1 pl-5">
            {beforeItems.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </GuideSection>
        <GuideSection id="quote" title={t('guide.sections.quote.title')}>
          <p>{t('guide.sections.quote.body')}</p>
        </GuideSection>
        <GuideSection id="authorize" title={t('guide.sections.authorize.title')}>
          <p>{t('guide.sections.authorize.body')}</p>
          <p className="mt-3">
            <Link to="/payment-authorization" className={textLink}>
              {t('guide.sections.authorize.link')}
            </Link>
          </p>
        </GuideSection>
        <GuideSection id="pay" title={t('guide.sections.pay.title')}>
          <p>{t('guide.sections.pay.body')}</p>
        </GuideSection>
        <GuideSection id="after" title={t('guide.sections.after.title')}>
          <p>{t('guide.sections.after.body')}</p>
          <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
            <Link to="/track" className={textLink}>
              {t('guide.sections.after.trackLink')}
            </Link>
            <Link to="/payment-status-updates" className={textLink}>
              {t('guide.sections.after.updatesLink')}
            </Link>
          </p>
        </GuideSection>
        <GuideSection id="refunds" title={t('guide.sections.refunds.title')}>
          <p>{t('guide.sections.refunds.body')}</p>
        </GuideSection>
        <GuideSection id="legal" title={t('guide.sections.legal.title')}>
          <p>{t('guide.sections.legal.body')}</p>
          <ul className="mt-3 space-y-2">
            {legalLinks.map(([to, key]) => (
              <li key={to}>
                <Link to={to} className={textLink}>
                  {t(`shared.links.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </GuideSection>
        <div className="rounded-2xl bg-navy p-6 text-white sm:p-8">
          <p className="text-lg font-semibold">{t('howItWorks.ctaHeading')}</p>
          <p className="mt-1 text-slate-200">{t('howItWorks.ctaBody')}</p>
          <StartPaymentLink className="mt-4" />
        </div>
      </div>
      <RelatedLinks narrow />
    </main>
  );
}

function GuideSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`guide-${id}`} className="text-slate-700">
      <h2 id={`guide-${id}`} className="mb-3 text-2xl font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}
