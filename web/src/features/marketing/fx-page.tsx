import { useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/lib/page-meta';
import './strings';
import { RateCalculator } from './calculator/rate-calculator';
import { CountryTiles } from './components/country-tiles';
import { FeatureGrid, type Feature } from './components/feature-grid';
import { FoundersStory } from './components/founders-story';
import { Hero } from './components/hero';
import { icons } from './components/icons';
import { PayTuitionAbroad } from './components/pay-tuition-abroad';
import { SectionHeading } from './components/section-heading';
import { ThreeSteps } from './components/three-steps';
import { useProgressiveMount } from './components/use-progressive-mount';
import { revealClass, useReveal } from './components/use-reveal';

function FxHero() {
  const { t } = useTranslation('marketing');
  return (
    <Hero
      id="fx-title"
      eyebrow={t('fx.hero.eyebrow')}
      title={t('fx.hero.title')}
      lead={t('fx.hero.lead')}
      actions={
        <Link
          to="/country-selection"
          className="mt-8 inline-flex h-12 items-center gap-2 rounded-lg bg-brand px-6 font-bold tracking-wide text-navy hover:bg-yellow-300"
        >
          {t('fx.hero.cta')}
          {icons.arrowRight}
        </Link>
      }
      aside={<RateCalculator />}
    />
  );
}

function StartAnywhere() {
  const { t } = useTranslation('marketing');
  const methods = ['pix', 'spei', 'pse', 'mobileMoney', 'nip'] as const;
  return (
    <section aria-labelledby="start-anywhere" data-reveal className={`${revealClass} bg-white px-4 py-20`}>
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="start-anywhere" eyebrow={t('fx.start.eyebrow')} title={t('fx.start.title')} lead={t('fx.start.lead')} />
        <ul className="mx-auto mt-10 grid max-w-4xl gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {methods.map((m) => {
            const live = m === 'pix' || m === 'spei';
            return (
              <li key={m} className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 px-4 py-3">
                <span>
                  <span className="block font-bold text-ink">{t(`fx.start.methods.${m}.name`)}</span>
                  <span className="block text-sm text-slate-600">{t(`fx.start.methods.${m}.country`)}</span>
                </span>
                <span className={live ? 'rounded-full bg-green-100 px-2.5 py-1 text-xs font-bold text-green-800' : 'rounded-full bg-slate-100 px-2.5 py-1 text-xs font-bold text-slate-700'}>
                  {live ? t('fx.start.live') : t('fx.start.soon')}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function Benefits() {
  const { t } = useTranslation('marketing');
  const features: Feature[] = [
    { key: 'fast', icon: icons.bolt },
    { key: 'rates', icon: icons.trendDown },
    { key: 'support', icon: icons.headset },
  ].map((f) => ({ ...f, title: t(`fx.benefits.${f.key}.title`), body: t(`fx.benefits.${f.key}.body`) }));
  return (
    <section aria-labelledby="fx-benefits" data-reveal className={`${revealClass} bg-slate-50 px-4 py-20`}>
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="fx-benefits" title={t('fx.benefits.title')} />
        <FeatureGrid features={features} columns={3} />
      </div>
    </section>
  );
}

function Testimonial() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="fx-testimonial" data-reveal className={`${revealClass} bg-navy px-4 py-20 text-white`}>
      <div className="mx-auto max-w-3xl text-center">
        <h2 id="fx-testimonial" className="text-sm font-bold uppercase tracking-widest text-brand">
          {t('fx.testimonial.title')}
        </h2>
        <figure className="mt-6">
          <blockquote className="text-2xl font-semibold leading-relaxed sm:text-3xl">
            <p>“{t('fx.testimonial.quote')}”</p>
          </blockquote>
          <figcaption className="mt-6 text-slate-300">
            <span className="font-bold text-white">{t('fx.testimonial.name')}</span>, {t('fx.testimonial.role')}
          </figcaption>
        </figure>
      </div>
    </section>
  );
}

function StepsSection() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="fx-steps" data-reveal className={`${revealClass} bg-white px-4 py-20`}>
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="fx-steps" eyebrow={t('fx.steps.eyebrow')} title={t('fx.steps.title')} lead={t('fx.steps.lead')} />
        <div className="mt-12 space-y-8">
          <ThreeSteps />
          <CountryTiles variant="tiles" />
        </div>
      </div>
    </section>
  );
}

function Compliance() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="fx-compliance" data-reveal className={`${revealClass} bg-slate-50 px-4 py-16`}>
      <div className="mx-auto flex max-w-4xl gap-5 rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
        <span aria-hidden="true" className="hidden h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-navy text-brand sm:flex">
          {icons.shield}
        </span>
        <div>
          <h2 id="fx-compliance" className="text-xl font-bold text-ink">
            {t('fx.compliance.title')}
          </h2>
          <p className="mt-3 leading-relaxed text-slate-700">{t('fx.compliance.body')}</p>
          <Link to="/compliance" className="mt-4 inline-block font-semibold text-blue-700 underline-offset-4 hover:underline">
            {t('fx.compliance.link')}
          </Link>
        </div>
      </div>
    </section>
  );
}

// The sections below the first screen, in page order.
const later = [StartAnywhere, Benefits, PayTuitionAbroad, Testimonial, FoundersStory, StepsSection, Compliance];

/** FxPage is the foreign-exchange landing page with the live calculator. */
export function FxPage() {
  const { t } = useTranslation('marketing');
  usePageMeta(t('fx.meta.title'), t('fx.meta.description'));
  const ref = useRef<HTMLElement>(null);
  const shown = useProgressiveMount(later.length);
  useReveal(ref, shown === later.length);
  return (
    <main id="main" ref={ref}>
      <FxHero />
      {later.slice(0, shown).map((Section, i) => (
        <Section key={i} />
      ))}
    </main>
  );
}
