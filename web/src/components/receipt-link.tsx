import { useTranslation } from 'react-i18next';

/** ReceiptLink downloads a completed payment's PDF receipt (owner only). */
export function ReceiptLink({ transactionId, className }: { transactionId: string; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <a
      href={`/api/payments/${encodeURIComponent(transactionId)}/receipt`}
      download={`crebit-receipt-${transactionId}.pdf`}
      className={className ?? 'inline-block font-semibold text-blue-800 underline underline-offset-2 hover:text-blue-950'}
    >
      {t('receipt.download')}
    </a>
  );
}
