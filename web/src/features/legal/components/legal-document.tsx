import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { usePageMeta } from '@/lib/page-meta';
import { mailto, site } from '@/config/site';
import { formatDate } from '@/lib/money';

interface LegalSection {
  id: string;
  title: string;
  body: string[];
  items?: string[];
  after?: string[];
}

const related = [
  ['/terms-of-service', 'terms'],
  ['/privacy-policy', 'privacy'],
  ['/compliance', 'compliance'],
  ['/payment-authorization', 'authorization'],
] as const;

const link = 'font-semibold text-blue-700 underline underline-offset-2 hover:text-blue-900';

/** formatUpdated shows a YYYY-MM-DD date in the visitor's language. */
const formatUpdated = formatDate;

/**
 * LegalDocument renders one legal text of the 'legal' namespace (terms or
 * privacy): its title, last-updated date, a table of contents with in-page
 * links, and its numbered sections.
 */
export function LegalDocument({ doc }: { doc: 'terms' | 'privacy' }) {
  const { t } = useTranslation('legal');
  usePageMeta(t(`${doc}.metaTitle`), t(`${doc}.metaDescription`));
  const opts = { returnObjects: true } as const;
  const intro = t(`${doc}.intro`, opts) as string[];
  const sections = t(`${doc}.sections`, opts) as LegalSection[];
  const updated = t(`${doc}.updated`);
  return (
    <main id="main" className="px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-5xl">
        <header className="border-b border-slate-200 pb-6">
          <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t(`${doc}.title`)}</h1>
          <p className="mt-2 text-slate-600">
            <Trans
              t={t}
              i18nKey="shared.lastUpdated"
              values={{ date: formatUpdated(updated) }}
              components={{ time: <time dateTime={updated} /> }}
            />
          </p>
          {intro.map((p) => (
            <p key={p} className="mt-4 max-w-3xl text-slate-700">
              {p}
            </p>
          ))}
        </header>
        <div className="mt-8 lg:grid lg:grid-cols-[16rem_1fr] lg:gap-12">
          <nav aria-labelledby="toc-heading" className="mb-10 lg:mb-0">
            <div className="rounded-2xl border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-6">
              <h2 id="toc-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
                {t('shared.toc')}
              </h2>
              <ol className="mt-3 space-y-2 text-sm">
                {sections.map((s) => (
                  <li key={s.id}>
                    <a href={`#${s.id}`} className="text-blue-700 underline-offset-2 hover:underline">
                      {s.title}
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>
          <div className="min-w-0 max-w-3xl space-y-10 text-slate-700">
            {sections.map((s) => (
              <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="scroll-mt-6">
                <h2 id={`${s.id}-heading`} className="text-xl font-bold text-ink sm:text-2xl">
                  {s.title}
                </h2>
                {s.body.map((p) => (
                  <p key={p} className="mt-3 leading-relaxed">
                    {p}
                  </p>
                ))}
                {s.items ? (
                  <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed">
                    {s.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : null}
                {s.after?.map((p) => (
                  <p key={p} className="mt-3 leading-relaxed">
                    {p}
                  </p>
                ))}
                {s.id === 'contact' ? (
                  <p className="mt-3">
                    <a href={mailto(site.supportEmail, t(`${doc}.title`))} className={link}>
                      {site.supportEmail}
                    </a>
                  </p>
                ) : null}
              </section>
            ))}
            <nav aria-labelledby="related-legal-heading" className="border-t border-slate-200 pt-6">
              <h2 id="related-legal-heading" className="text-lg font-semibold text-ink">
                {t('shared.related')}
              </h2>
              <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
                {related.map(([to, key]) => (
                  <li key={to}>
                    <Link to={to} className={link}>
                      {t(`shared.links.${key}`)}
                    </Link>
                  </li>
                ))}
              </ul>
              <p className="mt-6">
                <a href="#main" className={link}>
                  {t('shared.backToTop')}
                </a>
              </p>
            </nav>
          </div>
        </div>
      </div>
    </main>
  );
}
