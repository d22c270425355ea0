import { useTranslation } from 'react-i18next';
import type { components } from '@contract/api-types';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/cn';
import { formatTime } from './format-time';

export type PayerRefund = NonNullable<components['schemas']['PayerRefund']>;

/**
 * RefundNotice tells the payer about money owed back to them (`refund` of the status answers): in progress
 * until an operator records that the partner returned it, then returned, with the amount and the day; nothing
 * when there is none.
 */
export function RefundNotice({ refund, className }: { refund?: PayerRefund | null; className?: string }) {
  const { t } = useTranslation('track');
  if (!refund) return null;
  const amount = formatMoney(refund.amount, refund.currency);
  const returned = refund.status === 'returned';
  return (
    <p
      role="status"
      className={cn(
        'rounded-lg border p-3',
        returned ? 'border-green-300 bg-green-50 text-green-900' : 'border-amber-300 bg-amber-50 text-amber-900',
        className,
      )}
    >
      {returned
        ? t('refund.returned', { amount, date: refund.returned_at ? formatTime(refund.returned_at) : '' })
        : t('refund.inProgress', { amount })}
    </p>
  );
}
