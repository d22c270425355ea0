import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/lib/page-meta';
import './strings';
import { CountryTiles } from './components/country-tiles';
import { ThreeSteps } from './components/three-steps';

/** CountrySelectionPage: the three steps and the choice of pay-in country. */
export function CountrySelectionPage() {
  const { t } = useTranslation('marketing');
  usePageMeta(t('countrySelection.meta.title'), t('countrySelection.meta.description'));
  return (
    <main id="main" className="bg-slate-50">
      <section aria-labelledby="country-title" className="bg-navy px-4 pb-16 pt-14 text-white">
        <div className="mx-auto max-w-6xl">
          <h1 id="country-title" className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            {t('countrySelection.title')}
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-300">{t('countrySelection.lead')}</p>
          <div className="mt-10">
            <ThreeSteps dark headingLevel={2} />
          </div>
        </div>
      </section>
      <section aria-labelledby="choose-country" className="px-4 py-16">
        <div className="mx-auto max-w-6xl">
          <h2 id="choose-country" className="text-2xl font-bold text-ink sm:text-3xl">
            {t('countrySelection.choose')}
          </h2>
          <div className="mt-6">
            <CountryTiles variant="cards" />
          </div>
          <p className="mt-8 max-w-3xl leading-relaxed text-slate-700">{t('countrySelection.methods')}</p>
        </div>
      </section>
    </main>
  );
}
