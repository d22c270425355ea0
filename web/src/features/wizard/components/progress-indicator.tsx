import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { Step } from '../lib/state';

/** CIRCLES: the indicator shows 7 circles for the 9 steps (steps 7 to 9 share the last). */
export const CIRCLES = 7;
export const TOTAL_STEPS = 9;

/** circleOf maps a step to its circle (1-7). */
export function circleOf(step: Step): number {
  return Math.min(step, CIRCLES);
}

/** ProgressIndicator shows where the payer is: 7 circles and "Step N of 9". */
export function ProgressIndicator({ step }: { step: Step }) {
  const { t } = useTranslation('wizard');
  const current = circleOf(step);
  return (
    <div className="mb-6">
      <ol className="flex items-center" aria-hidden="true">
        {Array.from({ length: CIRCLES }, (_, i) => i + 1).map((n) => (
          <li key={n} className={cn('flex items-center', n < CIRCLES && 'flex-1')}>
            <span
              data-testid={`progress-circle-${n}`}
              data-state={n < current ? 'done' : n === current ? 'current' : 'todo'}
              className={cn(
                'flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold sm:h-9 sm:w-9',
                n < current && 'border-navy bg-navy text-white',
                n === current && 'border-navy bg-brand text-navy',
                n > current && 'border-slate-300 bg-white text-slate-600',
              )}
            >
              {n < current ? '✓' : n}
            </span>
            {n < CIRCLES ? <span className={cn('mx-1 h-0.5 flex-1', n < current ? 'bg-navy' : 'bg-slate-300')} /> : null}
          </li>
        ))}
      </ol>
      <p className="mt-3 text-sm font-medium text-slate-700">{t('progress.stepOf', { step, total: TOTAL_STEPS })}</p>
    </div>
  );
}
