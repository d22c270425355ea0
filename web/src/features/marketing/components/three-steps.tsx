import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** ThreeSteps: start, pay in local currency, receive USD. */
export function ThreeSteps({ dark, headingLevel = 3 }: { dark?: boolean; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('marketing');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ol className="grid gap-5 md:grid-cols-3">
      {(['start', 'pay', 'receive'] as const).map((step, i) => (
        <li key={step} className={cn('rounded-2xl p-6', dark ? 'bg-white/5 ring-1 ring-white/10' : 'border border-slate-200 bg-white shadow-sm')}>
          <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-brand text-lg font-extrabold text-navy">
            {i + 1}
          </span>
          <Heading className={cn('mt-4 text-lg font-bold', dark ? 'text-white' : 'text-ink')}>
            <span className="sr-only">{t('steps.stepNumber', { n: i + 1 })} </span>
            {t(`steps.${step}.title`)}
          </Heading>
          <p className={cn('mt-2 leading-relaxed', dark ? 'text-slate-300' : 'text-slate-600')}>{t(`steps.${step}.body`)}</p>
        </li>
      ))}
    </ol>
  );
}
