import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { finalStatuses, type Stage, type TransactionStatus } from './get-transaction-status';
import { formatTime } from './format-time';

const failureStatuses = new Set(['expired', 'failed', 'refunded', 'payin_mismatch']);

/** RefundState is what a label needs of a status answer's `refund`: whether the money is back yet. */
type RefundState = { status?: string } | null;

/** hasTime tells a real time from a missing one (null, or Go's zero time). */
function hasTime(at: string | null): at is string {
  if (!at) return false;
  const d = new Date(at);
  return !Number.isNaN(d.getTime()) && d.getUTCFullYear() > 1970;
}

/**
 * useStageLabel names a status for people ('awaiting_payin' depends on Pix or
 * SPEI). A payment that ended refunded while the money is still on its way
 * back (`refund.status` in_progress) is "Refund in progress", never
 * "Refunded" (issue 30: nothing is called refunded before it is).
 */
export function useStageLabel() {
  const { t } = useTranslation('track');
  return (status: string, method: TransactionStatus['method'], refund?: RefundState) => {
    if (status === 'refunded' && refund?.status === 'in_progress') return t('refund.inProgressLabel');
    const key = status === 'awaiting_payin' ? `stages.awaiting_payin_${method === 'spei' ? 'spei' : 'pix'}` : `stages.${status}`;
    return t(key, { defaultValue: status });
  };
}

/**
 * StageList shows each stage of a payment, whether it was reached, and when.
 * A stage is done once the payment moved past it (or ended on it); the last
 * reached stage of a payment still under way is in progress — "Waiting for
 * your Pix payment" is no tick while the payer has not paid (issue 26,
 * item 13). A stage passed without a recorded time says only "Done".
 */
export function StageList({
  stages,
  method,
  labelledBy,
  refund,
}: {
  stages: Stage[];
  method: TransactionStatus['method'];
  /** refund is the status answer's money owed back, which names the refunded stage. */
  refund?: RefundState;
  /** labelledBy is the id of the heading that names the list. */
  labelledBy?: string;
}) {
  const { t } = useTranslation('track');
  const label = useStageLabel();
  const current = stages.reduce((last, s, i) => (s.reached ? i : last), -1);
  return (
    <ol aria-labelledby={labelledBy}>
      {stages.map((stage, i) => {
        const failed = failureStatuses.has(stage.status);
        const isCurrent = i === current;
        const inProgress = isCurrent && stage.reached && !finalStatuses.has(stage.status);
        const done = stage.reached && !inProgress;
        const at = hasTime(stage.at) ? stage.at : null;
        return (
          <li
            key={`${stage.status}-${i}`}
            aria-current={isCurrent ? 'step' : undefined}
            className="relative flex gap-4 pb-6 last:pb-0"
          >
            {i < stages.length - 1 ? (
              <span
                aria-hidden="true"
                className={cn(
                  'absolute left-[0.9rem] top-8 h-[calc(100%-2rem)] w-0.5',
                  stages[i + 1]?.reached ? 'bg-green-600' : 'bg-slate-300',
                )}
              />
            ) : null}
            <span
              aria-hidden="true"
              className={cn(
                'relative flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold',
                failed && stage.reached
                  ? 'border-red-600 bg-red-600 text-white'
                  : inProgress
                    ? 'border-navy bg-white text-navy'
                    : done
                      ? 'border-green-600 bg-green-600 text-white'
                      : 'border-slate-300 bg-white text-slate-500',
              )}
              data-state={failed && stage.reached ? 'failed' : inProgress ? 'in-progress' : done ? 'done' : 'pending'}
            >
              {failed && stage.reached ? '!' : done ? '✓' : i + 1}
            </span>
            <div className="min-w-0 pt-1">
              <p className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold', stage.reached ? 'text-ink' : 'text-slate-600')}>
                <span>{label(stage.status, method, refund)}</span>
                {isCurrent ? (
                  <span className="rounded-full bg-navy px-2 py-0.5 text-xs font-semibold text-white">
                    {t('stageCurrent')}
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-slate-600">
                {inProgress ? (
                  <>
                    {t('stageInProgress')}
                    {at ? (
                      <>
                        {' · '}
                        <span className="sr-only">{t('stageSince')} </span>
                        <time dateTime={at}>{formatTime(at)}</time>
                      </>
                    ) : null}
                  </>
                ) : done && at ? (
                  <>
                    <span className="sr-only">{t('stageReached')}: </span>
                    <time dateTime={at}>{formatTime(at)}</time>
                  </>
                ) : done ? (
                  t('stageReached')
                ) : (
                  t('stagePending')
                )}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
