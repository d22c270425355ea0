import { useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/lib/page-meta';
import './strings';
import { FeatureGrid, type Feature } from './components/feature-grid';
import { FoundersStory } from './components/founders-story';
import { Hero } from './components/hero';
import { icons } from './components/icons';
import { PayTuitionAbroad } from './components/pay-tuition-abroad';
import { SectionHeading } from './components/section-heading';
import { SignUpSection } from './components/signup-section';
import { UniversityMarquee } from './components/university-marquee';
import { useProgressiveMount } from './components/use-progressive-mount';
import { revealClass, useReveal } from './components/use-reveal';

function HeroPrimary() {
  const { t } = useTranslation('marketing');
  return (
    <Hero
      id="home-title"
      large
      eyebrow={t('home.hero.eyebrow')}
      title={t('home.hero.title')}
      lead={t('home.hero.lead')}
      actions={
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/country-selection" className="inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-brand px-6 font-semibold text-navy hover:bg-yellow-300">
            {t('home.hero.primaryCta')}
            {icons.arrowRight}
          </Link>
          <Link to="/quote" className="inline-flex h-12 items-center justify-center rounded-lg border border-white/30 px-6 font-semibold text-white hover:bg-white/10">
            {t('home.hero.secondaryCta')}
          </Link>
        </div>
      }
      aside={
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          {(['pix', 'spei', 'usd', 'agent'] as const).map((k) => (
            <li key={k} className="rounded-2xl bg-white/5 p-5 ring-1 ring-white/10">
              <p className="text-lg font-bold text-white">{t(`home.hero.facts.${k}.title`)}</p>
              <p className="mt-1 text-slate-300">{t(`home.hero.facts.${k}.body`)}</p>
            </li>
          ))}
        </ul>
      }
    />
  );
}

function HeroSecondary() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="home-hero-2" data-reveal className={`${revealClass} bg-white px-4 py-20`}>
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="home-hero-2" eyebrow={t('home.hero2.eyebrow')} title={t('home.hero2.title')} lead={t('home.hero2.lead')} />
        <dl className="mt-12 grid gap-5 sm:grid-cols-3">
          {(['saving', 'speed', 'schools'] as const).map((k) => (
            <div key={k} className="flex flex-col-reverse rounded-2xl border border-slate-200 p-6 text-center shadow-sm">
              <dt className="mt-2 text-slate-600">{t(`home.hero2.stats.${k}.label`)}</dt>
              <dd className="text-4xl font-extrabold text-navy">{t(`home.hero2.stats.${k}.value`)}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-10 flex justify-center">
          <Link to="/foreign-exchange" className="inline-flex h-12 items-center gap-2 rounded-lg bg-navy px-6 font-semibold text-white hover:bg-navy-light">
            {t('home.hero2.cta')}
            {icons.arrowRight}
          </Link>
        </div>
      </div>
    </section>
  );
}

function WhyDifferent() {
  const { t } = useTranslation('marketing');
  const features: Feature[] = [
    { key: 'transparentFx', icon: icons.eye },
    { key: 'startAnywhere', icon: icons.globe },
    { key: 'trust', icon: icons.shield },
    { key: 'bestRates', icon: icons.trendDown },
  ].map((f) => ({ ...f, title: t(`home.why.cards.${f.key}.title`), body: t(`home.why.cards.${f.key}.body`) }));
  return (
    <section aria-labelledby="why-different" data-reveal className={`${revealClass} bg-slate-50 px-4 py-20`}>
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="why-different" title={t('home.why.title')} lead={t('home.why.lead')} />
        <FeatureGrid features={features} columns={4} />
      </div>
    </section>
  );
}

function Borderless() {
  const { t } = useTranslation('marketing');
  const features: Feature[] = [
    { key: 'methods', icon: icons.wallet },
    { key: 'payIns', icon: icons.pin },
    { key: 'dashboards', icon: icons.chart },
    { key: 'speed', icon: icons.bolt },
    { key: 'quotes', icon: icons.receipt },
  ].map((f) => ({ ...f, title: t(`home.borderless.cards.${f.key}.title`), body: t(`home.borderless.cards.${f.key}.body`) }));
  return (
    <section aria-labelledby="borderless" data-reveal className={`${revealClass} bg-navy px-4 py-20`}>
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="borderless" dark title={t('home.borderless.title')} lead={t('home.borderless.lead')} />
        <FeatureGrid features={features} columns={5} dark />
      </div>
    </section>
  );
}

/** Scholarships leads students to the catalog and to Quick Match (issue 26, item 5). */
function Scholarships() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="home-scholarships" data-reveal className={`${revealClass} bg-slate-50 px-4 py-20`}>
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="home-scholarships" eyebrow={t('home.scholarships.eyebrow')} title={t('home.scholarships.title')} lead={t('home.scholarships.lead')} />
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/signup-stage1" className="inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-navy px-6 font-semibold text-white hover:bg-navy-light">
            {t('home.scholarships.quickMatch')}
            {icons.arrowRight}
          </Link>
          <Link to="/scholarships" className="inline-flex h-12 items-center justify-center rounded-lg border border-navy px-6 font-semibold text-navy hover:bg-white">
            {t('home.scholarships.browse')}
          </Link>
        </div>
      </div>
    </section>
  );
}

function SignUpWithPreview() {
  return <SignUpSection />;
}

// The sections below the first screen, in page order.
const later = [HeroSecondary, PayTuitionAbroad, WhyDifferent, Borderless, Scholarships, FoundersStory, SignUpWithPreview];

/** HomePage is the landing screen at / and /tuition-payments. */
export function HomePage() {
  const { t } = useTranslation('marketing');
  usePageMeta(t('home.meta.title'), t('home.meta.description'));
  const ref = useRef<HTMLElement>(null);
  const shown = useProgressiveMount(later.length);
  useReveal(ref, shown === later.length);
  return (
    <main id="main" ref={ref}>
      <HeroPrimary />
      <UniversityMarquee />
      {later.slice(0, shown).map((Section, i) => (
        <Section key={i} />
      ))}
    </main>
  );
}
