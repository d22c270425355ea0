import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** ProgressDots shows the sign-up's four steps, the current one filled. */
export function ProgressDots({ step }: { step: number }) {
  const { t } = useTranslation('account');
  return (
    <ol className="mb-6 flex items-center justify-center gap-3" aria-label={t('signup.subtitle', { step })}>
      {[1, 2, 3, 4].map((n) => (
        <li key={n} aria-current={n === step ? 'step' : undefined} title={t(`signup.steps.${n}`)}
          className={cn('h-3 w-3 rounded-full', n <= step ? 'bg-blue-700' : 'bg-slate-300')}>
          <span className="sr-only">{t(`signup.steps.${n}`)}</span>
        </li>
      ))}
    </ol>
  );
}
