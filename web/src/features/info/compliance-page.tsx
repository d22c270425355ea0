import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/lib/page-meta';
import { mailto, site } from '@/config/site';
import { PageHero } from './components/page-hero';
import { RelatedLinks } from './components/related-links';
import { StartPaymentLink } from './components/start-payment';
import { textLink } from './components/link-styles';

interface ComplianceSection {
  id: string;
  title: string;
  body: string[];
  items?: string[];
}

/** CompliancePage is the compliance statement: role, partners, KYC/AML, identity, the route of funds, data. */
export function CompliancePage() {
  const { t } = useTranslation('info');
  usePageMeta(t('compliance.metaTitle'), t('compliance.metaDescription'));
  const sections = t('compliance.sections', { returnObjects: true }) as ComplianceSection[];
  return (
    <main id="main">
      <PageHero narrow eyebrow={t('compliance.eyebrow')} title={t('compliance.title')} lead={t('compliance.lead')} />
      <div className="mx-auto box-content max-w-3xl space-y-10 px-4 py-12 sm:py-16">
        {sections.map((s) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="scroll-mt-6 text-slate-700">
            <h2 id={`${s.id}-heading`} className="text-2xl font-bold text-ink">
              {s.title}
            </h2>
            {s.body.map((p) => (
              <p key={p} className="mt-3">
                {p}
              </p>
            ))}
            {s.items ? (
              <ol className="mt-4 space-y-3">
                {s.items.map((item, i) => (
                  <li key={item} className="flex gap-3">
                    <span
                      aria-hidden="true"
                      className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-navy text-sm font-bold text-white"
                    >
                      {i + 1}
                    </span>
                    <span className="pt-0.5">{item}</span>
                  </li>
                ))}
              </ol>
            ) : null}
            {s.id === 'data' ? (
              <p className="mt-3">
                <Link to="/privacy-policy" className={textLink}>
                  {t('shared.links.privacy')}
                </Link>
              </p>
            ) : null}
            {s.id === 'contact' ? (
              <p className="mt-3">
                <a href={mailto(site.supportEmail, t('compliance.title'))} className={textLink}>
                  {site.supportEmail}
                </a>
              </p>
            ) : null}
          </section>
        ))}
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <StartPaymentLink />
          <Link to="/terms-of-service" className={textLink}>
            {t('shared.links.terms')}
          </Link>
        </div>
      </div>
      <RelatedLinks narrow />
    </main>
  );
}
