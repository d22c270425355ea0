import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { Step } from '../lib/state';

/** CIRCLES: the spec's 7 circles, one per step this payer goes through. */
export const CIRCLES = 7;

/**
 * pathOf is the steps a payer actually goes through, one per circle: a
 * bank transfer skips step 3 (school details); a mailed check has it, so
 * its last circle holds steps 7 and 8. Step 9 (referrals) shares the last.
 */
export function pathOf(check: boolean): Step[] {
  return check ? [1, 2, 3, 4, 5, 6, 7] : [1, 2, 4, 5, 6, 7, 8];
}

/** circleOf maps a step to its circle (1-7); the counter says the same number. */
export function circleOf(step: Step, check: boolean): number {
  const i = pathOf(check).indexOf(step);
  return i >= 0 ? i + 1 : CIRCLES;
}

/** ProgressIndicator shows where the payer is: 7 circles and "Step N of 7", telling one story. */
export function ProgressIndicator({ step, check }: { step: Step; check: boolean }) {
  const { t } = useTranslation('wizard');
  const current = circleOf(step, check);
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
      <p className="mt-3 text-sm font-medium text-slate-700">{t('progress.stepOf', { step: current, total: CIRCLES })}</p>
    </div>
  );
}
