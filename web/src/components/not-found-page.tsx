import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/lib/page-meta';

/** NotFoundPage is shown for any path no route claims; it logs the path. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  const location = useLocation();
  usePageMeta(t('notFound.documentTitle'));
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <main id="main" className="flex min-h-[60vh] flex-col items-center justify-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-navy">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-ink">{t('notFound.title')}</h1>
      <Link to="/" className="mt-6 font-semibold text-blue-700 underline">
        {t('notFound.home')}
      </Link>
    </main>
  );
}
