import { useTranslation } from 'react-i18next';
import { useStageLabel } from '@/features/payments/progress/stage-list';
import { badgeFor } from '../lib/status';

/** StatusBadge shows a payment's group in colour and its exact state in words. */
export function StatusBadge({
  group,
  state,
  method,
  refund,
}: {
  group: string;
  state: string;
  method: 'pix' | 'spei';
  /** refund, where the answer has one, says whether a refunded payment's money is back yet. */
  refund?: { status?: string } | null;
}) {
  const { t } = useTranslation('dashboard');
  const stage = useStageLabel();
  const badge = badgeFor(group);
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${badge.className}`} data-status-group={badge.group}>
        {t(badge.labelKey)}
      </span>
      <span className="text-xs text-slate-700">{stage(state, method, refund)}</span>
    </span>
  );
}
