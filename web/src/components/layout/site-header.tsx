import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { site } from '@/config/site';
import { cn } from '@/lib/cn';
import { useMe } from '@/lib/session';
import { defaultHeaderRates, isPastScrollThreshold, useHeaderRates } from './header-rates';
import { NavDropdown } from './nav-dropdown';
import { RateLinks } from './nav-groups';
import { Logo } from './logo';
import { AccountMenu, useSignOut } from './account-menu';
import { LanguageSwitcher } from './language-switcher';

const bannerPaths = new Set(['/', '/tuition-payments']);

function useScrolledPastHero(): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(isPastScrollThreshold(window.scrollY, window.innerHeight));
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return past;
}

/** ExternalLink opens the booking page in a new tab and says so to screen readers. */
function BookingLink({ children, className }: { children: string; className: string }) {
  return (
    <a href={site.bookingUrl} target="_blank" rel="noopener noreferrer" aria-describedby="new-tab-note" className={className}>
      {children}
    </a>
  );
}

/**
 * MoreLinks holds, below 1536 px, the desktop row's links that do not fit
 * it: PARTNER below 1024 px, Sign up (signed out) or Sign out (signed in)
 * below 1280 px, Track a payment below 1536 px (issue 26 item 5), each shown
 * here only where the row hides it.
 */
function MoreLinks({ label, inverted }: { label: string; inverted: boolean }) {
  const { t } = useTranslation('layout');
  const { t: tc } = useTranslation('common', { useSuspense: false });
  const me = useMe();
  const signOut = useSignOut();
  const item = 'block rounded-lg px-3 py-2.5 text-sm font-semibold text-navy hover:bg-slate-100';
  return (
    <div className="2xl:hidden">
      <NavDropdown id="more-menu" label={label} inverted={inverted}>
        {(close) => (
          <ul>
            <li className="lg:hidden">
              <BookingLink className={item}>{t('nav.partner')}</BookingLink>
            </li>
            {me.isSuccess && !me.data ? (
              <li className="xl:hidden">
                <Link to="/signup" className={item} onClick={close}>
                  {tc('accountMenu.signUp')}
                </Link>
              </li>
            ) : null}
            {me.isSuccess && me.data ? (
              <li className="xl:hidden">
                <button
                  type="button"
                  className={`${item} w-full text-left`}
                  onClick={() => {
                    close();
                    void signOut();
                  }}
                >
                  {tc('accountMenu.signOut')}
                </button>
              </li>
            ) : null}
            <li>
              <Link to="/track" className={item} onClick={close}>
                {t('nav.track')}
              </Link>
            </li>
          </ul>
        )}
      </NavDropdown>
    </div>
  );
}

/**
 * SiteHeader: the yellow banner (on the landing screens), the logo, LEARN and
 * PARTNER, and the SEND MONEY (live rates) and PAY TUITION (fixed rates)
 * groups: dropdowns on desktop, a hamburger menu on mobile (spec section 2).
 */
