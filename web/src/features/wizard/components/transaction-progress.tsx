import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { Progress } from '@/features/payments/progress/payment-progress';

export type StageState = 'pending' | 'active' | 'done' | 'failed';

/** stagesOf derives the three stages (pay-in, off-ramp, delivery) from the payment's progress. */
export function stagesOf(progress: Progress): [StageState, StageState, StageState] {
  switch (progress) {
    case 'waiting':
      return ['active', 'pending', 'pending'];
    case 'processing':
      return ['active', 'pending', 'pending'];
    case 'payment_received':
    case 'offramp_created':
      return ['done', 'active', 'pending'];
    case 'completed':
      return ['done', 'done', 'done'];
    case 'failed':
    case 'expired':
      return ['failed', 'pending', 'pending'];
    default:
      return ['pending', 'pending', 'pending'];
  }
}

/**
 * TransactionProgress lists the stages: a stage in progress pulses blue, a
 * completed one turns green.
 */
export function TransactionProgress({ labels, progress }: { labels: [string, string, string]; progress: Progress }) {
  const { t } = useTranslation('wizard');
  const states = stagesOf(progress);
  return (
    <section aria-labelledby="transaction-progress-heading" className="mt-6">
      <h3 id="transaction-progress-heading" className="text-lg font-semibold text-ink">
        {t('pay.progressHeading')}
      </h3>
      <ol className="mt-3 space-y-3">
        {labels.map((label, i) => {
          const st = states[i] ?? 'pending';
          return (
            <li key={label} data-stage-state={st} className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className={cn(
                  'flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white',
                  st === 'done' && 'bg-green-600',
                  st === 'active' && 'animate-pulse bg-blue-600',
                  st === 'pending' && 'bg-slate-300 text-slate-700',
                  st === 'failed' && 'bg-red-600',
                )}
              >
                {st === 'done' ? '✓' : st === 'failed' ? '!' : i + 1}
              </span>
              <span className="flex-1 font-medium text-ink">{label}</span>
              <span
                className={cn(
                  'text-sm font-semibold',
                  st === 'done' && 'text-green-800',
                  st === 'active' && 'text-blue-800',
                  st === 'pending' && 'text-slate-600',
                  st === 'failed' && 'text-red-800',
                )}
              >
                {t(`pay.stageState.${st}`)}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
