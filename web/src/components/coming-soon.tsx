import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/lib/page-meta';

/** ComingSoon stands in for a screen a later release builds; it pretends nothing. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation('common');
  usePageMeta(`${title} — Crebit`, t('comingSoon.body'));
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-ink">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{t('comingSoon.body')}</p>
      <Link to="/" className="mt-8 inline-block font-semibold text-blue-700 underline">
        {t('comingSoon.home')}
      </Link>
    </main>
  );
}
