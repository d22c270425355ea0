import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { icons } from './icons';
import { revealClass } from './use-reveal';

/** PayTuitionAbroad explains the payment in three facts and leads to the country choice. */
export function PayTuitionAbroad() {
  const { t } = useTranslation('marketing');
  const points = ['local', 'locked', 'delivered'] as const;
  return (
    <section aria-labelledby="pay-tuition-abroad" data-reveal className={`${revealClass} bg-white px-4 py-20`}>
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-2">
        <div>
          <p className="text-sm font-bold uppercase tracking-widest text-blue-700">{t('payAbroad.eyebrow')}</p>
          <h2 id="pay-tuition-abroad" className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
            {t('payAbroad.title')}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-600">{t('payAbroad.lead')}</p>
          <Link
            to="/country-selection"
            className="mt-8 inline-flex h-12 items-center gap-2 rounded-lg bg-navy px-6 font-semibold text-white hover:bg-navy-light"
          >
            {t('payAbroad.cta')}
            {icons.arrowRight}
          </Link>
        </div>
        <ol className="space-y-4">
          {points.map((p, i) => (
            <li key={p} className="flex gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-5">
              <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand font-bold text-navy">
                {i + 1}
              </span>
              <div>
                <h3 className="font-bold text-ink">{t(`payAbroad.points.${p}.title`)}</h3>
                <p className="mt-1 text-slate-600">{t(`payAbroad.points.${p}.body`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