export function SiteHeader() {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const liveRates = useHeaderRates();
  const scrolled = useScrolledPastHero();
  const [mobileOpen, setMobileOpen] = useState(false);

  useEffect(() => setMobileOpen(false), [pathname]);

  const inverted = scrolled && !mobileOpen;
  const navLink = cn(
    'rounded-md px-1.5 py-2 text-xs lg:px-2 lg:whitespace-nowrap font-semibold tracking-wide',
    inverted ? 'text-navy hover:bg-slate-100' : 'text-white hover:bg-white/10',
  );

  return (
    <header
      className="sticky top-0 z-40"
      data-scrolled={scrolled ? 'true' : 'false'}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && mobileOpen) {
          setMobileOpen(false);
          document.getElementById('mobile-menu-button')?.focus();
        }
      }}
    >
      {bannerPaths.has(pathname) ? (
        <Link
          to="/country-selection"
          className="block bg-brand px-3 py-2 text-center text-xs font-semibold text-navy hover:bg-yellow-300 sm:text-sm md:text-base"
        >
          {t('banner')}
        </Link>
      ) : null}
      <span id="new-tab-note" hidden>
        {t('opensInNewTab')}
      </span>
      <div className={cn('transition-colors duration-300', inverted ? 'bg-white text-navy shadow-md' : 'bg-navy text-white')}>
        <nav aria-label={t('nav.label')} className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 2xl:max-w-[88rem]">
          <Link to="/" className="flex items-center gap-2 rounded-md text-xl font-bold">
            <Logo />
          </Link>

          <div className="hidden items-center gap-1 md:flex">
            <BookingLink className={navLink}>{t('nav.learn')}</BookingLink>
            {/* Below lg the row keeps room for Scholarships; PARTNER is then under More. */}
            <BookingLink className={cn(navLink, 'hidden lg:inline-flex')}>{t('nav.partner')}</BookingLink>
            <NavDropdown id="send-money-menu" label={t('nav.sendMoney')} inverted={inverted}>
              {(close) => <RateLinks rates={liveRates} onNavigate={close} variant="menu" />}
            </NavDropdown>
            <NavDropdown id="pay-tuition-menu" label={t('nav.payTuition')} inverted={inverted}>
              {(close) => <RateLinks rates={defaultHeaderRates} onNavigate={close} variant="menu" />}
            </NavDropdown>
            <Link to="/scholarships" className={navLink}>
              {t('nav.scholarships')}
            </Link>
            <Link to="/track" className={cn(navLink, 'hidden 2xl:inline-flex')}>
              {t('nav.track')}
            </Link>
            <AccountMenu className={navLink} wide />
            <MoreLinks label={t('nav.more')} inverted={inverted} />
            <LanguageSwitcher tone={inverted ? 'light' : 'dark'} compact className="ml-1" />
          </div>

          <button
            id="mobile-menu-button"
            type="button"
            className={cn('rounded-md p-2 md:hidden', inverted ? 'text-navy hover:bg-slate-100' : 'text-white hover:bg-white/10')}
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={t('nav.menu')}
            onClick={() => setMobileOpen((o) => !o)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="26" height="26">
              {mobileOpen ? (
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </nav>

        <div id="mobile-menu" hidden={!mobileOpen} className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-white/10 bg-navy px-4 pb-6 pt-2 md:hidden">
          {mobileOpen ? (
            <>
              <div className="flex gap-2">
                <BookingLink className="flex-1 rounded-lg bg-white/5 px-3 py-3 text-center text-sm font-semibold text-white hover:bg-white/10">
                  {t('nav.learn')}
                </BookingLink>
                <BookingLink className="flex-1 rounded-lg bg-white/5 px-3 py-3 text-center text-sm font-semibold text-white hover:bg-white/10">
                  {t('nav.partner')}
                </BookingLink>
              </div>
              <section aria-labelledby="mobile-send-money" className="mt-5">
                <h2 id="mobile-send-money" className="mb-2 text-xs font-bold tracking-widest text-brand">
                  {t('nav.sendMoney')}
                </h2>
                <RateLinks rates={liveRates} onNavigate={() => setMobileOpen(false)} variant="mobile" />
              </section>
              <section aria-labelledby="mobile-pay-tuition" className="mt-5">
                <h2 id="mobile-pay-tuition" className="mb-2 text-xs font-bold tracking-widest text-brand">
                  {t('nav.payTuition')}
                </h2>
                <RateLinks rates={defaultHeaderRates} onNavigate={() => setMobileOpen(false)} variant="mobile" />
              </section>
              <Link
                to="/scholarships"
                onClick={() => setMobileOpen(false)}
                className="mt-5 block rounded-lg bg-white/5 px-3 py-3 text-center text-sm font-semibold text-white hover:bg-white/10"
              >
                {t('nav.scholarships')}
              </Link>
              <Link
                to="/track"
                onClick={() => setMobileOpen(false)}
                className="mt-2 block rounded-lg bg-white/5 px-3 py-3 text-center text-sm font-semibold text-white hover:bg-white/10"
              >
                {t('nav.track')}
              </Link>
              <div className="mt-5 flex flex-wrap gap-2">
                <AccountMenu className="rounded-lg bg-white/5 px-3 py-3 text-sm font-semibold text-white hover:bg-white/10" onNavigate={() => setMobileOpen(false)} />
              </div>
              <LanguageSwitcher showLabel className="mt-6 text-white" />
            </>
          ) : null}
        </div>
      </div>
    </header>
  );
}
