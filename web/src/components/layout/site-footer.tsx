import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mailto, site } from '@/config/site';
import { Logo } from './logo';
import { LanguageSwitcher } from './language-switcher';

function telHref(phone: string): string {
  return `tel:+${phone.replace(/\D/g, '')}`;
}

const heading = 'text-sm font-bold uppercase tracking-widest text-brand';
/** exploreLinks: the product's pages a visitor looks for, each with its footer text. */
const exploreLinks = [
  ['/scholarships', 'scholarships'],
  ['/scholarship-search', 'scholarshipSearch'],
  ['/how-it-works', 'howItWorks'],
  ['/payment-status-updates', 'statusUpdates'],
  ['/check-payment-status', 'checkStatus'],
  ['/signup', 'signUp'],
] as const;

const link = 'text-slate-200 underline-offset-4 hover:text-white hover:underline';

/**
 * SiteFooter: customer support, legal links, partner links, copyright and
 * the compliance disclaimer (spec section 2).
 */
export function SiteFooter() {
  const { t } = useTranslation('layout');
  const external = { target: '_blank', rel: 'noopener noreferrer', 'aria-describedby': 'footer-new-tab-note' } as const;
  return (
    <footer className="bg-navy text-slate-200">
      <span id="footer-new-tab-note" hidden>
        {t('opensInNewTab')}
      </span>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <Link to="/" className="inline-flex rounded-md text-white">
            <Logo />
          </Link>
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-slate-300">{t('footer.tagline')}</p>
          <LanguageSwitcher showLabel className="mt-5 text-white" />
        </div>

        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className={heading}>
            {t('footer.support')}
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {site.phones.map((phone) => (
              <li key={phone}>
                <a href={telHref(phone)} className={link}>
                  {phone}
                </a>
              </li>
            ))}
            <li>
              <a href={mailto(site.supportEmail)} className={link}>
                {site.supportEmail}
              </a>
            </li>
            <li>
              <Link to="/contact" className={link}>
                {t('footer.contact')}
              </Link>
            </li>
          </ul>
          <a
            href={site.bookingUrl}
            {...external}
            className="mt-5 inline-flex min-h-10 items-center rounded-lg bg-brand px-4 py-2 text-sm leading-snug font-semibold text-navy hover:bg-yellow-300"
          >
            {t('footer.scheduleCall')}
          </a>
        </section>

        <section aria-labelledby="footer-explore">
          <h2 id="footer-explore" className={heading}>
            {t('footer.explore')}
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {exploreLinks.map(([to, key]) => (
              <li key={to}>
                <Link to={to} className={link}>
                  {t(`footer.exploreLinks.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal" className={heading}>
            {t('footer.legal')}
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <Link to="/track" className={link}>
                {t('footer.track')}
              </Link>
            </li>
            <li>
              <Link to="/terms" className={link}>
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={link}>
                {t('footer.privacy')}
              </Link>
            </li>
          </ul>
        </section>

        <section aria-labelledby="footer-partner">
          <h2 id="footer-partner" className={heading}>
            {t('footer.partner')}
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {(['ambassador', 'universities', 'banks'] as const).map((key) => (
              <li key={key}>
                <a href={site.bookingUrl} {...external} className={link}>
                  {t(`footer.partnerLinks.${key}`)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto max-w-6xl space-y-3 px-4 py-8 text-xs leading-relaxed text-slate-300">
          <p>{t('footer.disclaimer')}</p>
          <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        </div>
      </div>
    </footer>
  );
}
