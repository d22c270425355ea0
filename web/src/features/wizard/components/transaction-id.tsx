import { Button } from '@/components/ui/button';
import type { WizardController } from '../hooks/use-wizard';

/** TransactionIdView: what TransactionId reads of the wizard's controller. */
export type TransactionIdView = Pick<WizardController, 'copy' | 't'>;

/**
 * TransactionId shows a payment's id on one line (it scrolls rather than
 * leaving a lone character on the next line at 360 px) with a Copy button.
 */
export function TransactionId({ w, id }: { w: TransactionIdView; id: string }) {
  const { t } = w;
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-2">
      <code data-testid="transaction-id" className="max-w-full overflow-x-auto whitespace-nowrap font-mono text-sm">
        {id}
      </code>
      <Button
        variant="outline"
        size="sm"
        aria-label={t('summary.copyTransactionId')}
        onClick={() => void w.copy(id, t('toasts.copied'), t('toasts.copiedTransactionId'))}
      >
        {t('summary.copy')}
      </Button>
    </span>
  );
}
