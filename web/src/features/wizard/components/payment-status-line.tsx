import { useTranslation } from 'react-i18next';
import type { Progress } from '@/features/payments/progress/payment-progress';
import { Spinner } from '@/features/payments/components/spinner';

/** PaymentStatusLine says what the wizard is waiting for (a polite live region). */
export function PaymentStatusLine({ progress, method }: { progress: Progress; method: 'pix' | 'spei' }) {
  const { t } = useTranslation('wizard');
  const received = progress === 'payment_received' || progress === 'offramp_created' || progress === 'completed';
  return (
    <div role="status" aria-live="polite" className="mt-6 flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4">
      {progress === 'failed' ? (
        <p className="font-semibold text-red-800">{t('pay.statusFailed')}</p>
      ) : received ? (
        <>
          <span aria-hidden="true" className="flex h-6 w-6 items-center justify-center rounded-full bg-green-600 text-white">
            ✓
          </span>
          <p className="font-semibold text-green-800">{t('pay.statusReceived')}</p>
        </>
      ) : (
        <>
          <Spinner className="text-blue-700" />
          <p className="font-medium text-ink">{progress === 'processing' ? t('pay.statusProcessing') : t(`pay.statusWaiting.${method}`)}</p>
        </>
      )}
    </div>
  );
}
