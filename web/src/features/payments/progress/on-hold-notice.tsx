import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** OnHoldNotice tells the payer an operator is reviewing the payment (`on_hold` of the status answers); nothing when it is not held. */
export function OnHoldNotice({ onHold, className }: { onHold?: boolean; className?: string }) {
  const { t } = useTranslation('track');
  if (!onHold) return null;
  return (
    <p role="status" className={cn('rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900', className)}>
      {t('underReview')}
    </p>
  );
}
