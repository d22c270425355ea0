import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SiteHeader } from '@/components/layout/site-header';
import { SiteFooter } from '@/components/layout/site-footer';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { useReferralArrival } from '@/lib/referral';
import { corridors } from '@/features/payments/lib/corridors.gen';

// The header is hidden on the payment wizards and the rate page, which have
// their own back arrow.
const headerless = new Set<string>([...Object.values(corridors).map((c) => c.wizardPath), '/quote']);

/** RootLayout frames every page with the header and footer. */
export function RootLayout() {
  const { pathname, search } = useLocation();
  useReferralArrival(search);
  const { t } = useTranslation('common');
  const showHeader = !headerless.has(pathname);
  return (
    <div className="flex min-h-screen flex-col">
      <LazyToaster />
      {showHeader ? <SiteHeader /> : null}
      <div className="flex-1">
        <Suspense fallback={<p className="p-8 text-center text-slate-600">{t('loading')}</p>}>
          <Outlet />
        </Suspense>
      </div>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
