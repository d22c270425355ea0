import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** ErrorPage is the router's error element: a render error lands here. */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  console.error(error);
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-ink">{t('error.title')}</h1>
      <div className="mt-6 flex justify-center gap-6">
        <button type="button" className="font-semibold text-blue-700 underline" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
        <a href="/" className="font-semibold text-blue-700 underline">
          {t('error.home')}
        </a>
      </div>
    </main>
  );
}
