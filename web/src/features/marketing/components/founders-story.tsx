import { useTranslation } from 'react-i18next';
import { BookingLink } from './booking-link';
import { revealClass } from './use-reveal';

/** FoundersStory tells why Crebit exists and offers a call with the team. */
export function FoundersStory() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="founders-story" data-reveal className={`${revealClass} bg-slate-50 px-4 py-20`}>
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <p className="text-sm font-bold uppercase tracking-widest text-blue-700">{t('founders.eyebrow')}</p>
          <h2 id="founders-story" className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
            {t('founders.title')}
          </h2>
          <div className="mt-5 space-y-4 text-lg leading-relaxed text-slate-700">
            <p>{t('founders.p1')}</p>
            <p>{t('founders.p2')}</p>
            <p>{t('founders.p3')}</p>
          </div>
          <BookingLink className="mt-8 inline-flex h-12 items-center rounded-lg bg-brand px-6 font-semibold text-navy hover:bg-yellow-300">
            {t('founders.cta')}
          </BookingLink>
        </div>
        <dl className="grid grid-cols-2 gap-4 lg:col-span-2">
          {(['universities', 'funding', 'saving', 'settlement'] as const).map((k) => (
            <div key={k} className="rounded-2xl bg-navy p-5 text-white">
              <dt className="text-sm text-slate-300">{t(`founders.stats.${k}.label`)}</dt>
              <dd className="mt-1 text-2xl font-extrabold text-brand">{t(`founders.stats.${k}.value`)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
