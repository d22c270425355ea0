import { formatDateTime, formatRate } from '@/lib/money';
import { showMoney } from '@/features/payments/lib/format';
import type { WizardController } from '../hooks/use-wizard';
import { SummarySection } from '@/features/payments/components/summary-list';
import { TransactionId, type TransactionIdView } from './transaction-id';

function formatWhen(iso: string | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return formatDateTime(d, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** PaymentSummaryView: what PaymentSummary reads of the wizard's controller. */
export type PaymentSummaryView = Pick<WizardController, 'config' | 'state' | 't'> & TransactionIdView;

/** PaymentSummary is the summary of steps 7 and 8: amounts, ids, student, school, status. */
export function PaymentSummary({ w }: { w: PaymentSummaryView }) {
  const { t, state, config } = w;
  const p = state.payment;
  if (!p) return null;
  const check = state.form.deliveryMethod === 'check-to-school';
  const none = t('summary.notAvailable');
  const status = state.lastStatus?.status;
  return (
    <SummarySection
      id="payment-summary-heading"
      heading={t('summary.heading')}
      rows={[
        { label: t('summary.amountReceived'), value: showMoney(p.amount_local, config.currency), strong: true },
        { label: t('summary.transactionId'), value: <TransactionId w={w} id={p.transaction_id} /> },
        { label: t('summary.usdAmount'), value: showMoney(p.amount_usd, 'USD') },
        { label: t('summary.rate'), value: t('pay.rateValue', { rate: formatRate(p.effective_rate), currency: config.currency }) },
        check && {
          label: t('summary.student'),
          value: t('authorization.studentValue', { name: state.form.studentFullName.trim(), id: state.form.studentId.trim() }),
        },
        check && { label: t('summary.school'), value: state.form.schoolName.trim() },
        { label: t('summary.status'), value: status ? t(`status.${status}`, { defaultValue: status }) : none },
        { label: t('summary.lastUpdate'), value: formatWhen(state.lastStatus?.updated_at) ?? none },
      ]}
    />
  );
}
